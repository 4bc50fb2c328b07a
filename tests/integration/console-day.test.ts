/**
 * A busy day in the staff console. Staff resolve an unmatched transfer the way they have the order at hand:
 * its number (DH…), its payment reference (HL…) or the buyer's email (then
 * they pick from that person's open orders), and credit one to a wallet by
 * email — through the console page's form actions, as a browser without
 * JavaScript sends them, and through GET /api/v1/admin/transfers/open-orders;
 * amounts are typed as people write them; the reviewer opens the submitted file.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkout, getOrder, sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf } from '../helpers/money';
import { postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;

beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});
afterAll(async () => {
	await server?.stop();
});

const REASON = 'Khách quên ghi mã đơn khi chuyển khoản';

function submit(path: string, fields: Record<string, string>, cookie = staff.cookie) {
	return request(base, path, {
		method: 'POST',
		body: new URLSearchParams(fields).toString(),
		headers: { cookie, origin: base, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }
	});
}

/** A pending qr_direct order of a fresh product, as the buyer sees it. */
async function pendingOrder(buyer: TestUser, priceVnd = '45000') {
	const product = await sellable(base, { priceVnd });
	const created = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer });
	expect(created.status, created.text).toBe(200);
	return created.body.data as { id: string; orderNumber: string; paymentRef: string; amountVnd: string };
}

/** A transfer whose content names no order: kept for staff. */
async function strayTransfer(amountVnd: number) {
	const res = await postBankTransfer(base, 'x', amountVnd, { content: `CK mua tai lieu ${randomUUID().slice(0, 8)}` });
	expect(res.status, res.text).toBe(200);
	expect(res.body.status).toBe('unmatched');
	return res.body.transferId as string;
}

const statusOf = async (orderId: string, buyer: TestUser) => (await getOrder(base, orderId, buyer.cookie)).body.data.status as string;
const openTransfer = async (id: string) => (await sql(base, 'SELECT 1 FROM bank_transfers WHERE id = $1 AND needs_review', [id])).length === 1;

describe('/quan-tri/chuyen-khoan: assign by what staff have at hand', () => {
	it('pays the order named by its number, with or without "DH"', async () => {
		const buyer = await createUser(base);
		const order = await pendingOrder(buyer);
		expect(order.orderNumber).toMatch(/^DH[0-9]+$/);
		const transferId = await strayTransfer(45000);
		const res = await submit('/quan-tri/chuyen-khoan?/assign', { id: transferId, form: 'assign', order: ` ${order.orderNumber.toLowerCase()} `, reason: REASON });
		expect(res.status, res.text).toBe(200);
		expect(res.text).toContain(`Nhân viên gán cho đơn ${order.orderNumber} (${order.paymentRef})`);
		expect(await statusOf(order.id, buyer)).toBe('PAID');
		expect(await openTransfer(transferId)).toBe(false);

		const other = await pendingOrder(buyer, '30000');
		const second = await strayTransfer(30000);
		const digits = await submit('/quan-tri/chuyen-khoan?/assign', { id: second, order: other.orderNumber.slice(2), reason: REASON });
		expect(digits.status, digits.text).toBe(200);
		expect(await statusOf(other.id, buyer)).toBe('PAID');
	});

	it('pays the order named by its payment reference, in any case', async () => {
		const buyer = await createUser(base);
		const order = await pendingOrder(buyer);
		const transferId = await strayTransfer(50000);
		const res = await submit('/quan-tri/chuyen-khoan?/assign', { id: transferId, order: order.paymentRef.toLowerCase(), reason: REASON });
		expect(res.status, res.text).toBe(200);
		expect(await statusOf(order.id, buyer)).toBe('PAID');
		// The 5.000 ₫ over the order goes to the buyer's wallet.
		expect((await balanceOf(base, buyer)).main).toBe('5000');
	});

	it('lists the open orders of the person an email names, and pays only the one staff pick', async () => {
		const buyer = await createUser(base);
		const first = await pendingOrder(buyer, '20000');
		const second = await pendingOrder(buyer, '25000');
		const transferId = await strayTransfer(25000);
		const listed = await submit('/quan-tri/chuyen-khoan?/assign', { id: transferId, order: buyer.email.toUpperCase(), reason: REASON });
		expect(listed.status, listed.text).toBe(200);
		for (const o of [first, second]) {
			expect(listed.text).toContain(`Gán cho đơn ${o.orderNumber}`);
			expect(listed.text).toContain(`name="orderId" value="${o.id}"`);
		}
		expect(listed.text).toContain(`Đơn đang chờ của ${buyer.email.toUpperCase()}`);
		// Nothing moved yet.
		expect(await statusOf(first.id, buyer)).toBe('PENDING');
		expect(await statusOf(second.id, buyer)).toBe('PENDING');
		expect(await openTransfer(transferId)).toBe(true);

		const picked = await submit('/quan-tri/chuyen-khoan?/assign', { id: transferId, order: buyer.email, orderId: second.id, reason: REASON });
		expect(picked.status, picked.text).toBe(200);
		expect(picked.text).toContain(`Nhân viên gán cho đơn ${second.orderNumber} (${second.paymentRef})`);
		expect(await statusOf(second.id, buyer)).toBe('PAID');
		expect(await statusOf(first.id, buyer)).toBe('PENDING');
	});

	it('says in Vietnamese, next to the field, when no open order has that key, and moves nothing', async () => {
		const buyer = await createUser(base);
		const order = await pendingOrder(buyer);
		const transferId = await strayTransfer(45000);
		for (const [key, message] of [
			['DH999999999', 'Không có đơn đang chờ thanh toán hoặc đã hết hạn nào mang số hay mã DH999999999.'],
			[`khong.co.ai.${randomUUID().slice(0, 6)}@example.vn`, 'không có đơn nào đang chờ thanh toán hoặc đã hết hạn.']
		] as const) {
			const res = await submit('/quan-tri/chuyen-khoan?/assign', { id: transferId, form: 'assign', order: key, reason: REASON });
			expect(res.status, key).toBe(400);
			expect(res.text).toContain(message);
			expect(res.text).toMatch(/id="order-[0-9a-f-]+-error"/);
		}
		const empty = await submit('/quan-tri/chuyen-khoan?/assign', { id: transferId, form: 'assign', order: '', reason: REASON });
		expect(empty.status).toBe(400);
		expect(empty.text).toContain('Nhập số đơn (DH…), mã thanh toán (HL…) hoặc email người mua.');
		expect(await openTransfer(transferId)).toBe(true);
		expect(await statusOf(order.id, buyer)).toBe('PENDING');
	});

	it('does not offer a paid order: its number answers as not open', async () => {
		const buyer = await createUser(base);
		const order = await pendingOrder(buyer);
		const pay = await strayTransfer(45000);
		expect((await submit('/quan-tri/chuyen-khoan?/assign', { id: pay, order: order.orderNumber, reason: REASON })).status).toBe(200);
		const again = await strayTransfer(45000);
		const res = await submit('/quan-tri/chuyen-khoan?/assign', { id: again, order: order.orderNumber, reason: REASON });
		expect(res.status).toBe(400);
		expect(await openTransfer(again)).toBe(true);
	});
});

describe('/quan-tri/chuyen-khoan: credit by email', () => {
	it('credits the account an email names; an unknown email is refused at its field', async () => {
		const owner = await createUser(base);
		const transferId = await strayTransfer(15000);
		const unknown = await submit('/quan-tri/chuyen-khoan?/credit', { id: transferId, form: 'credit', account: 'nobody-here@example.vn', reason: REASON });
		expect(unknown.status).toBe(400);
		expect(unknown.text).toContain('Không có tài khoản nào với email nobody-here@example.vn.');
		expect(await openTransfer(transferId)).toBe(true);
		const credited = await submit('/quan-tri/chuyen-khoan?/credit', { id: transferId, form: 'credit', account: owner.email.toUpperCase(), reason: REASON });
		expect(credited.status, credited.text).toBe(200);
		expect(credited.text).toContain(`vào ví của ${owner.email}`);
		expect(await balanceOf(base, owner)).toEqual({ main: '15000', bonus: '0', total: '15000' });
	});
});

describe('GET /api/v1/admin/transfers/open-orders', () => {
	const get = (q: string, who: TestUser = staff) => request(base, `/api/v1/admin/transfers/open-orders?q=${encodeURIComponent(q)}`, { headers: { cookie: who.cookie } });

	it('finds an open order by number, reference and email, for staff only, naming the buyer', async () => {
		const buyer = await createUser(base, { name: 'Thầy Minh' });
		const order = await pendingOrder(buyer);
		for (const q of [order.orderNumber, order.orderNumber.slice(2), order.paymentRef, order.paymentRef.toLowerCase(), order.id]) {
			const res = await get(q);
			expect(res.status, q).toBe(200);
			expect(res.body.data.byEmail, q).toBe(false);
			expect(res.body.data.items.map((o: { id: string }) => o.id), q).toEqual([order.id]);
			expect(res.body.data.items[0]).toMatchObject({ orderNumber: order.orderNumber, buyerName: 'Thầy Minh', buyerEmail: buyer.email });
		}
		const byEmail = await get(buyer.email);
		expect(byEmail.body.data.byEmail).toBe(true);
		expect(byEmail.body.data.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
		// An email fragment names nobody.
		expect((await get(buyer.email.slice(0, 6) + '@')).body.data.items).toEqual([]);
		expect((await get(order.paymentRef, buyer)).status).toBe(403);
		const empty = await get('');
		expect(empty.status).toBe(400);
		expect(empty.body.error.code).toBe('validation_error');
	});
});

describe('amounts typed as Vietnamese type them, in the console forms', () => {
	it('reads "35.000 ₫" in the wallet form, refuses "35,5" at the field, and keeps the REST API to plain digits', async () => {
		const owner = await createUser(base);
		const path = `/quan-tri/nguoi-dung/${owner.userId}?/adjustWallet`;
		const refused = await submit(path, { direction: 'credit', pocket: 'main', amountVnd: '35,5', reason: REASON });
		expect(refused.status).toBe(400);
		expect(refused.text).toContain('không dùng dấu phẩy');
		// What was typed comes back as typed, to be corrected.
		expect(refused.text).toContain('value="35,5"');
		expect(await balanceOf(base, owner)).toEqual({ main: '0', bonus: '0', total: '0' });

		for (const typed of ['35.000 ₫', '35 000', '35000đ']) {
			const res = await submit(path, { direction: 'credit', pocket: 'main', amountVnd: typed, reason: REASON });
			expect(res.status, typed).toBe(200);
		}
		expect(await balanceOf(base, owner)).toEqual({ main: '105000', bonus: '0', total: '105000' });

		const rest = await request(base, `/api/v1/admin/users/${owner.userId}/wallet-adjustments`, {
			method: 'POST',
			json: { direction: 'credit', pocket: 'main', amountVnd: '35.000', reason: REASON },
			headers: { origin: base, cookie: staff.cookie }
		});
		expect(rest.status).toBe(400);
		expect(rest.body.error.code).toBe('validation_error');
		// A comma over the API is a 400 too, never a 500 from reading it as a number.
		const comma = await request(base, `/api/v1/admin/users/${owner.userId}/wallet-adjustments`, {
			method: 'POST',
			json: { direction: 'credit', pocket: 'main', amountVnd: '35,5', reason: REASON },
			headers: { origin: base, cookie: staff.cookie }
		});
		expect(comma.status).toBe(400);
	});
});

describe('the reviewer opens the submitted file itself', () => {
	it('through a signed URL for staff, linked from the console; nobody else gets one', async () => {
		const product = await sellable(base, { priceVnd: '45000' });
		const res = await request(base, `/api/v1/admin/products/${product.id}/file`, { headers: { cookie: staff.cookie } });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data.expiresIn).toBeGreaterThan(0);
		const file = await fetch(new URL(res.body.data.url, base));
		expect(file.status).toBe(200);
		expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(product.bytes))).toBe(true);

		const link = await request(base, `/quan-tri/san-pham/${product.id}/tep`, { headers: { cookie: staff.cookie } });
		expect(link.status).toBe(303);
		expect(link.headers.get('location')).toContain('giao-an');

		const buyer = await createUser(base);
		expect((await request(base, `/api/v1/admin/products/${product.id}/file`, { headers: { cookie: buyer.cookie } })).status).toBe(403);
		expect((await request(base, `/quan-tri/san-pham/${product.id}/tep`, { headers: { cookie: buyer.cookie } })).status).toBe(403);
		expect((await request(base, `/api/v1/admin/products/${randomUUID()}/file`, { headers: { cookie: staff.cookie } })).status).toBe(404);
	});
});
