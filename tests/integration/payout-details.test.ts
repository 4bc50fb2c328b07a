/**
 * An author's payout account over HTTP against the built server: entered
 * when applying, shown to staff on the payout row and to the author on
 * /tai-khoan, changed in the studio (each change audited with before and
 * after, the same details twice change nothing), and for
 * PAYOUT_DETAILS_COOLDOWN_HOURS after a change a payout is recorded only with
 * staff's second confirmation. The audit log reads it in Vietnamese, in
 * Vietnam time, field by field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, sellable } from '../helpers/checkout';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { creditWallet } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;
let buyer: TestUser;

const MONTH = '2026-09';
const APPLICATION = { displayName: 'Cô Lan', bio: '', bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI LAN' };

const as = (who: TestUser, path: string, init: { method?: string; json?: unknown } = {}) =>
	request(base, path, { ...init, headers: { origin: base, cookie: who.cookie } });

function submit(path: string, fields: Record<string, string>, who: TestUser) {
	return request(base, path, {
		method: 'POST',
		body: new URLSearchParams(fields).toString(),
		headers: { cookie: who.cookie, origin: base, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }
	});
}

/** An account that applied to sell and has one sale paid in MONTH (owed 31.500 ₫ at 70 %). */
async function authorWithSale(name: string): Promise<TestUser> {
	const author = await createUser(base, { name });
	// Applying needs a verified address.
	await sql(base, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [author.userId]);
	const applied = await as(author, '/api/v1/studio/application', { method: 'POST', json: { ...APPLICATION, displayName: name } });
	expect(applied.status, applied.text).toBe(200);
	const product = await sellable(base, { priceVnd: '45000' });
	await sql(base, 'UPDATE products SET author_id = $1 WHERE id = $2', [author.userId, product.id]);
	const order = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer });
	expect(order.status, order.text).toBe(200);
	await sql(base, 'UPDATE orders SET paid_at = $1 WHERE id = $2', ['2026-09-15T03:00:00Z', order.body.data.id]);
	return author;
}

const auditOf = (userId: string, action: string) =>
	sql<{ actor_user_id: string; summary: any }>(base, 'SELECT actor_user_id, summary FROM audit_log WHERE target_id = $1 AND action = $2 ORDER BY created_at, id', [userId, action]);

const payoutRow = async (authorId: string) => {
	const res = await as(staff, `/api/v1/admin/payouts?month=${MONTH}`);
	expect(res.status, res.text).toBe(200);
	return res.body.data.items.find((r: { authorId: string }) => r.authorId === authorId);
};

beforeAll(async () => {
	server = await startServer({ env: { AUTHOR_REVENUE_SHARE_PERCENT: '70', CHECKOUT_RATE_LIMIT: '1000', PAYOUT_DETAILS_COOLDOWN_HOURS: '48' } });
	base = server.url;
	[staff, buyer] = await Promise.all([createUser(base, { role: 'staff', name: 'Quản trị Hà' }), createUser(base)]);
	await creditWallet(base, buyer.userId, '500000');
}, 120_000);
afterAll(async () => {
	if (base) await expectMoneyInvariants(base);
	await server?.stop();
});

describe('payout details', () => {
	it('are those entered when applying, on the payout row, the studio and the account page, with no cooldown yet', async () => {
		const author = await authorWithSale('Cô Lan Một');
		const mine = await as(author, '/api/v1/studio/payout-details');
		expect(mine.status, mine.text).toBe(200);
		expect(mine.body.data).toEqual({ bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI LAN', changedAt: null, confirmUntil: null });
		expect((await payoutRow(author.userId)).payoutDetails).toEqual(mine.body.data);

		const payouts = await request(base, `/quan-tri/chi-tra?thang=${MONTH}`, { headers: { cookie: staff.cookie } });
		expect(payouts.text).toContain('Tài khoản nhận: <strong>Vietcombank</strong> · số <strong>0123456789</strong> · chủ tài khoản <strong>NGUYEN THI LAN</strong>');
		const account = await request(base, '/tai-khoan', { headers: { cookie: author.cookie } });
		expect(account.status).toBe(200);
		expect(account.text).toContain('Tài khoản nhận tiền');
		expect(account.text).toContain('0123456789');
		// A buyer has no payout account and sees no such block.
		expect((await request(base, '/tai-khoan', { headers: { cookie: buyer.cookie } })).text).not.toContain('Tài khoản nhận tiền');

		// No change since applying: the payout needs no second confirmation.
		const marked = await as(staff, '/api/v1/admin/payouts', { method: 'POST', json: { authorId: author.userId, month: MONTH, reference: 'FT26001' } });
		expect(marked.status, marked.text).toBe(200);
		expect(marked.body.data.amountVnd).toBe('31500');
		const [paid] = await auditOf(author.userId, 'payout.mark_paid');
		expect(paid!.summary.after).toMatchObject({ bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI LAN' });
		expect(paid!.summary.after.confirmedNewPayoutDetails).toBeUndefined();
	});

	it('change in the studio, audited with before and after; the same details again change nothing', async () => {
		const author = await authorWithSale('Cô Lan Hai');
		const saved = await submit('/tac-gia?/payoutDetails', { bankName: 'Techcombank', bankAccountNumber: '1903 5555 8888', bankAccountHolder: 'NGUYEN THI LAN' }, author);
		expect(saved.status, saved.text).toBe(200);
		expect(saved.text).toContain('Đã lưu tài khoản nhận tiền.');
		const mine = (await as(author, '/api/v1/studio/payout-details')).body.data;
		expect(mine).toMatchObject({ bankName: 'Techcombank', bankAccountNumber: '190355558888', bankAccountHolder: 'NGUYEN THI LAN' });
		expect(Date.parse(mine.confirmUntil) - Date.parse(mine.changedAt)).toBe(48 * 3_600_000);

		const rows = await auditOf(author.userId, 'author.payout_details_change');
		expect(rows).toEqual([
			{
				actor_user_id: author.userId,
				summary: {
					before: { bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI LAN' },
					after: { bankName: 'Techcombank', bankAccountNumber: '190355558888', bankAccountHolder: 'NGUYEN THI LAN' }
				}
			}
		]);
		const same = await as(author, '/api/v1/studio/payout-details', { method: 'PUT', json: { bankName: 'Techcombank', bankAccountNumber: '190355558888', bankAccountHolder: 'NGUYEN THI LAN' } });
		expect(same.status, same.text).toBe(200);
		expect(same.body.data.changedAt).toBe(mine.changedAt);
		expect(await auditOf(author.userId, 'author.payout_details_change')).toHaveLength(1);

		// A bad number is refused at its field, in Vietnamese, and nothing changes.
		const bad = await submit('/tac-gia?/payoutDetails', { bankName: 'Techcombank', bankAccountNumber: '12ab', bankAccountHolder: 'NGUYEN THI LAN' }, author);
		expect(bad.status).toBe(400);
		expect(bad.text).toContain('Số tài khoản chỉ gồm 6 đến 20 chữ số.');
		expect(await auditOf(author.userId, 'author.payout_details_change')).toHaveLength(1);

		// Applying again with another account is the same change, audited the same way.
		const reapplied = await as(author, '/api/v1/studio/application', { method: 'POST', json: { ...APPLICATION, displayName: 'Cô Lan Hai', bankAccountNumber: '5550001111' } });
		expect(reapplied.status, reapplied.text).toBe(200);
		const after = await auditOf(author.userId, 'author.payout_details_change');
		expect(after).toHaveLength(2);
		expect(after[1]!.summary.after.bankAccountNumber).toBe('5550001111');
	});

	it('within the cooldown, a payout needs staff to confirm the new account a second time', async () => {
		const author = await authorWithSale('Cô Lan Ba');
		expect((await as(author, '/api/v1/studio/payout-details', { method: 'PUT', json: { ...APPLICATION, bankAccountNumber: '9998887776' } })).status).toBe(200);
		const row = await payoutRow(author.userId);
		expect(row.payoutDetails.confirmUntil).not.toBeNull();

		const page = await request(base, `/quan-tri/chi-tra?thang=${MONTH}`, { headers: { cookie: staff.cookie } });
		expect(page.text).toContain('Tác giả đổi tài khoản nhận tiền lúc');
		expect(page.text).toContain('name="confirmNewPayoutDetails"');

		const first = await as(staff, '/api/v1/admin/payouts', { method: 'POST', json: { authorId: author.userId, month: MONTH, reference: 'FT26002' } });
		expect(first.status).toBe(409);
		expect(first.body.error.details.reason).toBe('payout_details_recently_changed');
		expect(first.body.error.message).toMatch(/^Tác giả vừa đổi tài khoản nhận tiền lúc \d{2}:\d{2} \d{2}\/\d{2}\/\d{4} \(giờ Việt Nam\)/);
		const unconfirmed = await submit('/quan-tri/chi-tra?/mark', { authorId: author.userId, month: MONTH, reference: 'FT26002' }, staff);
		expect(unconfirmed.status).toBe(409);
		expect(unconfirmed.text).toContain('Tác giả vừa đổi tài khoản nhận tiền lúc');
		expect(await sql(base, 'SELECT 1 FROM author_payouts WHERE author_id = $1', [author.userId])).toEqual([]);

		const confirmed = await submit('/quan-tri/chi-tra?/mark', { authorId: author.userId, month: MONTH, reference: 'FT26002', confirmNewPayoutDetails: 'yes' }, staff);
		expect(confirmed.status, confirmed.text).toBe(200);
		expect(confirmed.text).toContain('Đã ghi chi trả 31.500');
		const [paid] = await auditOf(author.userId, 'payout.mark_paid');
		expect(paid!.summary.after).toMatchObject({ bankAccountNumber: '9998887776', confirmedNewPayoutDetails: true, amountVnd: '31500' });
	});

	it('reads in the audit log in Vietnamese, Vietnam time and names, never raw codes or JSON', async () => {
		const author = await authorWithSale('Cô Lan Bốn');
		expect((await as(author, '/api/v1/studio/payout-details', { method: 'PUT', json: { ...APPLICATION, bankName: 'BIDV' } })).status).toBe(200);
		const [changed] = await sql<{ ms: string }>(base, `SELECT (extract(epoch FROM created_at) * 1000)::bigint::text AS ms FROM audit_log WHERE target_id = $1 AND action = 'author.payout_details_change'`, [author.userId]);
		// "HH:mm dd/mm/yyyy" at UTC+7 (Vietnam keeps no daylight saving), worked out here rather than by the page's own formatter.
		const vn = new Date(Number(changed!.ms) + 7 * 3_600_000).toISOString();
		const vnText = `${vn.slice(11, 16)} ${vn.slice(8, 10)}/${vn.slice(5, 7)}/${vn.slice(0, 4)}`;
		const log = await request(base, `/quan-tri/nhat-ky?targetId=${author.userId}`, { headers: { cookie: staff.cookie } });
		expect(log.status).toBe(200);
		// Svelte's hydration comments and the layout's whitespace between tags are not what a person reads.
		const html = log.text.replace(/<!--[\s\S]*?-->/g, '').replace(/>\s+</g, '><').replace(/ class="svelte-[a-z0-9]+"/g, '');
		expect(html).toContain('Tác giả đổi tài khoản nhận tiền');
		expect(html).toContain('Đổi vai trò tài khoản');
		expect(html).toContain(`Tài khoản: Cô Lan Bốn (${author.email})`);
		expect(html).toContain(`${vnText}</time> (giờ Việt Nam)`);
		expect(html).toMatch(/<th scope="row">Ngân hàng<\/th><td>Vietcombank<\/td><td>BIDV<\/td>/);
		expect(html).toMatch(/<th scope="row">Vai trò<\/th><td>Khách hàng<\/td><td>Tác giả<\/td>/);
		expect(html).toContain('Qua: Đơn đăng ký tác giả');
		// Fields the change left alone are not listed.
		expect(html).not.toMatch(/<th scope="row">Số tài khoản<\/th>/);
		for (const raw of ['author.payout_details_change', 'user.role_change', '{&quot;', '"before"', 'author_application']) {
			// What a person reads: not the filter's option values, nor the page data SvelteKit hands to the browser.
			const shown = html.replace(/<select[\s\S]*?<\/select>/g, '').replace(/<script[\s\S]*?<\/script>/g, '');
			expect(shown, raw).not.toContain(raw);
		}

		// A payout reads with its amount in đồng and the staff member's name.
		const marked = await submit('/quan-tri/chi-tra?/mark', { authorId: author.userId, month: MONTH, reference: 'FT26003', confirmNewPayoutDetails: 'yes' }, staff);
		expect(marked.status, marked.text).toBe(200);
		const again = (await request(base, `/quan-tri/nhat-ky?action=payout.mark_paid&targetId=${author.userId}`, { headers: { cookie: staff.cookie } })).text
			.replace(/<!--[\s\S]*?-->/g, '')
			.replace(/>\s+</g, '><')
			.replace(/ class="svelte-[a-z0-9]+"/g, '');
		expect(again).toContain('Ghi chi trả cho tác giả');
		expect(again).toContain(`Quản trị Hà (`);
		expect(again).toMatch(/<th scope="row">Số tiền<\/th><td>—<\/td><td>31\.500&nbsp;₫<\/td>|<th scope="row">Số tiền<\/th><td>—<\/td><td>31\.500\u00a0₫<\/td>/);
		expect(again).toMatch(/<th scope="row">Đã chi trả<\/th><td>Không<\/td><td>Có<\/td>/);
	});

	it('needs no second confirmation once the cooldown has passed', async () => {
		const author = await authorWithSale('Cô Lan Năm');
		expect((await as(author, '/api/v1/studio/payout-details', { method: 'PUT', json: { ...APPLICATION, bankAccountHolder: 'TRAN VAN NAM' } })).status).toBe(200);
		await advanceClock(base, 48 * 3_600_000 + 60_000);
		expect((await payoutRow(author.userId)).payoutDetails.confirmUntil).toBeNull();
		const marked = await as(staff, '/api/v1/admin/payouts', { method: 'POST', json: { authorId: author.userId, month: MONTH, reference: 'FT26004' } });
		expect(marked.status, marked.text).toBe(200);
	});
});
