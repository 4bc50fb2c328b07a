/**
 * The staff console pages (/quan-tri) on the built server: who may see them,
 * and that their forms change accounts through the admin procedures (so the
 * change is audited like any other).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let staff: TestUser;
let buyer: TestUser;

beforeAll(async () => {
	server = await startServer();
	staff = await createUser(server.url, { role: 'staff', email: 'quantri-console@truong.edu.vn' });
	buyer = await createUser(server.url);
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

const page = (path: string, cookie?: string) => request(server.url, path, { headers: cookie ? { cookie } : {} });

function submit(path: string, fields: Record<string, string>, cookie: string) {
	return request(server.url, path, {
		method: 'POST',
		body: new URLSearchParams(fields).toString(),
		// A browser without JavaScript: the HTML page comes back, with the action's status.
		headers: { cookie, origin: server.url, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }
	});
}

describe('/quan-tri', () => {
	it('sends visitors to sign in and back, and shows other accounts a Vietnamese 403 page', async () => {
		for (const path of ['/quan-tri', '/quan-tri/nguoi-dung', `/quan-tri/nguoi-dung/${buyer.userId}`, '/quan-tri/nhat-ky']) {
			const anonymous = await page(path);
			expect(anonymous.status, path).toBe(303);
			expect(anonymous.headers.get('location')).toBe(`/dang-nhap?returnTo=${encodeURIComponent(path)}`);
			const asBuyer = await page(path, buyer.cookie);
			expect(asBuyer.status, path).toBe(403);
			expect(asBuyer.text).toContain('chỉ dành cho nhân viên');
		}
	});

	it('lets staff look accounts up, change a role and disable an account, audited', async () => {
		const list = await page(`/quan-tri/nguoi-dung?q=${encodeURIComponent(buyer.email)}`, staff.cookie);
		expect(list.status).toBe(200);
		expect(list.text).toContain(`href="/quan-tri/nguoi-dung/${buyer.userId}"`);

		const detailPath = `/quan-tri/nguoi-dung/${buyer.userId}`;
		const detail = await page(detailPath, staff.cookie);
		expect(detail.status).toBe(200);
		expect(detail.text).toMatch(/<dd[^>]*>Khách hàng<\/dd>/);
		expect(detail.text).toContain('0 ₫');

		const changed = await submit(`${detailPath}?/role`, { role: 'author' }, staff.cookie);
		expect(changed.status, changed.text.slice(0, 300)).toBe(200);
		expect(changed.text).toContain('Đã đổi vai trò.');
		const refused = await submit(`${detailPath}?/role`, { role: 'chu-nhan' }, staff.cookie);
		expect(refused.status).toBe(400);

		const disabled = await submit(`${detailPath}?/disable`, { reason: 'Thử khoá từ trang quản trị' }, staff.cookie);
		expect(disabled.status).toBe(200);
		expect(disabled.text).toContain('Đã khoá tài khoản');
		expect((await request(server.url, '/api/auth/session', { headers: { cookie: buyer.cookie } })).body).toBeFalsy();

		const rows = await sql<{ action: string; actor_user_id: string }>(
			server.url,
			'SELECT action, actor_user_id FROM audit_log WHERE target_id = $1 ORDER BY created_at',
			[buyer.userId]
		);
		expect(rows).toEqual([
			{ action: 'user.role_change', actor_user_id: staff.userId },
			{ action: 'user.disable', actor_user_id: staff.userId }
		]);

		const audit = await page(`/quan-tri/nhat-ky?action=user.disable&targetId=${buyer.userId}`, staff.cookie);
		expect(audit.status).toBe(200);
		expect(audit.text).toContain('Lý do: Thử khoá từ trang quản trị');
	});

	it('refuses form posts from accounts without the staff role, whatever the page guard does', async () => {
		const other = await createUser(server.url);
		const res = await submit(`/quan-tri/nguoi-dung/${other.userId}?/role`, { role: 'staff' }, other.cookie);
		expect(res.status).toBe(403);
		expect((await request(server.url, '/api/auth/session', { headers: { cookie: other.cookie } })).body.user.role).toBe('customer');
	});
});
