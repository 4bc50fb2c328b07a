/**
 * Takedown notices and theft reports over HTTP against the built server: a
 * guest or a signed-in buyer reports a product on sale (validated in
 * Vietnamese, nothing written on a refusal, rate limited per reporter); staff
 * suspend the product pending review (gone from its page, search and
 * checkout), dismiss (back on sale unless another report holds it) or uphold,
 * each once, each audited.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout } from '../helpers/checkout';
import { clearOfWindowEdge, createUser, HOUR_WINDOW, request, sql, type TestUser } from '../helpers/http';
import { createProduct } from '../helpers/music-fixtures';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;

const post = (path: string, json: unknown, o: { user?: TestUser; ip?: string } = {}) =>
	request(base, path, {
		method: 'POST',
		json,
		headers: { origin: base, 'x-forwarded-for': o.ip ?? `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, ...(o.user ? { cookie: o.user.cookie } : {}) }
	});
const asStaff = (path: string) => request(base, path, { headers: { cookie: staff.cookie } });

const notice = (productId: string, extra: Record<string, unknown> = {}) => ({
	productId,
	kind: 'copyright',
	name: 'Nhà xuất bản Giáo dục',
	email: 'BanQuyen@nxb.example.vn',
	organisation: 'NXB Giáo dục Việt Nam',
	originalWork: 'https://nxb.example.vn/sach-giao-vien-toan-1',
	message: 'Tài liệu này sao chép nguyên văn sách giáo viên Toán 1 của chúng tôi, trang 12 đến 20.',
	sworn: true,
	...extra
});

async function product(title: string): Promise<{ id: string; fullPath: string }> {
	const id = await createProduct(base, { type: 'LESSON_PLAN', title, priceVnd: '20000' });
	const [row] = await sql<{ full_path: string }>(base, `SELECT c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`, [id]);
	return { id, fullPath: row!.full_path };
}

const reportCount = async () => (await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM product_reports'))[0]!.n;
const detailStatus = async (fullPath: string) => (await request(base, `/api/v1/catalog/products/${fullPath}`)).status;

beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: 'true', REPORT_RATE_LIMIT: '3', REPORT_RATE_LIMIT_IP: '100', CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

describe('filing a report', () => {
	it('a guest files a takedown notice; a signed-in buyer a theft report', async () => {
		const p = await product('Giáo án Toán lớp 1 bị báo cáo');
		const guest = await post('/api/v1/reports', notice(p.id));
		expect(guest.status, guest.text).toBe(200);
		expect(guest.body.data).toMatchObject({ status: 'open' });
		const [row] = await sql<{ reporter_user_id: string | null; reporter_email: string; sworn: boolean }>(
			base,
			'SELECT reporter_user_id, reporter_email, sworn_at IS NOT NULL AS sworn FROM product_reports WHERE id = $1',
			[guest.body.data.id]
		);
		expect(row).toEqual({ reporter_user_id: null, reporter_email: 'banquyen@nxb.example.vn', sworn: true });

		const buyer = await createUser(base);
		const theft = await post('/api/v1/reports', { ...notice(p.id), kind: 'theft', sworn: false, name: 'Cô Hạnh' }, { user: buyer });
		expect(theft.status, theft.text).toBe(200);
		expect((await sql(base, 'SELECT reporter_user_id FROM product_reports WHERE id = $1', [theft.body.data.id]))[0]).toEqual({ reporter_user_id: buyer.userId });
	});

	it('explains each bad field in Vietnamese and writes nothing', async () => {
		const p = await product('Giáo án Tiếng Việt lớp 2');
		const before = await reportCount();
		for (const [body, field, message] of [
			[{ sworn: false }, 'sworn', 'Yêu cầu gỡ bỏ vì bản quyền cần lời xác nhận bạn là chủ sở hữu hoặc được uỷ quyền.'],
			[{ kind: 'theft', originalWork: '' }, 'originalWork', 'Vui lòng cho biết bản gốc ở đâu (đường dẫn hoặc mô tả).'],
			[{ message: 'quá ngắn' }, 'message', 'Vui lòng mô tả vi phạm ít nhất 20 ký tự.'],
			[{ email: 'khong-phai-email' }, 'email', 'Email không hợp lệ.'],
			[{ name: ' ' }, 'name', 'Vui lòng nhập họ tên.']
		] as const) {
			const res = await post('/api/v1/reports', notice(p.id, body));
			expect(res.status, field).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
			expect(res.body.error.details.fields).toContainEqual({ path: field, message });
		}
		const hidden = await product('Giáo án đã ngừng bán');
		await sql(base, "UPDATE products SET status = 'unpublished' WHERE id = $1", [hidden.id]);
		for (const productId of [hidden.id, randomUUID()]) {
			const res = await post('/api/v1/reports', notice(productId));
			expect(res.status).toBe(404);
			expect(res.body.error.message).toBe('Không tìm thấy học liệu đang bán để báo cáo.');
		}
		expect(await reportCount()).toBe(before);
	});

	it('is rate limited per account, whatever the address', async () => {
		await clearOfWindowEdge(base, HOUR_WINDOW);
		const p = await product('Giáo án Địa lí lớp 6');
		const reporter = await createUser(base);
		for (let i = 0; i < 3; i++) expect((await post('/api/v1/reports', notice(p.id), { user: reporter })).status).toBe(200);
		const limited = await post('/api/v1/reports', notice(p.id), { user: reporter });
		expect(limited.status).toBe(429);
		expect(limited.body.error.code).toBe('rate_limited');
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
		// Someone else is not affected.
		expect((await post('/api/v1/reports', notice(p.id), { user: await createUser(base) })).status).toBe(200);
	});
});

describe('the staff queue', () => {
	it('suspends a product pending review (gone from its page, search and checkout), then dismissal puts it back', async () => {
		const p = await product('Bài giảng Khoa học tự nhiên lớp 7 Kỳ Lân');
		const filed = (await post('/api/v1/reports', notice(p.id))).body.data;
		const queue = (await asStaff('/api/v1/admin/reports?status=open')).body.data;
		expect(queue.find((r: { id: string }) => r.id === filed.id)).toMatchObject({ productTitle: 'Bài giảng Khoa học tự nhiên lớp 7 Kỳ Lân', kind: 'copyright', sworn: true, pendingOnProduct: 1 });
		const searchHits = async () => (await request(base, `/api/v1/search?q=${encodeURIComponent('Kỳ Lân')}`)).body.data.map((i: { id: string }) => i.id);
		expect(await searchHits()).toContain(p.id);

		const suspended = await post(`/api/v1/admin/reports/${filed.id}/suspend`, { note: 'Chờ tác giả gửi giấy phép' }, { user: staff });
		expect(suspended.status, suspended.text).toBe(200);
		expect(suspended.body.data).toMatchObject({ status: 'suspended', productStatus: 'suspended', suspendedProduct: true, productFullPath: null });
		expect(await detailStatus(p.fullPath)).toBe(404);
		expect(await searchHits()).not.toContain(p.id);
		const buyer = await createUser(base);
		expect((await checkout(base, { productId: p.id, paymentMethod: 'qr_direct' }, { user: buyer })).status).toBe(400);
		expect((await post(`/api/v1/admin/reports/${filed.id}/suspend`, {}, { user: staff })).status).toBe(409);

		const tooShort = await post(`/api/v1/admin/reports/${filed.id}/decide`, { decision: 'dismissed', note: 'ok' }, { user: staff });
		expect(tooShort.status).toBe(400);
		const dismissed = await post(`/api/v1/admin/reports/${filed.id}/decide`, { decision: 'dismissed', note: 'Tác giả gửi giấy phép của nhà xuất bản.' }, { user: staff });
		expect(dismissed.status, dismissed.text).toBe(200);
		expect(dismissed.body.data).toMatchObject({ status: 'dismissed', productStatus: 'published', decisionNote: 'Tác giả gửi giấy phép của nhà xuất bản.', decidedByEmail: staff.email });
		expect(await detailStatus(p.fullPath)).toBe(200);
		const again = await post(`/api/v1/admin/reports/${filed.id}/decide`, { decision: 'upheld', note: 'Đổi ý sau khi xem lại.' }, { user: staff });
		expect(again.status).toBe(409);
		expect(again.body.error.code).toBe('conflict');

		const audit = (await asStaff(`/api/v1/admin/audit?targetType=product_report&targetId=${filed.id}`)).body.data;
		expect(audit.map((a: { action: string }) => a.action).sort()).toEqual(['report.dismiss', 'report.suspend']);
	});

	it('upholding takes the product off sale; dismissing one report leaves it off while another holds it', async () => {
		const p = await product('Giáo án Lịch sử lớp 8 sao chép');
		const [a, b] = [(await post('/api/v1/reports', notice(p.id))).body.data, (await post('/api/v1/reports', notice(p.id, { kind: 'theft', sworn: false }))).body.data];
		expect((await post(`/api/v1/admin/reports/${a.id}/suspend`, {}, { user: staff })).status).toBe(200);
		// b was open when the product went off sale: upholding it keeps the product off sale.
		const upheld = await post(`/api/v1/admin/reports/${b.id}/decide`, { decision: 'upheld', note: 'Trùng khớp với tài liệu gốc.' }, { user: staff });
		expect(upheld.body.data).toMatchObject({ status: 'upheld', productStatus: 'suspended' });
		const dismissed = await post(`/api/v1/admin/reports/${a.id}/decide`, { decision: 'dismissed', note: 'Trùng với báo cáo đã chấp nhận.' }, { user: staff });
		expect(dismissed.body.data).toMatchObject({ status: 'dismissed', productStatus: 'suspended' });
		expect(await detailStatus(p.fullPath)).toBe(404);

		// Upheld straight from open: the product goes off sale.
		const q = await product('Giáo án Sinh học lớp 9');
		const c = (await post('/api/v1/reports', notice(q.id, { kind: 'content', sworn: false, originalWork: '' }))).body.data;
		const direct = await post(`/api/v1/admin/reports/${c.id}/decide`, { decision: 'upheld', note: 'Sai kiến thức nghiêm trọng ở bài 3.' }, { user: staff });
		expect(direct.body.data).toMatchObject({ status: 'upheld', productStatus: 'suspended' });
		expect(await detailStatus(q.fullPath)).toBe(404);
		expect((await asStaff(`/api/v1/admin/reports/${randomUUID()}`)).status).toBe(404);
	});
});
