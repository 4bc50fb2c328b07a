/**
 * Trust rules of the open studio (issue 40, README "Trust rules") over HTTP
 * against the built server: an author whose role staff took away cannot
 * make themself an author again until staff allow it (audited); an author
 * neither buys nor reviews their own product, and an own purchase made
 * before the rule earns them nothing; staff see the accounts paid into the
 * same bank account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { balanceOf, creditWallet } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;

beforeAll(async () => {
	server = await startServer({ env: { CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

function api(who: TestUser | null, path: string, json?: unknown) {
	return request(base, path, { method: json === undefined ? 'GET' : 'POST', ...(json !== undefined ? { json } : {}), headers: { origin: base, ...(who ? { cookie: who.cookie } : {}) } });
}
const trpcGet = (who: TestUser, path: string, input: unknown) =>
	request(base, `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie: who.cookie } });
const trpcPost = (who: TestUser, path: string, input: unknown) => request(base, `/api/trpc/${path}`, { method: 'POST', json: input, headers: { origin: base, cookie: who.cookie } });

const application = (bankAccountNumber = '0123456789') => ({ displayName: 'Cô Lan', bio: 'Giáo viên Toán', bankName: 'Vietcombank', bankAccountNumber, bankAccountHolder: 'NGUYEN THI LAN' });

async function verifiedUser(): Promise<TestUser> {
	const user = await createUser(base);
	await sql(base, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [user.userId]);
	return user;
}

async function roleOf(user: TestUser): Promise<string> {
	const [row] = await sql<{ role: string }>(base, 'SELECT role FROM users WHERE id = $1', [user.userId]);
	return row!.role;
}

describe('a revoked author', () => {
	it('is refused when applying again (403 author_revoked) until staff allow it, which is audited', async () => {
		const user = await verifiedUser();
		expect((await api(user, '/api/v1/studio/application', application())).status).toBe(200);
		expect(await roleOf(user)).toBe('author');

		const revoked = await api(staff, `/api/v1/admin/users/${user.userId}/role`, { role: 'customer' });
		expect(revoked.status, revoked.text).toBe(200);
		expect(revoked.body.data.role).toBe('customer');
		expect(revoked.body.data.authorReapplyBlockedAt).toEqual(expect.any(String));
		const [roleAudit] = await sql<{ summary: Record<string, unknown> }>(
			base,
			`SELECT summary FROM audit_log WHERE action = 'user.role_change' AND target_id = $1 AND actor_user_id = $2`,
			[user.userId, staff.userId]
		);
		expect(roleAudit!.summary).toEqual({ before: { role: 'author', authorReapplyBlocked: false }, after: { role: 'customer', authorReapplyBlocked: true } });

		const again = await api(user, '/api/v1/studio/application', application());
		expect(again.status, again.text).toBe(403);
		expect(again.body.error.code).toBe('forbidden');
		expect(again.body.error.details.reason).toBe('author_revoked');
		expect(again.body.error.message).toMatch(/thu hồi/);
		expect(await roleOf(user)).toBe('customer');

		// Only staff lift it.
		expect((await api(user, `/api/v1/admin/users/${user.userId}/author-reapplication`, {})).status).toBe(403);
		const allowed = await api(staff, `/api/v1/admin/users/${user.userId}/author-reapplication`, {});
		expect(allowed.status, allowed.text).toBe(200);
		expect(allowed.body.data).toMatchObject({ role: 'customer', authorReapplyBlockedAt: null });
		const audits = await sql<{ actor_user_id: string; summary: { before: { authorReapplyBlockedAt: string | null }; after: unknown } }>(
			base,
			`SELECT actor_user_id, summary FROM audit_log WHERE action = 'user.author_reapply_allow' AND target_id = $1`,
			[user.userId]
		);
		expect(audits).toHaveLength(1);
		expect(audits[0]!.actor_user_id).toBe(staff.userId);
		expect(audits[0]!.summary.before.authorReapplyBlockedAt).toBe(revoked.body.data.authorReapplyBlockedAt);
		expect(audits[0]!.summary.after).toEqual({ authorReapplyBlockedAt: null });
		// Allowing again changes nothing and writes nothing.
		expect((await api(staff, `/api/v1/admin/users/${user.userId}/author-reapplication`, {})).status).toBe(200);
		expect(await sql(base, `SELECT 1 FROM audit_log WHERE action = 'user.author_reapply_allow' AND target_id = $1`, [user.userId])).toHaveLength(1);

		const reapplied = await api(user, '/api/v1/studio/application', application());
		expect(reapplied.status, reapplied.text).toBe(200);
		expect(await roleOf(user)).toBe('author');
	});

	it('made author again by staff is no longer refused', async () => {
		const user = await verifiedUser();
		expect((await api(user, '/api/v1/studio/application', application())).status).toBe(200);
		expect((await api(staff, `/api/v1/admin/users/${user.userId}/role`, { role: 'customer' })).status).toBe(200);
		const restored = await api(staff, `/api/v1/admin/users/${user.userId}/role`, { role: 'author' });
		expect(restored.body.data).toMatchObject({ role: 'author', authorReapplyBlockedAt: null });
		expect((await api(user, '/api/v1/studio/application', application())).status).toBe(200);
	});
});

describe("an author's own product", () => {
	it('cannot be bought by its author on any checkout path: 409 already_owned saying why, nothing charged or created', async () => {
		const author = await verifiedUser();
		expect((await api(author, '/api/v1/studio/application', application())).status).toBe(200);
		await creditWallet(base, author.userId, '200000');
		const product = await sellable(base, { priceVnd: '40000' });
		await sql(base, 'UPDATE products SET author_id = $1 WHERE id = $2', [author.userId, product.id]);

		for (const body of [
			{ productId: product.id, paymentMethod: 'wallet' },
			{ productId: product.id, paymentMethod: 'qr_direct' },
			{ productId: product.id, paymentMethod: 'wallet', returnTo: '/thu-vien' }
		]) {
			const res = await checkout(base, body, { user: author, headers: body.returnTo ? { 'idempotency-key': crypto.randomUUID() } : {} });
			expect(res.status, res.text).toBe(409);
			expect(res.body.error.code).toBe('already_owned');
			expect(res.body.error.details).toMatchObject({ productId: product.id, reason: 'own_product' });
			expect(res.body.error.message).toMatch(/do bạn đăng bán/);
		}
		expect(await sql(base, 'SELECT id FROM orders WHERE product_id = $1', [product.id])).toHaveLength(0);
		expect((await balanceOf(base, author)).total).toBe('200000');

		// Anyone else still buys it.
		const buyer = await createUser(base);
		await creditWallet(base, buyer.userId, '100000');
		const bought = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer });
		expect(bought.status, bought.text).toBe(200);
		expect(bought.body.data.status).toBe('PAID');
	});

	it('cannot be reviewed by its author, and an own purchase from before the rule earns nothing', async () => {
		const author = await verifiedUser();
		await creditWallet(base, author.userId, '100000');
		const product = await sellable(base, { priceVnd: '50000' });
		// Bought while the product had no author, then the product became theirs: an own purchase made before the rule.
		const own = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: author });
		expect(own.body.data.status, own.text).toBe('PAID');
		const buyer = await createUser(base);
		await creditWallet(base, buyer.userId, '100000');
		expect((await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer })).body.data.status).toBe('PAID');
		expect((await api(author, '/api/v1/studio/application', application())).status).toBe(200);
		await sql(base, 'UPDATE products SET author_id = $1 WHERE id = $2', [author.userId, product.id]);

		const mine = await trpcGet(author, 'reviews.mine', { productId: product.id });
		expect(mine.body.result.data).toEqual({ canReview: false, review: null });
		const written = await trpcPost(author, 'reviews.create', { productId: product.id, stars: 5, body: 'Giáo án tuyệt vời, ai cũng nên mua ngay.' });
		expect(written.status, written.text).toBe(403);
		expect(written.body.error.data.appCode).toBe('forbidden');
		expect(written.body.error.message).toMatch(/tác giả/);
		expect(await sql(base, 'SELECT id FROM buyer_reviews WHERE product_id = $1', [product.id])).toHaveLength(0);
		// The other buyer reviews as usual.
		expect((await trpcPost(buyer, 'reviews.create', { productId: product.id, stars: 4, body: 'Giáo án rõ ràng, dễ dùng cho tiết học.' })).status).toBe(200);

		const earnings = await api(author, '/api/v1/studio/earnings');
		expect(earnings.status, earnings.text).toBe(200);
		expect(earnings.body.data.months).toHaveLength(1);
		expect(earnings.body.data.months[0]).toMatchObject({ salesCount: 1, grossVnd: '50000' });
		expect(earnings.body.data.balanceVnd).toBe(String((50000 * earnings.body.data.sharePercent) / 100));
		// Refunding the own purchase takes nothing back either: it never earned.
		expect(
			(await request(base, `/api/v1/admin/orders/${own.body.data.id}/refund`, { method: 'POST', json: { reason: 'Tác giả tự mua' }, headers: { origin: base, cookie: staff.cookie } })).status
		).toBe(200);
		expect((await api(author, '/api/v1/studio/earnings')).body.data.balanceVnd).toBe(earnings.body.data.balanceVnd);
	});
});

describe('shared payout accounts', () => {
	it('staff see, for an author, the other accounts whose profile names the same bank account', async () => {
		const first = await verifiedUser();
		const puppet = await verifiedUser();
		const stranger = await verifiedUser();
		const account = `9${Date.now()}${Math.floor(Math.random() * 1000)}`;
		expect((await api(first, '/api/v1/studio/application', application(account))).status).toBe(200);
		expect((await api(puppet, '/api/v1/studio/application', application(account))).status).toBe(200);
		expect((await api(stranger, '/api/v1/studio/application', application(`8${account.slice(1)}`))).status).toBe(200);

		const detail = await api(staff, `/api/v1/admin/users/${first.userId}`);
		expect(detail.status, detail.text).toBe(200);
		expect(detail.body.data.payoutAccountSharedWith).toHaveLength(1);
		expect(detail.body.data.payoutAccountSharedWith[0]).toMatchObject({ id: puppet.userId, email: puppet.email, role: 'author', displayName: 'Cô Lan', bankName: 'Vietcombank' });
		expect((await api(staff, `/api/v1/admin/users/${stranger.userId}`)).body.data.payoutAccountSharedWith).toEqual([]);
		expect((await api(staff, `/api/v1/admin/users/${staff.userId}`)).body.data.payoutAccountSharedWith).toEqual([]);
		// The author's own payout account is on the staff's page for them; an account without a profile has none.
		expect(detail.body.data.payoutDetails).toEqual({ bankName: 'Vietcombank', bankAccountNumber: account, bankAccountHolder: 'NGUYEN THI LAN', changedAt: null, confirmUntil: null });
		expect((await api(staff, `/api/v1/admin/users/${staff.userId}`)).body.data.payoutDetails).toBeNull();
		const page = await request(base, `/quan-tri/nguoi-dung/${first.userId}`, { headers: { cookie: staff.cookie } });
		expect(page.text).toContain(`Vietcombank, số tài khoản ${account}, chủ tài khoản NGUYEN THI LAN`);
	});
});
