/**
 * Staff money operations over HTTP against the built server: order search,
 * cash confirmation, refunds to the wallet (ownership and downloads gone,
 * order still PAID, idempotent), unmatched transfers assigned to an order or
 * credited to a wallet, and wallet adjustments. Every change must write its
 * audit row, and the money invariants must hold after every test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessCookie, checkout, exchange, getOrder, sellable, tokenOf } from '../helpers/checkout';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, creditWallet } from '../helpers/money';
import { payReference, postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;

beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000', DOWNLOAD_TOKEN_RATE_LIMIT: '1000' } });
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});
afterAll(async () => {
	await server?.stop();
});

const asStaff = (path: string, init: { method?: string; json?: unknown } = {}, who: TestUser = staff) =>
	request(base, path, { ...init, headers: { origin: base, cookie: who.cookie } });

const REASON = 'Khách báo tệp bị lỗi, đã kiểm tra';

async function auditRows(targetId: string) {
	return sql<{ action: string; actor_user_id: string | null; summary: any }>(
		base,
		'SELECT action, actor_user_id, summary FROM audit_log WHERE target_id = $1 ORDER BY created_at, id',
		[targetId]
	);
}

const ledger = (userId: string) =>
	sql<{ entry_type: string; direction: string; pocket: string; amount: string; ref_type: string | null; ref_id: string | null }>(
		base,
		'SELECT entry_type, direction, pocket, amount::text AS amount, ref_type, ref_id FROM wallet_ledger WHERE user_id = $1 ORDER BY id',
		[userId]
	);

/** A buyer with a paid qr_direct order of a fresh product. */
async function paidOrder(priceVnd = '45000') {
	const buyer = await createUser(base);
	const product = await sellable(base, { priceVnd });
	const created = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer });
	expect(created.status, created.text).toBe(200);
	await payReference(base, created.body.data.paymentRef, priceVnd);
	const order = (await getOrder(base, created.body.data.id, buyer.cookie)).body.data;
	expect(order.status).toBe('PAID');
	return { buyer, product, order };
}

/** A transfer whose content names no order: kept for staff with needs_review. */
async function strayTransfer(amountVnd: number) {
	const res = await postBankTransfer(base, 'x', amountVnd, { content: `CK mua tai lieu ${randomUUID().slice(0, 8)}` });
	expect(res.status, res.text).toBe(200);
	expect(res.body.status).toBe('unmatched');
	return res.body.transferId as string;
}

describe('GET /api/v1/admin/orders', () => {
	it('finds an order by its id, its payment reference, the buyer email and the bank reference of its transfer', async () => {
		const { buyer, order } = await paidOrder();
		const [transfer] = await sql<{ bank_reference: string; provider_txn_id: string }>(
			base,
			'SELECT bank_reference, provider_txn_id FROM bank_transfers WHERE intent_id = (SELECT payment_intent_id FROM orders WHERE id = $1)',
			[order.id]
		);
		const keys = [order.id, order.paymentRef, order.paymentRef.toLowerCase(), buyer.email.toUpperCase(), buyer.email.split('@')[0]!, transfer!.bank_reference, transfer!.provider_txn_id];
		for (const q of keys) {
			const res = await asStaff(`/api/v1/admin/orders?q=${encodeURIComponent(q)}`);
			expect(res.status, res.text).toBe(200);
			expect(res.body.data.map((o: any) => o.id), `q=${q}`).toEqual([order.id]);
		}
		expect(res0(await asStaff(`/api/v1/admin/orders?q=${encodeURIComponent(order.paymentRef)}`))).toMatchObject({
			id: order.id,
			status: 'PAID',
			paymentMethod: 'qr_direct',
			amountVnd: '45000',
			buyerId: buyer.userId,
			buyerEmail: buyer.email,
			productTitle: 'Giáo án Toán lớp 1',
			refundedAt: null
		});
		expect((await asStaff(`/api/v1/admin/orders?q=${randomUUID()}`)).body.data).toEqual([]);
		// Wildcards typed by staff are literal.
		expect((await asStaff('/api/v1/admin/orders?q=%25')).body.data).toEqual([]);
	});

	it('finds a guest order by the guest email, pages newest first, and is for staff only', async () => {
		const tag = randomUUID().slice(0, 8);
		const ids: string[] = [];
		for (let i = 0; i < 3; i++) {
			const product = await sellable(base);
			const res = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', guest: { email: `khach-${tag}@truong.edu.vn` }, consent: true });
			expect(res.status, res.text).toBe(200);
			ids.push(res.body.data.id);
			await advanceClock(base, 1000);
		}
		const first = await asStaff(`/api/v1/admin/orders?q=khach-${tag}&pageSize=2`);
		expect(first.body.data.map((o: any) => o.id)).toEqual([ids[2], ids[1]]);
		expect(first.body.data[0]).toMatchObject({ buyerId: null, buyerEmail: `khach-${tag}@truong.edu.vn`, status: 'PENDING' });
		const second = await asStaff(`/api/v1/admin/orders?q=khach-${tag}&pageSize=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
		expect(second.body.data.map((o: any) => o.id)).toEqual([ids[0]]);
		expect(second.body.hasMore).toBe(false);

		const buyer = await createUser(base);
		expect((await request(base, '/api/v1/admin/orders')).status).toBe(401);
		expect((await request(base, '/api/v1/admin/orders', { headers: { cookie: buyer.cookie } })).status).toBe(403);
		expect((await asStaff(`/api/v1/admin/orders/${randomUUID()}`)).status).toBe(404);
	});
});

const res0 = (res: { body: any }) => res.body.data[0];

describe('POST /api/v1/admin/orders/{id}/confirm-cash', () => {
	it('pays a pending cash order (the buyer owns the product) and audits it; a second confirmation is refused', async () => {
		const buyer = await createUser(base);
		const product = await sellable(base, { priceVnd: '60000' });
		const order = (await checkout(base, { productId: product.id, paymentMethod: 'cash_manual' }, { user: buyer })).body.data;
		const res = await asStaff(`/api/v1/admin/orders/${order.id}/confirm-cash`, { method: 'POST', json: {} });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({ id: order.id, status: 'PAID', buyerOwnsProduct: true, refund: null });
		expect((await getOrder(base, order.id, buyer.cookie)).body.data.status).toBe('PAID');
		const rows = await auditRows(order.id);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			action: 'order.confirm_cash',
			actor_user_id: staff.userId,
			summary: { before: { status: 'PENDING' }, after: { status: 'PAID' }, amountVnd: '60000', paymentRef: order.paymentRef, via: 'admin' }
		});

		const again = await asStaff(`/api/v1/admin/orders/${order.id}/confirm-cash`, { method: 'POST', json: {} });
		expect(again.status).toBe(422);
		expect(again.body.error.code).toBe('state_violation');
		expect(await auditRows(order.id)).toHaveLength(1);

		const { order: qr } = await paidOrder();
		const notCash = await asStaff(`/api/v1/admin/orders/${qr.id}/confirm-cash`, { method: 'POST', json: {} });
		expect(notCash.status).toBe(422);
		expect(notCash.body.error.message).toMatch(/không phải tiền mặt/);
	});
});

describe('POST /api/v1/admin/orders/{id}/refund', () => {
	it('credits the buyer\'s main pocket with a REFUND, revokes ownership and every download, keeps the order PAID, and answers a repeat the same way', async () => {
		const { buyer, product, order } = await paidOrder('45000');
		const issuedToken = tokenOf(order.downloadUrl);
		expect((await exchange(base, issuedToken)).status).toBe(200);
		const grant = await sql(base, 'SELECT 1 FROM product_ownerships WHERE user_id = $1 AND product_id = $2', [buyer.userId, product.id]);
		expect(grant).toHaveLength(1);

		const res = await asStaff(`/api/v1/admin/orders/${order.id}/refund`, { method: 'POST', json: { reason: REASON } });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({
			id: order.id,
			status: 'PAID',
			buyerOwnsProduct: false,
			refund: { amountVnd: '45000', reason: REASON, refundedBy: staff.userId, refundedByEmail: staff.email }
		});
		expect(res.body.data.refundedAt).toBe(res.body.data.refund.createdAt);

		expect(await balanceOf(base, buyer)).toEqual({ main: '45000', bonus: '0', total: '45000' });
		expect(await ledger(buyer.userId)).toEqual([{ entry_type: 'REFUND', direction: 'CREDIT', pocket: 'main', amount: '45000', ref_type: 'order', ref_id: order.id }]);
		const wallet = await request(base, '/api/v1/wallet/ledger', { headers: { cookie: buyer.cookie } });
		expect(wallet.body.data[0]).toMatchObject({ entryType: 'REFUND', amount: '45000', refType: 'order', refId: order.id });

		// Ownership gone; the already-issued token and a fresh read both refuse; the order is still PAID.
		expect(await sql(base, 'SELECT 1 FROM product_ownerships WHERE user_id = $1 AND product_id = $2', [buyer.userId, product.id])).toEqual([]);
		const refused = await exchange(base, issuedToken);
		expect(refused.status).toBe(403);
		expect(refused.body.error.code).toBe('forbidden');
		const polled = await getOrder(base, order.id, buyer.cookie);
		expect(polled.body.data).toMatchObject({ status: 'PAID', downloadUrl: null, refundedAt: res.body.data.refundedAt });

		// Twice: the same answer, no second credit, no second audit row.
		const again = await asStaff(`/api/v1/admin/orders/${order.id}/refund`, { method: 'POST', json: { reason: 'Bấm nhầm lần hai, không sao' } });
		expect(again.status).toBe(200);
		expect(again.body.data).toEqual(res.body.data);
		expect(await balanceOf(base, buyer)).toEqual({ main: '45000', bonus: '0', total: '45000' });
		expect(await ledger(buyer.userId)).toHaveLength(1);
		const rows = await auditRows(order.id);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			action: 'order.refund',
			actor_user_id: staff.userId,
			summary: { before: { refunded: false, buyerOwnsProduct: true }, after: { refunded: true, buyerOwnsProduct: false }, amountVnd: '45000', reason: REASON }
		});
		// The buyer may buy it again: the product is no longer theirs.
		const rebuy = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer });
		expect(rebuy.status, rebuy.text).toBe(200);
		expect(rebuy.body.data.status).toBe('PAID');
	});

	it('refuses a missing reason, a pending order, a guest order, and non-staff', async () => {
		const { order } = await paidOrder();
		for (const json of [{}, { reason: 'ngắn' }]) {
			const res = await asStaff(`/api/v1/admin/orders/${order.id}/refund`, { method: 'POST', json });
			expect(res.status).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
		}
		const buyer = await createUser(base);
		const pending = (await checkout(base, { productId: (await sellable(base)).id, paymentMethod: 'qr_direct' }, { user: buyer })).body.data;
		const notPaid = await asStaff(`/api/v1/admin/orders/${pending.id}/refund`, { method: 'POST', json: { reason: REASON } });
		expect(notPaid.status).toBe(422);
		expect(notPaid.body.error.code).toBe('state_violation');

		const guest = await checkout(base, { productId: (await sellable(base)).id, paymentMethod: 'qr_direct', guest: { email: 'khach.le@truong.edu.vn' }, consent: true });
		await payReference(base, guest.body.data.paymentRef, guest.body.data.amountVnd);
		expect((await getOrder(base, guest.body.data.id, accessCookie(guest))).body.data.status).toBe('PAID');
		const guestRefund = await asStaff(`/api/v1/admin/orders/${guest.body.data.id}/refund`, { method: 'POST', json: { reason: REASON } });
		expect(guestRefund.status).toBe(409);
		expect(guestRefund.body.error.code).toBe('conflict');
		expect(guestRefund.body.error.message).toMatch(/không có tài khoản/);

		const nobody = await request(base, `/api/v1/admin/orders/${order.id}/refund`, { method: 'POST', json: { reason: REASON }, headers: { origin: base, cookie: buyer.cookie } });
		expect(nobody.status).toBe(403);
		expect(await sql(base, 'SELECT 1 FROM order_refunds WHERE order_id IN ($1, $2, $3)', [order.id, pending.id, guest.body.data.id])).toEqual([]);
		expect(await auditRows(order.id)).toEqual([]);
	});

	it('two staff refunding the same order at once credit it once', async () => {
		const second = await createUser(base, { role: 'staff' });
		const { buyer, order } = await paidOrder('30000');
		const results = await Promise.all([staff, second, staff, second].map((who) => asStaff(`/api/v1/admin/orders/${order.id}/refund`, { method: 'POST', json: { reason: REASON } }, who)));
		expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
		expect(new Set(results.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
		expect(await balanceOf(base, buyer)).toEqual({ main: '30000', bonus: '0', total: '30000' });
		expect(await auditRows(order.id)).toHaveLength(1);
	});
});

describe('unmatched bank transfers', () => {
	it('lists a stray transfer and assigns it to a pending order: paid once through the webhook\'s path, the excess refunded, audited', async () => {
		const transferId = await strayTransfer(50000);
		const list = await asStaff('/api/v1/admin/transfers/unmatched');
		expect(list.status, list.text).toBe(200);
		expect(list.body.data.find((t: any) => t.id === transferId)).toMatchObject({ amountVnd: '50000', matchStatus: 'unmatched' });

		const buyer = await createUser(base);
		const product = await sellable(base, { priceVnd: '45000' });
		const order = (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer })).body.data;
		const noReason = await asStaff(`/api/v1/admin/transfers/${transferId}/assign`, { method: 'POST', json: { orderId: order.id } });
		expect(noReason.status).toBe(400);

		const res = await asStaff(`/api/v1/admin/transfers/${transferId}/assign`, { method: 'POST', json: { orderId: order.id, reason: 'Khách quên ghi mã đơn khi chuyển' } });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({ transferId, outcome: 'assigned', orderId: order.id, userId: buyer.userId, creditedVnd: '5000' });
		const paid = (await getOrder(base, order.id, buyer.cookie)).body.data;
		expect(paid.status).toBe('PAID');
		expect(paid.downloadUrl).toMatch(/\/tai-ve\?token=/);
		expect(await ledger(buyer.userId)).toEqual([{ entry_type: 'REFUND', direction: 'CREDIT', pocket: 'main', amount: '5000', ref_type: 'bank_transfer', ref_id: transferId }]);
		expect(await sql(base, 'SELECT needs_review, match_status, credited_vnd::text AS c FROM bank_transfers WHERE id = $1', [transferId])).toEqual([
			{ needs_review: false, match_status: 'overpaid', c: '5000' }
		]);
		expect((await asStaff('/api/v1/admin/transfers/unmatched')).body.data.some((t: any) => t.id === transferId)).toBe(false);
		const rows = await auditRows(transferId);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ action: 'transfer.assign', actor_user_id: staff.userId, summary: { orderId: order.id, amountVnd: '50000', excessCreditedVnd: '5000' } });

		// Once only: neither a second assignment nor a credit moves it again.
		const again = await asStaff(`/api/v1/admin/transfers/${transferId}/credit`, { method: 'POST', json: { userId: buyer.userId, reason: 'Thử cộng lần nữa' } });
		expect(again.status).toBe(409);
		expect(again.body.error.code).toBe('conflict');
		expect(await balanceOf(base, buyer)).toEqual({ main: '5000', bonus: '0', total: '5000' });
	});

	it('refuses an underpaying transfer and an already paid order; pays an expired order that held nothing', async () => {
		const small = await strayTransfer(10000);
		const { order: paidOne } = await paidOrder('20000');
		const alreadyPaid = await asStaff(`/api/v1/admin/transfers/${small}/assign`, { method: 'POST', json: { orderId: paidOne.id, reason: 'Gán thử vào đơn đã trả' } });
		expect(alreadyPaid.status).toBe(409);

		const buyer = await createUser(base);
		const order = (await checkout(base, { productId: (await sellable(base, { priceVnd: '20000' })).id, paymentMethod: 'qr_direct' }, { user: buyer })).body.data;
		const under = await asStaff(`/api/v1/admin/transfers/${small}/assign`, { method: 'POST', json: { orderId: order.id, reason: 'Khách chuyển thiếu tiền' } });
		expect(under.status).toBe(422);
		expect(under.body.error.details.reason).toBe('underpaid');

		await advanceClock(base, 16 * 60_000);
		expect((await getOrder(base, order.id, buyer.cookie)).body.data.status).toBe('EXPIRED');
		const enough = await strayTransfer(20000);
		const res = await asStaff(`/api/v1/admin/transfers/${enough}/assign`, { method: 'POST', json: { orderId: order.id, reason: 'Tiền về muộn, khách xác nhận' } });
		expect(res.status, res.text).toBe(200);
		expect((await getOrder(base, order.id, buyer.cookie)).body.data.status).toBe('PAID');
		expect(await ledger(buyer.userId)).toEqual([]);
		expect(await sql(base, 'SELECT status FROM payment_intents WHERE target_id = $1', [order.id])).toEqual([{ status: 'PAID' }]);
	});

	it('credits a stray transfer to a wallet as one TOPUP entry, audited, and only once', async () => {
		const transferId = await strayTransfer(70000);
		const owner = await createUser(base);
		const res = await asStaff(`/api/v1/admin/transfers/${transferId}/credit`, { method: 'POST', json: { userId: owner.userId, reason: 'Khách gọi điện xác nhận giao dịch' } });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({ outcome: 'credited', userId: owner.userId, orderId: null, creditedVnd: '70000' });
		expect(await balanceOf(base, owner)).toEqual({ main: '70000', bonus: '0', total: '70000' });
		expect(await ledger(owner.userId)).toEqual([{ entry_type: 'TOPUP', direction: 'CREDIT', pocket: 'main', amount: '70000', ref_type: 'bank_transfer', ref_id: transferId }]);
		const again = await asStaff(`/api/v1/admin/transfers/${transferId}/credit`, { method: 'POST', json: { userId: owner.userId, reason: 'Khách gọi điện xác nhận giao dịch' } });
		expect(again.status).toBe(409);
		expect(await balanceOf(base, owner)).toEqual({ main: '70000', bonus: '0', total: '70000' });
		const rows = await auditRows(transferId);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ action: 'transfer.credit', actor_user_id: staff.userId, summary: { userId: owner.userId, after: { needsReview: false, creditedVnd: '70000' } } });
		expect((await asStaff(`/api/v1/admin/transfers/${randomUUID()}/credit`, { method: 'POST', json: { userId: owner.userId, reason: 'Không có giao dịch này' } })).status).toBe(404);
	});
});

describe('POST /api/v1/admin/users/{id}/wallet-adjustments', () => {
	it('credits and debits with a reason as ADJUSTMENT entries audited with before/after; never below zero; no reason, no change', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '10000', 'bonus');
		const path = `/api/v1/admin/users/${user.userId}/wallet-adjustments`;
		const add = await asStaff(path, { method: 'POST', json: { direction: 'credit', pocket: 'main', amountVnd: '25000', reason: 'Bồi thường sự cố tải tệp' } });
		expect(add.status, add.text).toBe(200);
		expect(add.body.data).toMatchObject({
			direction: 'credit',
			pocket: 'main',
			amountVnd: '25000',
			before: { main: '0', bonus: '10000', total: '10000' },
			after: { main: '25000', bonus: '10000', total: '35000' }
		});
		const take = await asStaff(path, { method: 'POST', json: { direction: 'debit', pocket: 'bonus', amountVnd: '4000', reason: 'Thu hồi khuyến mãi cấp nhầm' } });
		expect(take.status, take.text).toBe(200);
		expect(take.body.data.after).toEqual({ main: '25000', bonus: '6000', total: '31000' });

		const tooMuch = await asStaff(path, { method: 'POST', json: { direction: 'debit', pocket: 'bonus', amountVnd: '6001', reason: 'Thu hồi khuyến mãi cấp nhầm' } });
		expect(tooMuch.status).toBe(409);
		expect(tooMuch.body.error.code).toBe('conflict');
		for (const json of [
			{ direction: 'credit', amountVnd: '1000' },
			{ direction: 'credit', amountVnd: '1000', reason: '   ' },
			{ direction: 'credit', amountVnd: '0', reason: 'Bồi thường sự cố tải tệp' },
			{ direction: 'credit', amountVnd: '1.5', reason: 'Bồi thường sự cố tải tệp' }
		]) {
			const res = await asStaff(path, { method: 'POST', json });
			expect(res.status, JSON.stringify(json)).toBe(400);
		}
		expect(await balanceOf(base, user)).toEqual({ main: '25000', bonus: '6000', total: '31000' });
		const entries = (await ledger(user.userId)).filter((e) => e.ref_type === 'admin_adjustment');
		expect(entries.map((e) => [e.entry_type, e.direction, e.pocket, e.amount])).toEqual([
			['ADJUSTMENT', 'CREDIT', 'main', '25000'],
			['ADJUSTMENT', 'DEBIT', 'bonus', '4000']
		]);
		const rows = (await auditRows(user.userId)).filter((r) => r.action === 'wallet.adjust');
		expect(rows).toHaveLength(2);
		// Two rows may share a millisecond, so pick the debit by content rather than by position.
		expect(rows.find((r) => r.summary.direction === 'debit')).toMatchObject({
			actor_user_id: staff.userId,
			summary: { before: { bonus: '10000' }, after: { bonus: '6000' }, direction: 'debit', pocket: 'bonus', amountVnd: '4000', reason: 'Thu hồi khuyến mãi cấp nhầm' }
		});
		expect((await asStaff(`/api/v1/admin/users/${randomUUID()}/wallet-adjustments`, { method: 'POST', json: { direction: 'credit', amountVnd: '1000', reason: 'Bồi thường sự cố tải tệp' } })).status).toBe(404);
	});
});

describe('console pages /quan-tri/don-hang, /quan-tri/chuyen-khoan and the wallet form', () => {
	const page = (path: string, cookie?: string) => request(base, path, { headers: cookie ? { cookie } : {} });
	function submit(path: string, fields: Record<string, string>, cookie: string) {
		return request(base, path, {
			method: 'POST',
			body: new URLSearchParams(fields).toString(),
			// A browser without JavaScript: the HTML page comes back, with the action's status.
			headers: { cookie, origin: base, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }
		});
	}

	it('are for staff only, pages and form actions alike', async () => {
		const { buyer, order } = await paidOrder();
		for (const path of ['/quan-tri/don-hang', `/quan-tri/don-hang/${order.id}`, '/quan-tri/chuyen-khoan']) {
			const anonymous = await page(path);
			expect(anonymous.status, path).toBe(303);
			expect(anonymous.headers.get('location')).toBe(`/dang-nhap?returnTo=${encodeURIComponent(path)}`);
			expect((await page(path, buyer.cookie)).status, path).toBe(403);
		}
		// Actions run without the layout's guard; the procedures they call refuse on their own.
		const refund = await submit(`/quan-tri/don-hang/${order.id}?/refund`, { reason: REASON, confirm: 'yes' }, buyer.cookie);
		expect(refund.status).toBe(403);
		const adjust = await submit(`/quan-tri/nguoi-dung/${buyer.userId}?/adjustWallet`, { direction: 'credit', pocket: 'main', amountVnd: '99000', reason: REASON }, buyer.cookie);
		expect(adjust.status).toBe(403);
		expect(await sql(base, 'SELECT 1 FROM order_refunds WHERE order_id = $1', [order.id])).toEqual([]);
		expect(await balanceOf(base, buyer)).toEqual({ main: '0', bonus: '0', total: '0' });
	});

	it('refund needs the confirmation box; the wallet form its reason; both then move money once', async () => {
		const { buyer, order } = await paidOrder('45000');
		const list = await page(`/quan-tri/don-hang?q=${order.paymentRef}`, staff.cookie);
		expect(list.status).toBe(200);
		expect(list.text).toContain(`href="/quan-tri/don-hang/${order.id}"`);

		const detailPath = `/quan-tri/don-hang/${order.id}`;
		const unconfirmed = await submit(`${detailPath}?/refund`, { reason: REASON }, staff.cookie);
		expect(unconfirmed.status).toBe(400);
		expect(unconfirmed.text).toContain('Hãy đánh dấu ô xác nhận trước khi hoàn tiền.');
		expect(await balanceOf(base, buyer)).toEqual({ main: '0', bonus: '0', total: '0' });
		const refunded = await submit(`${detailPath}?/refund`, { reason: REASON, confirm: 'yes' }, staff.cookie);
		expect(refunded.status).toBe(200);
		expect(refunded.text).toContain('Đã hoàn tiền vào ví của người mua');
		expect(await balanceOf(base, buyer)).toEqual({ main: '45000', bonus: '0', total: '45000' });

		const userPath = `/quan-tri/nguoi-dung/${buyer.userId}`;
		const noReason = await submit(`${userPath}?/adjustWallet`, { direction: 'debit', pocket: 'main', amountVnd: '5000' }, staff.cookie);
		expect(noReason.status).toBe(400);
		expect(noReason.text).toContain('Vui lòng nhập lý do.');
		const adjusted = await submit(`${userPath}?/adjustWallet`, { direction: 'debit', pocket: 'main', amountVnd: '5000', reason: 'Thu lại phần hoàn thừa' }, staff.cookie);
		expect(adjusted.status).toBe(200);
		expect(adjusted.text).toContain('Đã trừ 5.000');
		expect(await balanceOf(base, buyer)).toEqual({ main: '40000', bonus: '0', total: '40000' });
	});

	it('resolves an unmatched transfer from its list', async () => {
		const transferId = await strayTransfer(15000);
		const owner = await createUser(base);
		const list = await page('/quan-tri/chuyen-khoan', staff.cookie);
		expect(list.status).toBe(200);
		expect(list.text).toContain(`value="${transferId}"`);
		const credited = await submit('/quan-tri/chuyen-khoan?/credit', { id: transferId, account: owner.email, reason: 'Khách xác nhận qua điện thoại' }, staff.cookie);
		expect(credited.status).toBe(200);
		expect(credited.text).toContain(`vào ví của ${owner.email}`);
		expect(credited.text).not.toContain(`value="${transferId}"`);
		const again = await submit('/quan-tri/chuyen-khoan?/credit', { id: transferId, account: owner.email, reason: 'Khách xác nhận qua điện thoại' }, staff.cookie);
		expect(again.status).toBe(409);
		expect(again.text).toMatch(/role="alert"[^>]*>Giao dịch này đã được xử lý/);
		expect(await balanceOf(base, owner)).toEqual({ main: '15000', bonus: '0', total: '15000' });
	});
});
