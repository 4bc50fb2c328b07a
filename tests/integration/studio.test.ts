/**
 * The author studio and staff product operations over HTTP against the built
 * server (issue #16): apply → upload real PDF bytes → draft → submit → review
 * → on sale (listing, search, detail) → bought by wallet and downloaded with
 * the same SHA-256; rejection reasons; every refused input changes nothing;
 * another author's on-sale file refused at submit; rename/move with 308 from
 * the old path; authors never touch each other's products.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { insertCategory, type CategoryFixture } from '../helpers/catalog';
import { checkout, downloadBytes } from '../helpers/checkout';
import { storeFile } from '../helpers/music-fixtures';
import { creditWallet } from '../helpers/money';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let server: TestServer;
let staff: TestUser;
let category: CategoryFixture;
let otherCategory: CategoryFixture;

beforeAll(async () => {
	server = await startServer();
	staff = await createUser(server.url, { role: 'staff' });
	const tag = randomUUID().slice(0, 6);
	const root = await insertCategory(server.url, { name: 'Giáo án', slug: `giao-an-${tag}` });
	category = await insertCategory(server.url, { name: 'Toán lớp 6', slug: 'toan-6', parent: root });
	otherCategory = await insertCategory(server.url, { name: 'Ngữ văn lớp 6', slug: 'van-6', parent: root });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

function api(who: TestUser | null, path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST') {
	return request(server.url, path, { method, ...(json !== undefined ? { json } : {}), headers: { origin: server.url, ...(who ? { cookie: who.cookie } : {}) } });
}

async function author(): Promise<TestUser> {
	const user = await createUser(server.url);
	await sql(server.url, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [user.userId]);
	const res = await api(user, '/api/v1/studio/application', { displayName: 'Cô Lan', bio: 'Giáo viên Toán', bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'NGUYEN THI LAN' });
	expect(res.status, res.text).toBe(200);
	return user;
}

async function upload(who: TestUser, bytes: Uint8Array, purpose: 'file' | 'cover' | 'preview', fileName: string, contentType: string, complete = true): Promise<string> {
	const slot = await api(who, '/api/v1/studio/uploads', { purpose, fileName, contentType, sizeBytes: bytes.byteLength, sha256: sha256(bytes) });
	expect(slot.status, slot.text).toBe(200);
	const put = await fetch(slot.body.data.put.url, { method: 'PUT', headers: slot.body.data.put.headers, body: Buffer.from(bytes) });
	expect(put.status).toBe(200);
	if (complete) {
		const done = await api(who, `/api/v1/studio/uploads/${slot.body.data.upload.id}/complete`, {});
		expect(done.status, done.text).toBe(200);
	}
	return slot.body.data.upload.id;
}

const uniquePdf = (title: string) => pdfBytes(title, [`Mã ${randomUUID()}`, 'Bài 1: Tập hợp']);

async function draftWithFiles(who: TestUser, title: string, pdf = uniquePdf(title)) {
	const fileUploadId = await upload(who, pdf, 'file', 'giao-an.pdf', 'application/pdf');
	const coverUploadId = await upload(who, PNG, 'cover', 'bia.png', 'image/png');
	const res = await api(who, '/api/v1/studio/products', { title, description: 'Giáo án chi tiết 5 tiết.', categoryId: category.id, type: 'LESSON_PLAN', priceVnd: '35000', tags: ['toán 6'], fileUploadId, coverUploadId });
	expect(res.status, res.text).toBe(200);
	return { product: res.body.data, pdf, fileUploadId, coverUploadId };
}

async function publishedBy(who: TestUser, title: string) {
	const d = await draftWithFiles(who, title);
	expect((await api(who, `/api/v1/studio/products/${d.product.id}/submit`, {})).status).toBe(200);
	const ok = await api(staff, `/api/v1/admin/products/${d.product.id}/approve`, {});
	expect(ok.status, ok.text).toBe(200);
	return { ...d, product: ok.body.data };
}

/** The top message and the per-field ones: zod's failures say what is wrong field by field. */
const messages = (res: { body: any }) => [res.body.error.message, ...(res.body.error.details?.fields ?? []).map((f: any) => f.message)].join(' | ');

const productCount = async (who: TestUser) =>
	Number((await sql<{ n: string }>(server.url, 'SELECT count(*)::text AS n FROM products WHERE author_id = $1', [who.userId]))[0]!.n);

describe('applying to sell', () => {
	it('needs a verified email; then the account is an author at once, audited as its own act', async () => {
		const user = await createUser(server.url);
		const body = { displayName: 'Thầy Minh', bankName: 'BIDV', bankAccountNumber: '987654321', bankAccountHolder: 'TRAN VAN MINH' };
		const refused = await api(user, '/api/v1/studio/application', body);
		expect(refused.status).toBe(403);
		expect(refused.body.error).toMatchObject({ code: 'forbidden', details: { reason: 'email_unverified' } });
		expect(refused.body.error.message).toMatch(/xác minh địa chỉ email/);
		expect((await sql<{ role: string }>(server.url, 'SELECT role FROM users WHERE id = $1', [user.userId]))[0]!.role).toBe('customer');
		expect((await api(user, '/api/v1/studio/products')).status).toBe(403);

		await sql(server.url, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [user.userId]);
		const badAccount = await api(user, '/api/v1/studio/application', { ...body, bankAccountNumber: '12-34' });
		expect(badAccount.status).toBe(400);
		expect(messages(badAccount)).toMatch(/Số tài khoản chỉ gồm 6 đến 20 chữ số/);

		const ok = await api(user, '/api/v1/studio/application', body);
		expect(ok.status, ok.text).toBe(200);
		expect(ok.body.data).toMatchObject({ userId: user.userId, displayName: 'Thầy Minh', bankAccountNumber: '987654321' });
		expect((await api(user, '/api/v1/studio/profile')).body.data.bankName).toBe('BIDV');
		const [audit] = await sql<{ actor_user_id: string; summary: any }>(server.url, "SELECT actor_user_id, summary FROM audit_log WHERE target_id = $1 AND action = 'user.role_change'", [user.userId]);
		expect(audit).toMatchObject({ actor_user_id: user.userId, summary: { before: { role: 'customer' }, after: { role: 'author' } } });
		expect((await api(user, '/api/v1/studio/products')).status).toBe(200);
		expect((await api(null, '/api/v1/studio/products')).status).toBe(401);
	});
});

describe('from upload to sale', () => {
	it('draft → submit → approve → listed, searchable, detailed, bought by wallet and downloaded byte for byte', async () => {
		const a = await author();
		const word = `hinhhoc${randomUUID().slice(0, 6)}`;
		const { product, pdf } = await draftWithFiles(a, `Giáo án Toán 6 ${word}`);
		expect(product).toMatchObject({ status: 'draft', priceVnd: '35000', fileName: null, coverImageUrl: null, rejectionReason: null });
		// No sold file is fixed until submission, so nothing is previewed yet.
		expect(product.generatedPreview).toEqual({ status: null, imageUrls: [], pageCount: null, durationSeconds: null, reason: null });
		expect(product.file).toMatchObject({ fileName: 'giao-an.pdf', sizeBytes: pdf.byteLength });

		const submitted = await api(a, `/api/v1/studio/products/${product.id}/submit`, {});
		expect(submitted.status, submitted.text).toBe(200);
		expect(submitted.body.data).toMatchObject({ status: 'in_review', fileName: 'giao-an.pdf' });
		// Submitting queues the preview job (this server runs no worker; tests/e2e/supply-journey.spec.ts sees it finish).
		expect(submitted.body.data.generatedPreview).toEqual({ status: 'queued', imageUrls: [], pageCount: null, durationSeconds: null, reason: null });
		// In review, the author can no longer edit it.
		const locked = await api(a, `/api/v1/studio/products/${product.id}`, { title: 'Tiêu đề khác' }, 'PATCH');
		expect(locked.status).toBe(409);
		expect(locked.body.error.code).toBe('conflict');
		// Not on sale yet.
		expect((await api(null, `/api/v1/catalog/products/${product.fullPath}`)).status).toBe(404);

		const queue = await api(staff, '/api/v1/admin/reviews');
		expect(queue.status, queue.text).toBe(200);
		expect(queue.body.data.map((p: any) => p.id)).toContain(product.id);
		const approved = await api(staff, `/api/v1/admin/products/${product.id}/approve`, {});
		expect(approved.status, approved.text).toBe(200);
		expect(approved.body.data).toMatchObject({ status: 'published', authorId: a.userId, authorName: 'Cô Lan' });

		const detail = await api(null, `/api/v1/catalog/products/${product.fullPath}`);
		expect(detail.status, detail.text).toBe(200);
		expect(detail.body.data.product).toMatchObject({ id: product.id, priceVnd: '35000' });
		const cover = await fetch(server.url + detail.body.data.product.coverImageUrl);
		expect(cover.status).toBe(200);
		expect(cover.headers.get('content-type')).toBe('image/png');
		expect(Buffer.from(await cover.arrayBuffer())).toEqual(Buffer.from(PNG));
		const listing = await api(null, `/api/v1/catalog/categories/${category.path}`);
		expect(listing.body.data.map((p: any) => p.id)).toContain(product.id);
		const search = await api(null, `/api/v1/search?q=${word}`);
		expect(search.status, search.text).toBe(200);
		expect(search.body.data.map((p: any) => p.id)).toContain(product.id);

		// The public author page lists it, without the payout account; the product page links to it.
		const page = await api(null, `/api/v1/authors/${a.userId}`);
		expect(page.status, page.text).toBe(200);
		expect(page.body.data.author).toEqual({ id: a.userId, displayName: 'Cô Lan', bio: 'Giáo viên Toán' });
		expect(page.body.data.products.map((p: any) => p.id)).toEqual([product.id]);
		expect(page.text).not.toContain('0123456789');
		expect((await api(null, `/api/v1/authors/of-product/${product.id}`)).body.data).toEqual({ author: { id: a.userId, displayName: 'Cô Lan' } });
		const html = await (await fetch(`${server.url}/san-pham/${product.fullPath}`)).text();
		expect(html).toContain(`href="/tac-gia/${a.userId}"`);

		const buyer = await createUser(server.url);
		await creditWallet(server.url, buyer.userId, '50000');
		const order = await checkout(server.url, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer });
		expect(order.status, order.text).toBe(200);
		expect(order.body.data.status).toBe('PAID');
		const bytes = await downloadBytes(server.url, order.body.data.downloadUrl);
		expect(sha256(bytes)).toBe(sha256(pdf));

		const audit = await sql<{ action: string; actor_user_id: string }>(server.url, 'SELECT action, actor_user_id FROM audit_log WHERE target_id = $1', [product.id]);
		expect(audit).toEqual([{ action: 'product.approve', actor_user_id: staff.userId }]);
	});

	it('a rejection carries its reason to the author, who edits and resubmits', async () => {
		const a = await author();
		const { product } = await draftWithFiles(a, 'Bài giảng Toán 6 – Phân số');
		await api(a, `/api/v1/studio/products/${product.id}/submit`, {});
		const noReason = await api(staff, `/api/v1/admin/products/${product.id}/reject`, { reason: ' ' });
		expect(noReason.status).toBe(400);
		const rejected = await api(staff, `/api/v1/admin/products/${product.id}/reject`, { reason: 'Ảnh bìa bị mờ, vui lòng thay ảnh rõ hơn.' });
		expect(rejected.status, rejected.text).toBe(200);

		const seen = await api(a, `/api/v1/studio/products/${product.id}`);
		expect(seen.body.data).toMatchObject({ status: 'rejected', rejectionReason: 'Ảnh bìa bị mờ, vui lòng thay ảnh rõ hơn.' });
		expect((await api(a, '/api/v1/studio/products')).body.data[0]).toMatchObject({ id: product.id, rejectionReason: 'Ảnh bìa bị mờ, vui lòng thay ảnh rõ hơn.' });

		const edited = await api(a, `/api/v1/studio/products/${product.id}`, { title: 'Bài giảng Toán 6 – Phân số (bản mới)', priceVnd: '40000' }, 'PATCH');
		expect(edited.status, edited.text).toBe(200);
		const again = await api(a, `/api/v1/studio/products/${product.id}/submit`, {});
		expect(again.body.data).toMatchObject({ status: 'in_review', rejectionReason: null, priceVnd: '40000' });
	});
});

describe('refused input changes nothing', () => {
	it('answers 400 with a Vietnamese message for each bad field', async () => {
		const a = await author();
		const other = await author();
		const fileUploadId = await upload(a, uniquePdf('Phiếu'), 'file', 'phieu.pdf', 'application/pdf');
		const coverUploadId = await upload(a, PNG, 'cover', 'bia.png', 'image/png');
		const othersUpload = await upload(other, uniquePdf('Của người khác'), 'file', 'khac.pdf', 'application/pdf');
		const pending = await upload(a, uniquePdf('Chưa xong'), 'file', 'chua-xong.pdf', 'application/pdf', false);
		const good = { title: 'Phiếu học tập Toán 6', categoryId: category.id, type: 'LESSON_PLAN', priceVnd: '20000', fileUploadId, coverUploadId };
		const cases: [Record<string, unknown>, string, RegExp][] = [
			[{ priceVnd: '12.5' }, 'priceVnd', /VND nguyên/],
			[{ priceVnd: '1,000' }, 'priceVnd', /VND nguyên/],
			[{ priceVnd: '-1' }, 'priceVnd', /VND nguyên/],
			[{ priceVnd: 35000 }, 'priceVnd', /VND nguyên/],
			[{ priceVnd: '99999999999' }, 'priceVnd', /tối đa/],
			[{ categoryId: randomUUID() }, 'categoryId', /Danh mục không tồn tại/],
			[{ type: 'BOOK' }, 'type', /Loại học liệu không hợp lệ/],
			[{ fileUploadId: othersUpload }, 'fileUploadId', /không tìm thấy tệp/i],
			[{ fileUploadId: pending }, 'fileUploadId', /chưa được xác minh/],
			[{ fileUploadId: coverUploadId }, 'fileUploadId', /mục đích/],
			[{ title: '' }, 'title', /Tiêu đề/]
		];
		for (const [change, field, message] of cases) {
			const res = await api(a, '/api/v1/studio/products', { ...good, ...change });
			expect(res.status, `${JSON.stringify(change)}: ${res.text}`).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
			expect(messages(res), JSON.stringify(change)).toMatch(message);
			expect(res.body.error.details.fields.map((f: any) => f.path), JSON.stringify(change)).toContain(field);
		}
		expect(await productCount(a)).toBe(0);

		// The same checks on edit leave the draft as it was.
		const created = await api(a, '/api/v1/studio/products', good);
		expect(created.status, created.text).toBe(200);
		const before = await api(a, `/api/v1/studio/products/${created.body.data.id}`);
		for (const [change] of cases) {
			const res = await api(a, `/api/v1/studio/products/${created.body.data.id}`, change, 'PATCH');
			expect(res.status, JSON.stringify(change)).toBe(400);
		}
		expect((await api(a, `/api/v1/studio/products/${created.body.data.id}`)).body.data).toEqual(before.body.data);

		// Submitting without a cover is refused and the draft stays a draft.
		const bare = await api(a, '/api/v1/studio/products', { ...good, coverUploadId: null, fileUploadId: null });
		const incomplete = await api(a, `/api/v1/studio/products/${bare.body.data.id}/submit`, {});
		expect(incomplete.status).toBe(400);
		expect(incomplete.body.error.message).toMatch(/còn thiếu tệp bán và ảnh bìa/);
		expect((await api(a, `/api/v1/studio/products/${bare.body.data.id}`)).body.data.status).toBe('draft');
	});

	it('refuses at submit a sold file identical to another author\'s product on sale (409 duplicate_file)', async () => {
		const original = await author();
		const copier = await author();
		const pdf = uniquePdf('Giáo án gốc');
		// The original is on sale (imported by staff long ago, so no upload of it remains to catch the copy earlier).
		const key = `products/${randomUUID()}/goc.pdf`;
		await storeFile(server.url, key, pdf, 'application/pdf');
		await sql(
			server.url,
			`INSERT INTO products (category_id, type, title, slug, price_vnd, status, author_id, file_key, file_name, file_sha256)
			 VALUES ($1::uuid, 'LESSON_PLAN', 'Giáo án gốc', $2, 30000, 'published', $3::uuid, $4, 'goc.pdf', $5)`,
			[category.id, `goc-${randomUUID().slice(0, 8)}`, original.userId, key, sha256(pdf)]
		);
		const { product } = await draftWithFiles(copier, 'Giáo án sao chép', pdf);
		const res = await api(copier, `/api/v1/studio/products/${product.id}/submit`, {});
		expect(res.status, res.text).toBe(409);
		expect(res.body.error.code).toBe('duplicate_file');
		expect(res.body.error.message).toMatch(/trùng khớp hoàn toàn/);
		const [row] = await sql<{ status: string; file_key: string | null }>(server.url, 'SELECT status, file_key FROM products WHERE id = $1', [product.id]);
		expect(row).toEqual({ status: 'draft', file_key: null });
		expect((await sql(server.url, 'SELECT 1 FROM product_reviews WHERE product_id = $1', [product.id])).length).toBe(0);
	});
});

describe('one author, one set of products', () => {
	it('another author gets 404 reading, editing or submitting it', async () => {
		const a = await author();
		const b = await author();
		const { product } = await draftWithFiles(a, 'Giáo án riêng của cô A');
		expect((await api(b, `/api/v1/studio/products/${product.id}`)).status).toBe(404);
		const edit = await api(b, `/api/v1/studio/products/${product.id}`, { title: 'Của tôi rồi' }, 'PATCH');
		expect(edit.status).toBe(404);
		expect(edit.body.error.code).toBe('not_found');
		expect((await api(b, `/api/v1/studio/products/${product.id}/submit`, {})).status).toBe(404);
		expect((await api(b, '/api/v1/studio/products')).body.data).toEqual([]);
		expect((await api(a, `/api/v1/studio/products/${product.id}`)).body.data.title).toBe('Giáo án riêng của cô A');
	});
});

describe('staff product operations', () => {
	it('renames and moves: the old path answers 308 to the new one; a taken path is 409 and changes nothing', async () => {
		const a = await author();
		const { product } = await publishedBy(a, 'Giáo án Hình học 6');
		const { product: neighbour } = await publishedBy(a, 'Giáo án Số học 6');
		const oldPath = product.fullPath;

		const renamed = await api(staff, `/api/v1/admin/products/${product.id}/move`, { slug: 'giao-an-hinh-hoc-6' });
		expect(renamed.status, renamed.text).toBe(200);
		expect(renamed.body.data.fullPath).toBe(`${category.path}/giao-an-hinh-hoc-6`);
		const moved = await api(null, `/api/v1/catalog/products/${oldPath}`);
		expect(moved.status).toBe(308);
		expect(moved.headers.get('location')).toBe(`/api/v1/catalog/products/${category.path}/giao-an-hinh-hoc-6`);
		expect((await api(null, `/api/v1/catalog/products/${category.path}/giao-an-hinh-hoc-6`)).body.data.product.id).toBe(product.id);

		const movedAgain = await api(staff, `/api/v1/admin/products/${product.id}/move`, { categoryId: otherCategory.id });
		expect(movedAgain.body.data.fullPath).toBe(`${otherCategory.path}/giao-an-hinh-hoc-6`);
		// Every old path goes straight to the current one.
		for (const p of [oldPath, `${category.path}/giao-an-hinh-hoc-6`]) {
			const r = await api(null, `/api/v1/catalog/products/${p}`);
			expect(r.status).toBe(308);
			expect(r.headers.get('location')).toBe(`/api/v1/catalog/products/${otherCategory.path}/giao-an-hinh-hoc-6`);
		}

		const neighbourSlug = neighbour.fullPath.split('/').at(-1);
		const clash = await api(staff, `/api/v1/admin/products/${product.id}/move`, { categoryId: category.id, slug: neighbourSlug });
		expect(clash.status).toBe(409);
		expect(clash.body.error.code).toBe('conflict');
		expect(clash.body.error.message).toMatch(/đã thuộc về một học liệu khác/);
		expect((await api(staff, `/api/v1/admin/products/${product.id}`)).body.data.fullPath).toBe(`${otherCategory.path}/giao-an-hinh-hoc-6`);

		const audit = await sql<{ summary: any }>(server.url, "SELECT summary FROM audit_log WHERE target_id = $1 AND action = 'product.move' ORDER BY created_at, id", [product.id]);
		expect(audit.map((r) => r.summary)).toEqual([
			{ before: { path: oldPath }, after: { path: `${category.path}/giao-an-hinh-hoc-6` } },
			{ before: { path: `${category.path}/giao-an-hinh-hoc-6` }, after: { path: `${otherCategory.path}/giao-an-hinh-hoc-6` } }
		]);
	});

	it('unpublishes, publishes again and edits any product, each audited; finds products by title, status and author', async () => {
		const a = await author();
		const { product } = await publishedBy(a, 'Đề kiểm tra Đại số 6');
		const off = await api(staff, `/api/v1/admin/products/${product.id}/unpublish`, {});
		expect(off.body.data.status).toBe('unpublished');
		expect((await api(null, `/api/v1/catalog/products/${product.fullPath}`)).status).toBe(404);
		expect((await api(staff, `/api/v1/admin/products/${product.id}/unpublish`, {})).status).toBe(409);
		expect((await api(staff, `/api/v1/admin/products/${product.id}/publish`, {})).body.data.status).toBe('published');
		expect((await api(null, `/api/v1/catalog/products/${product.fullPath}`)).status).toBe(200);

		const edit = await api(staff, `/api/v1/admin/products/${product.id}`, { title: 'Đề kiểm tra Đại số 6 (có đáp án)', priceVnd: '45000' }, 'PATCH');
		expect(edit.status, edit.text).toBe(200);
		const bad = await api(staff, `/api/v1/admin/products/${product.id}`, { priceVnd: '45000.5' }, 'PATCH');
		expect(bad.status).toBe(400);
		const [audit] = await sql<{ summary: any }>(server.url, "SELECT summary FROM audit_log WHERE target_id = $1 AND action = 'product.edit'", [product.id]);
		expect(audit!.summary).toEqual({ before: { title: 'Đề kiểm tra Đại số 6', priceVnd: '35000' }, after: { title: 'Đề kiểm tra Đại số 6 (có đáp án)', priceVnd: '45000' } });
		expect((await api(null, `/api/v1/catalog/products/${product.fullPath}`)).body.data.product.priceVnd).toBe('45000');

		const found = await api(staff, `/api/v1/admin/products?q=${encodeURIComponent('dai so 6 (co')}&status=published&authorId=${a.userId}`);
		expect(found.status, found.text).toBe(200);
		expect(found.body.data.map((p: any) => p.id)).toEqual([product.id]);
		const actions = await sql<{ action: string }>(server.url, 'SELECT action FROM audit_log WHERE target_id = $1 ORDER BY created_at, id', [product.id]);
		expect(actions.map((r) => r.action)).toEqual(['product.approve', 'product.unpublish', 'product.publish', 'product.edit']);
	});
});
