/**
 * Bundles (README, Bundles) against the built server: authors and staff
 * choose a Combo's items under the rules (own published products for
 * authors, on sale, not itself, no nesting, at least 2, cheaper than the
 * sum), buying the bundle grants every item, a buyer who owns some items pays
 * the bundle price minus what they paid for those ("Mua nốt bộ") on every
 * checkout path and on the product page, and a refund of the bundle revokes
 * exactly what it granted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkout, sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createPromo, creditWallet } from '../helpers/money';
import { payReference } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;
let author: TestUser;

beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
	author = await createUser(base, { role: 'author' });
}, 120_000);
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});
afterAll(async () => {
	await server?.stop();
});

async function item(priceVnd: string, title: string, authorId: string | null = author.userId): Promise<string> {
	const { id } = await sellable(base, { priceVnd, title });
	await sql(base, `UPDATE products SET author_id = $1 WHERE id = $2`, [authorId, id]);
	return id;
}

async function combo(priceVnd: string, o: { status?: 'draft' | 'published'; authorId?: string | null; type?: 'COMBO' | 'LESSON_PLAN' } = {}): Promise<string> {
	const { id } = await sellable(base, { priceVnd, title: 'Combo Toán 6 cả năm', type: o.type ?? 'COMBO' });
	const status = o.status ?? 'published';
	await sql(base, `UPDATE products SET author_id = $1, status = $2 WHERE id = $3`, [o.authorId === undefined ? author.userId : o.authorId, status, id]);
	return id;
}

const setAsAuthor = (id: string, itemIds: string[], user = author) =>
	request(base, `/api/v1/studio/products/${id}/bundle-items`, { method: 'PUT', json: { itemIds }, headers: { origin: base, cookie: user.cookie } });
const setAsStaff = (id: string, itemIds: string[]) =>
	request(base, `/api/v1/admin/products/${id}/bundle-items`, { method: 'PUT', json: { itemIds }, headers: { origin: base, cookie: staff.cookie } });
const bundleOf = (id: string, user?: TestUser) => request(base, `/api/v1/catalog/bundles/${id}`, { headers: user ? { cookie: user.cookie } : {} });
const ownedRows = (userId: string) =>
	sql<{ product_id: string; source: string; order_id: string | null }>(base, 'SELECT product_id, source, order_id FROM product_ownerships WHERE user_id = $1', [userId]);

/** A published bundle of three items (30 000 + 40 000 + 50 000 = 120 000) at 90 000, set by staff. */
async function threeItemBundle() {
	const items = [await item('30000', 'Giáo án Toán 6 – Chương 1'), await item('40000', 'Bài giảng Toán 6 – Chương 1'), await item('50000', 'Đề kiểm tra Toán 6 – Chương 1')];
	const id = await combo('90000');
	const set = await setAsStaff(id, items);
	expect(set.status, set.text).toBe(200);
	return { id, items };
}

async function buyer(walletVnd = '0') {
	const user = await createUser(base);
	if (walletVnd !== '0') await creditWallet(base, user.userId, walletVnd);
	return user;
}

describe('choosing the items', () => {
	it('lets an author bundle their own published products into their draft Combo, in order', async () => {
		const a = await item('30000', 'Phiếu bài tập Tiếng Việt 2');
		const b = await item('40000', 'Giáo án Tiếng Việt 2');
		const id = await combo('60000', { status: 'draft' });
		const res = await setAsAuthor(id, [b, a]);
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({ productId: id, itemsTotalVnd: '70000', priceVnd: '60000', ownedCount: 0, creditVnd: '0', payVnd: '60000' });
		expect(res.body.data.items.map((i: { productId: string }) => i.productId)).toEqual([b, a]);
		// Not published yet: nobody reads it from the catalog.
		expect((await bundleOf(id)).status).toBe(404);
	});

	it('works from the studio page without JavaScript: the author ticks their published products', async () => {
		const seller = await createUser(base, { role: 'author' });
		const a = await item('30000', 'Phiếu bài tập Khoa học 4', seller.userId);
		const b = await item('40000', 'Giáo án Khoa học 4', seller.userId);
		const id = await combo('60000', { status: 'draft', authorId: seller.userId });
		const path = `/tac-gia/san-pham/${id}`;
		const before = await request(base, path, { headers: { cookie: seller.cookie, accept: 'text/html' } });
		expect(before.status).toBe(200);
		expect(before.text).toContain('Các tài liệu trong bộ');
		expect(before.text).toContain('Giáo án Khoa học 4');
		const post = (itemIds: string[]) =>
			request(base, `${path}?/bundle`, {
				method: 'POST',
				body: new URLSearchParams(itemIds.map((i) => ['itemIds', i])).toString(),
				headers: { cookie: seller.cookie, origin: base, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }
			});
		const one = await post([a]);
		expect(one.status).toBe(400);
		expect(one.text).toContain('Một bộ cần ít nhất 2 tài liệu.');
		const saved = await post([b, a]);
		expect(saved.status, saved.text.slice(0, 300)).toBe(200);
		expect(saved.text).toContain('Đã lưu các tài liệu trong bộ.');
		const mine = await request(base, `/api/v1/studio/products/${id}/bundle-items`, { headers: { cookie: seller.cookie } });
		expect(mine.body.data.items.map((i: { productId: string }) => i.productId)).toEqual([b, a]);
		expect((await request(base, `/api/v1/studio/products/${id}/bundle-items`, { headers: { cookie: author.cookie } })).status).toBe(404);
	});

	it('works from the console page: staff type the products\' ids, one a line', async () => {
		const a = await item('30000', 'Giáo án Lịch sử 8', null);
		const b = await item('40000', 'Bài giảng Lịch sử 8', null);
		const id = await combo('60000', { authorId: null });
		const path = `/quan-tri/san-pham/${id}`;
		const post = (itemIds: string) =>
			request(base, `${path}?/bundle`, {
				method: 'POST',
				body: new URLSearchParams({ itemIds }).toString(),
				headers: { cookie: staff.cookie, origin: base, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }
			});
		const refused = await post(`${a}\n${a}`);
		expect(refused.status).toBe(400);
		expect(refused.text).toContain('mỗi tài liệu chỉ chọn một lần');
		const saved = await post(`${a}\n${b}`);
		expect(saved.status, saved.text.slice(0, 300)).toBe(200);
		expect(saved.text).toContain('Đã lưu các tài liệu trong bộ.');
		const page = await request(base, path, { headers: { cookie: staff.cookie, accept: 'text/html' } });
		expect(page.text).toContain('Bài giảng Lịch sử 8');
		const read = await request(base, `/api/v1/admin/products/${id}/bundle-items`, { headers: { cookie: staff.cookie } });
		expect(read.body.data.items.map((i: { productId: string }) => i.productId)).toEqual([a, b]);
	});

	it('refuses, in Vietnamese, each thing a bundle may not be', async () => {
		const a = await item('30000', 'Giáo án A');
		const b = await item('40000', 'Giáo án B');
		const other = await createUser(base, { role: 'author' });
		const theirs = await item('30000', 'Giáo án của tác giả khác', other.userId);
		const off = await item('30000', 'Giáo án đã gỡ');
		await sql(base, `UPDATE products SET status = 'unpublished' WHERE id = $1`, [off]);
		const draft = await combo('60000', { status: 'draft' });

		const cases: [Awaited<ReturnType<typeof setAsAuthor>>, number, string, string?][] = [
			[await setAsAuthor(draft, [a]), 400, 'ít nhất 2 tài liệu'],
			[await setAsAuthor(draft, [a, a]), 400, 'chỉ chọn một lần', 'itemIds.1'],
			[await setAsAuthor(draft, [a, draft]), 400, 'chính nó', 'itemIds.1'],
			[await setAsAuthor(draft, [a, theirs]), 400, 'không phải học liệu của bạn', 'itemIds.1'],
			[await setAsAuthor(draft, [off, a]), 400, 'không đang bán', 'itemIds.0'],
			[await setAsAuthor(draft, [a, '00000000-0000-4000-8000-000000000000']), 400, 'Không tìm thấy tài liệu', 'itemIds.1'],
			// 60 000 is not below 30 000 + 30 000.
			[await setAsAuthor(draft, [a, await item('30000', 'Giáo án C')]), 400, 'phải thấp hơn tổng giá'],
			[await setAsAuthor(await combo('60000', { status: 'draft', type: 'LESSON_PLAN' }), [a, b]), 400, 'loại Combo'],
			[await setAsAuthor(await combo('60000', { status: 'published' }), [a, b]), 409, 'bản nháp hoặc bị từ chối'],
			[await setAsAuthor(await combo('60000', { status: 'draft', authorId: other.userId }), [a, b]), 404, 'Không tìm thấy học liệu']
		];
		for (const [res, status, text, field] of cases) {
			expect(res.status, res.text).toBe(status);
			expect(res.text).toContain(text);
			if (field) expect(res.body.error.details.fields[0].path).toBe(field);
		}
		const notCheaper = cases[6]![0].body.error.details;
		expect(notCheaper).toMatchObject({ reason: 'bundle_not_cheaper', priceVnd: '60000', itemsTotalVnd: '60000' });
	});

	it('refuses nesting both ways, and lets staff choose anyone\'s products, audited', async () => {
		const { id: inner } = await threeItemBundle();
		const other = await createUser(base, { role: 'author' });
		const theirs = await item('80000', 'Bài giảng của tác giả khác', other.userId);
		const outer = await combo('100000', { authorId: null });

		const nested = await setAsStaff(outer, [inner, theirs]);
		expect(nested.status, nested.text).toBe(400);
		expect(nested.body.error.message).toContain('không thể lồng bộ');
		const innerItem = (await bundleOf(inner)).body.data.items[0].productId;
		const asBundle = await setAsStaff(innerItem, [theirs, await item('40000', 'Giáo án D')]);
		expect(asBundle.status, asBundle.text).toBe(400); // a lesson plan, not a Combo

		const ok = await setAsStaff(outer, [theirs, innerItem]);
		expect(ok.status, ok.text).toBe(200);
		const [audit] = await sql<{ action: string; summary: { after: { itemIds: string[] } } }>(
			base,
			`SELECT action, summary FROM audit_log WHERE target_id = $1 ORDER BY created_at DESC LIMIT 1`,
			[outer]
		);
		expect(audit).toMatchObject({ action: 'product.bundle_items', summary: { after: { itemIds: [theirs, innerItem] } } });
		// An item of a bundle cannot become a bundle itself.
		const comboItem = await combo('30000', { authorId: null });
		expect((await setAsStaff(outer, [comboItem, theirs])).status).toBe(200);
		const itemAsBundle = await setAsStaff(comboItem, [innerItem, theirs]);
		expect(itemAsBundle.status, itemAsBundle.text).toBe(409);
		expect(itemAsBundle.body.error.details.reason).toBe('nested_bundle');
	});
});

describe('buying a bundle', () => {
	it('grants every item by wallet, and shows them in the library with the bundle\'s order', async () => {
		const { id, items } = await threeItemBundle();
		const user = await buyer('100000');
		const res = await checkout(base, { productId: id, paymentMethod: 'wallet' }, { user });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({ status: 'PAID', amountVnd: '90000' });
		expect((await balanceOf(base, user)).total).toBe('10000');
		const rows = await ownedRows(user.userId);
		expect(rows).toHaveLength(4);
		for (const p of items) expect(rows).toContainEqual({ product_id: p, source: 'bundle', order_id: res.body.data.id });

		const library = await request(base, `/api/trpc/storefront.library?input=${encodeURIComponent('{}')}`, { headers: { cookie: user.cookie } });
		const listed = library.body.result.data.items as { productId: string; source: string; orderNumber: string }[];
		expect(listed.filter((i) => i.source === 'bundle').map((i) => i.productId).sort()).toEqual([...items].sort());
		expect(listed.every((i) => i.orderNumber === res.body.data.orderNumber)).toBe(true);
		const download = await request(base, `/api/trpc/storefront.ownedDownload?input=${encodeURIComponent(JSON.stringify({ productId: items[1] }))}`, { headers: { cookie: user.cookie } });
		expect(download.status, download.text).toBe(200);

		// Every item is owned now: buying one of them again is refused.
		const again = await checkout(base, { productId: items[0], paymentMethod: 'wallet' }, { user });
		expect(again.status).toBe(409);
	});

	it('"Mua nốt bộ": one price on the page, the bundle read, wallet at once, the transactional wallet and QR', async () => {
		const { id, items } = await threeItemBundle();
		const paths = [
			{ method: 'wallet', headers: {} },
			{ method: 'wallet', headers: { 'idempotency-key': crypto.randomUUID() } },
			{ method: 'qr_direct', headers: {} }
		] as const;
		for (const path of paths) {
			const user = await buyer('200000');
			// 30 000 paid for the first item: the bundle costs 90 000 − 30 000.
			const first = await checkout(base, { productId: items[0], paymentMethod: 'wallet' }, { user });
			expect(first.status, first.text).toBe(200);

			const read = await bundleOf(id, user);
			expect(read.body.data).toMatchObject({ ownedCount: 1, creditVnd: '30000', priceVnd: '90000', payVnd: '60000', onSale: true });
			expect(read.body.data.items.map((i: { owned: boolean }) => i.owned)).toEqual([true, false, false]);
			expect((await bundleOf(id)).body.data).toMatchObject({ ownedCount: 0, creditVnd: '0', payVnd: '90000' });

			const fullPath = (await sql<{ path: string }>(base, `SELECT c.path || '/' || p.slug AS path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`, [id]))[0]!.path;
			const page = await request(base, `/san-pham/${fullPath}`, { headers: { cookie: user.cookie, accept: 'text/html' } });
			const text = page.text.replace(/[\u00a0\u202f]/g, ' ');
			expect(text).toContain('Bạn đã có 1/3 tài liệu: chỉ trả');
			expect(text).toContain('Mua ngay · 60.000 ₫');
			expect(text).toContain('Bộ gồm 3 tài liệu');

			const res = await checkout(base, { productId: id, paymentMethod: path.method }, { user, headers: path.headers });
			expect(res.status, res.text).toBe(200);
			expect(res.body.data.amountVnd).toBe('60000');
			if (path.method === 'qr_direct') await payReference(base, res.body.data.paymentRef, 60000);
			expect((await balanceOf(base, user)).total).toBe(String(200000 - 30000 - (path.method === 'qr_direct' ? 0 : 60000)));
			const rows = await ownedRows(user.userId);
			expect(rows).toContainEqual({ product_id: items[0], source: 'purchase', order_id: first.body.data.id });
			expect(rows.filter((r) => r.source === 'bundle').map((r) => r.product_id).sort()).toEqual([items[1], items[2]].sort());
		}
	});

	it('takes a promo code off the "Mua nốt bộ" price, in the validation and at checkout alike', async () => {
		const { id, items } = await threeItemBundle();
		const user = await buyer('200000');
		expect((await checkout(base, { productId: items[0], paymentMethod: 'wallet' }, { user })).status).toBe(200);
		const code = `BO${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
		await createPromo(base, { code, appliesTo: 'CHECKOUT', kind: 'PERCENT', percentOff: 10, totalCap: 5 });
		const validated = await request(base, '/api/v1/promos/validate', { method: 'POST', json: { code, productId: id }, headers: { cookie: user.cookie } });
		expect(validated.status, validated.text).toBe(200);
		expect(validated.body.data).toMatchObject({ valid: true, discountVnd: '6000', finalPriceVnd: '54000' });
		const res = await checkout(base, { productId: id, paymentMethod: 'wallet', promoCode: code }, { user });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({ priceVnd: '60000', amountVnd: '54000' });
	});

	it('costs nothing once the items paid for cover the bundle (free claim), and is refused when every item is owned', async () => {
		const { id, items } = await threeItemBundle();
		const user = await buyer('200000');
		for (const p of [items[1]!, items[2]!]) expect((await checkout(base, { productId: p, paymentMethod: 'wallet' }, { user })).status).toBe(200);
		expect((await bundleOf(id, user)).body.data).toMatchObject({ creditVnd: '90000', payVnd: '0' });
		const byWallet = await checkout(base, { productId: id, paymentMethod: 'wallet' }, { user });
		expect(byWallet.status, byWallet.text).toBe(422);
		expect(byWallet.body.error.details.reason).toBe('free_order');
		const claimed = await checkout(base, { productId: id, paymentMethod: 'free_claim' }, { user });
		expect(claimed.status, claimed.text).toBe(200);
		expect((await ownedRows(user.userId)).find((r) => r.product_id === items[0])).toMatchObject({ source: 'bundle', order_id: claimed.body.data.id });

		const owner = await buyer('200000');
		for (const p of items) expect((await checkout(base, { productId: p, paymentMethod: 'wallet' }, { user: owner })).status).toBe(200);
		const refused = await checkout(base, { productId: id, paymentMethod: 'wallet' }, { user: owner });
		expect(refused.status, refused.text).toBe(409);
		expect(refused.body.error).toMatchObject({ code: 'already_owned', details: { reason: 'bundle_items_owned' } });
		expect(refused.body.error.message).toContain('tất cả tài liệu trong bộ');
	});

	it('is unavailable while an item is off sale, and on sale again once staff change its items', async () => {
		const { id, items } = await threeItemBundle();
		await sql(base, `UPDATE products SET status = 'unpublished' WHERE id = $1`, [items[2]]);
		const read = await bundleOf(id);
		expect(read.body.data).toMatchObject({ onSale: false });
		expect(read.body.data.items[2]).toMatchObject({ onSale: false, fullPath: null });
		const user = await buyer('100000');
		const refused = await checkout(base, { productId: id, paymentMethod: 'wallet' }, { user });
		expect(refused.status, refused.text).toBe(422);
		expect(refused.body.error).toMatchObject({ code: 'state_violation', details: { reason: 'bundle_unavailable' } });
		expect(refused.body.error.message).toContain('tạm ngừng bán');

		expect((await setAsStaff(id, [items[0]!, items[1]!])).status).toBe(400); // 90 000 is not below 70 000
		expect((await setAsStaff(id, [items[0]!, items[1]!, await item('50000', 'Đề kiểm tra thay thế')])).status).toBe(200);
		expect((await checkout(base, { productId: id, paymentMethod: 'wallet' }, { user })).status).toBe(200);
	});
});

describe('refunding a bundle', () => {
	const refund = (orderId: string) =>
		request(base, `/api/v1/admin/orders/${orderId}/refund`, { method: 'POST', headers: { origin: base, cookie: staff.cookie }, json: { reason: 'Khách mua nhầm bộ tài liệu' } });

	it('revokes exactly what the bundle granted and gives back what was paid for it', async () => {
		const { id, items } = await threeItemBundle();
		const user = await buyer('200000');
		const first = await checkout(base, { productId: items[0], paymentMethod: 'wallet' }, { user });
		const bought = await checkout(base, { productId: id, paymentMethod: 'wallet' }, { user });
		expect(bought.body.data.amountVnd).toBe('60000');
		expect((await balanceOf(base, user)).total).toBe('110000');

		const res = await refund(bought.body.data.id);
		expect(res.status, res.text).toBe(200);
		expect((await balanceOf(base, user)).total).toBe('170000');
		// The item bought on its own stays; the bundle and what it brought are gone.
		expect(await ownedRows(user.userId)).toEqual([{ product_id: items[0], source: 'purchase', order_id: first.body.data.id }]);
		const [audit] = await sql<{ summary: { revokedBundleItemIds: string[] } }>(
			base,
			`SELECT summary FROM audit_log WHERE action = 'order.refund' AND target_id = $1`,
			[bought.body.data.id]
		);
		expect(audit!.summary.revokedBundleItemIds.sort()).toEqual([items[1], items[2]].sort());
		const download = await request(base, `/api/trpc/storefront.ownedDownload?input=${encodeURIComponent(JSON.stringify({ productId: items[1] }))}`, { headers: { cookie: user.cookie } });
		expect(download.status).not.toBe(200);

		// Buying it again prices it as before the refund: 90 000 − 30 000.
		expect((await bundleOf(id, user)).body.data.payVnd).toBe('60000');
		const rebuy = await checkout(base, { productId: id, paymentMethod: 'wallet' }, { user });
		expect(rebuy.status, rebuy.text).toBe(200);
		expect(rebuy.body.data.amountVnd).toBe('60000');
	});

	it('leaves alone an item bought after the bundle was refunded, and another order\'s items', async () => {
		const { id, items } = await threeItemBundle();
		const user = await buyer('300000');
		const bought = await checkout(base, { productId: id, paymentMethod: 'wallet' }, { user });
		expect((await refund(bought.body.data.id)).status).toBe(200);
		const separate = await checkout(base, { productId: items[1], paymentMethod: 'wallet' }, { user });
		expect(separate.status, separate.text).toBe(200);
		// A second refund of the same order moves nothing and takes nothing.
		const twice = await refund(bought.body.data.id);
		expect(twice.status, twice.text).toBe(200);
		expect(await ownedRows(user.userId)).toEqual([{ product_id: items[1], source: 'purchase', order_id: separate.body.data.id }]);
	});
});
