/**
 * The first staff operations over HTTP against the built server: account
 * look-up, role changes and disabling, each audited in the same transaction,
 * and an audit log the database itself keeps append-only.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let staff: TestUser;

beforeAll(async () => {
	server = await startServer();
	staff = await createUser(server.url, { role: 'staff' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

const asStaff = (path: string, init: { method?: string; json?: unknown } = {}, who: TestUser = staff) =>
	request(server.url, path, { ...init, headers: { origin: server.url, cookie: who.cookie } });

async function auditRows(targetId: string) {
	return sql<{ action: string; actor_user_id: string | null; summary: any }>(
		server.url,
		'SELECT action, actor_user_id, summary FROM audit_log WHERE target_id = $1 ORDER BY created_at, id',
		[targetId]
	);
}

describe('GET /api/v1/admin/users', () => {
	it('finds accounts by email or name fragment, a page at a time', async () => {
		const tag = randomUUID().slice(0, 8);
		const made = [];
		for (let i = 0; i < 3; i++) made.push(await createUser(server.url, { email: `tim-${tag}-${i}@truong.edu.vn` }));
		await createUser(server.url, { name: `Thầy ${tag} Tên` });

		const first = await asStaff(`/api/v1/admin/users?q=TIM-${tag}&pageSize=2`);
		expect(first.status, first.text).toBe(200);
		expect(first.body.data.map((u: any) => u.email)).toEqual([made[0]!.email, made[1]!.email]);
		expect(first.body.hasMore).toBe(true);
		const second = await asStaff(`/api/v1/admin/users?q=TIM-${tag}&pageSize=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
		expect(second.body.data.map((u: any) => u.email)).toEqual([made[2]!.email]);
		expect(second.body.hasMore).toBe(false);

		const byName = await asStaff(`/api/v1/admin/users?q=${encodeURIComponent(`${tag} tên`)}`);
		expect(byName.body.data).toHaveLength(1);
		expect(byName.body.data[0].name).toBe(`Thầy ${tag} Tên`);
		// Wildcards typed by staff are literal.
		expect((await asStaff(`/api/v1/admin/users?q=${encodeURIComponent(`tim-${tag}-_`)}`)).body.data).toEqual([]);
		// A cursor from another query is refused.
		const foreign = await asStaff(`/api/v1/admin/users?q=other&cursor=${encodeURIComponent(first.body.nextCursor)}`);
		expect(foreign.status).toBe(400);
	});
});

describe('GET /api/v1/admin/users/{id}', () => {
	it('shows role, creation, verification, wallet balance and sessions', async () => {
		const user = await createUser(server.url);
		const res = await asStaff(`/api/v1/admin/users/${user.userId}`);
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({
			id: user.userId,
			email: user.email,
			role: 'customer',
			emailVerified: false,
			disabledAt: null,
			wallet: { main: '0', bonus: '0', total: '0' },
			activeSessions: 1
		});
		expect(Date.parse(res.body.data.createdAt)).not.toBeNaN();
		const missing = await asStaff(`/api/v1/admin/users/${randomUUID()}`);
		expect(missing.status).toBe(404);
		expect(missing.body.error.code).toBe('not_found');
		expect((await asStaff('/api/v1/admin/users/khong-phai-uuid')).status).toBe(400);
	});
});

describe('POST /api/v1/admin/users/{id}/role', () => {
	it('changes the role and audits it with before/after in the same change', async () => {
		const user = await createUser(server.url);
		const res = await asStaff(`/api/v1/admin/users/${user.userId}/role`, { method: 'POST', json: { role: 'author' } });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data.role).toBe('author');
		// The account's own session sees the new role at once.
		expect((await request(server.url, '/api/auth/session', { headers: { cookie: user.cookie } })).body.user.role).toBe('author');

		const rows = await auditRows(user.userId);
		expect(rows).toEqual([
			{ action: 'user.role_change', actor_user_id: staff.userId, summary: { before: { role: 'customer' }, after: { role: 'author' } } }
		]);
		// Setting the same role again changes nothing and writes nothing.
		expect((await asStaff(`/api/v1/admin/users/${user.userId}/role`, { method: 'POST', json: { role: 'author' } })).status).toBe(200);
		expect(await auditRows(user.userId)).toHaveLength(1);

		const bad = await asStaff(`/api/v1/admin/users/${user.userId}/role`, { method: 'POST', json: { role: 'admin' } });
		expect(bad.status).toBe(400);
		expect(bad.body.error.code).toBe('validation_error');
	});

	it('refuses to take away the acting staff member\'s own staff role', async () => {
		const res = await asStaff(`/api/v1/admin/users/${staff.userId}/role`, { method: 'POST', json: { role: 'customer' } });
		expect(res.status).toBe(409);
		expect(res.body.error.code).toBe('conflict');
		expect(res.body.error.message).toMatch(/quyền quản trị/);
		expect((await request(server.url, '/api/auth/session', { headers: { cookie: staff.cookie } })).body.user.role).toBe('staff');
		expect(await auditRows(staff.userId)).toEqual([]);
	});
});

describe('POST /api/v1/admin/users/{id}/disable', () => {
	it('revokes every session at once and refuses sign-in from then on', async () => {
		const email = `khoa-${randomUUID().slice(0, 8)}@truong.edu.vn`;
		const password = 'Một mật khẩu đủ dài 2026';
		const signUp = await request(server.url, '/api/auth/sign-up/email', { method: 'POST', json: { email, password }, headers: { origin: server.url } });
		expect(signUp.status, signUp.text).toBe(200);
		const cookie = signUp.headers.getSetCookie().find((c) => c.startsWith('auth.session_data='))!.split(';')[0]!;
		const userId = signUp.body.user.id as string;
		expect((await request(server.url, '/api/v1/wallet/balance', { headers: { cookie } })).status).toBe(200);

		const res = await asStaff(`/api/v1/admin/users/${userId}/disable`, { method: 'POST', json: { reason: 'Gian lận thanh toán' } });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data.activeSessions).toBe(0);
		expect(Date.parse(res.body.data.disabledAt)).not.toBeNaN();

		const after = await request(server.url, '/api/v1/wallet/balance', { headers: { cookie } });
		expect(after.status).toBe(401);
		expect(after.body.error.code).toBe('unauthenticated');
		expect(await sql(server.url, 'SELECT id FROM sessions WHERE user_id = $1::uuid', [userId])).toEqual([]);

		const signIn = await request(server.url, '/api/auth/sign-in/email', { method: 'POST', json: { email, password }, headers: { origin: server.url } });
		expect(signIn.status).toBe(403);
		expect(signIn.body.error.code).toBe('forbidden');
		expect(signIn.body.error.message).toMatch(/bị khoá/);
		expect(signIn.headers.getSetCookie().some((c) => c.startsWith('auth.session_data=') && !/Max-Age=0/i.test(c))).toBe(false);

		const rows = await auditRows(userId);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			action: 'user.disable',
			actor_user_id: staff.userId,
			summary: { before: { disabledAt: null }, after: { disabledAt: res.body.data.disabledAt }, sessionsRevoked: 1, reason: 'Gian lận thanh toán' }
		});
		// Disabling twice changes nothing more.
		expect((await asStaff(`/api/v1/admin/users/${userId}/disable`, { method: 'POST', json: {} })).status).toBe(200);
		expect(await auditRows(userId)).toHaveLength(1);
	});

	it('refuses to disable the acting account', async () => {
		const res = await asStaff(`/api/v1/admin/users/${staff.userId}/disable`, { method: 'POST', json: {} });
		expect(res.status).toBe(409);
		expect((await request(server.url, '/api/auth/session', { headers: { cookie: staff.cookie } })).body.user.id).toBe(staff.userId);
	});
});

describe('GET /api/v1/admin/audit', () => {
	it('filters by actor, action, target and date range, newest first, a page at a time', async () => {
		const other = await createUser(server.url, { role: 'staff' });
		const a = await createUser(server.url);
		const b = await createUser(server.url);
		await asStaff(`/api/v1/admin/users/${a.userId}/role`, { method: 'POST', json: { role: 'author' } }, other);
		await asStaff(`/api/v1/admin/users/${a.userId}/role`, { method: 'POST', json: { role: 'staff' } }, other);
		await asStaff(`/api/v1/admin/users/${b.userId}/disable`, { method: 'POST', json: {} }, other);

		const mine = await asStaff(`/api/v1/admin/audit?actorId=${other.userId}`);
		expect(mine.status, mine.text).toBe(200);
		expect(mine.body.data.map((e: any) => [e.action, e.targetId])).toEqual([
			['user.disable', b.userId],
			['user.role_change', a.userId],
			['user.role_change', a.userId]
		]);
		expect(mine.body.data[0].actorEmail).toBe(other.email);
		expect(mine.body.data[1].summary).toEqual({ before: { role: 'author' }, after: { role: 'staff' } });

		const roleChanges = await asStaff(`/api/v1/admin/audit?actorId=${other.userId}&action=user.role_change&pageSize=1`);
		expect(roleChanges.body.data).toHaveLength(1);
		expect(roleChanges.body.hasMore).toBe(true);
		const next = await asStaff(
			`/api/v1/admin/audit?actorId=${other.userId}&action=user.role_change&pageSize=1&cursor=${encodeURIComponent(roleChanges.body.nextCursor)}`
		);
		expect(next.body.data[0].summary.after).toEqual({ role: 'author' });
		expect(next.body.hasMore).toBe(false);

		const onB = await asStaff(`/api/v1/admin/audit?targetType=user&targetId=${b.userId}`);
		expect(onB.body.data.map((e: any) => e.action)).toEqual(['user.disable']);

		const at = Date.parse(mine.body.data[0].createdAt);
		const window = (from: number, to: number) =>
			asStaff(`/api/v1/admin/audit?actorId=${other.userId}&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`);
		expect((await window(at, at + 1)).body.data.map((e: any) => e.action)).toContain('user.disable');
		expect((await window(at + 1, at + 60_000)).body.data).toEqual([]);
		const backwards = await window(at + 1, at);
		expect(backwards.status).toBe(400);
	});

	it('is append-only in the database itself', async () => {
		const user = await createUser(server.url);
		await asStaff(`/api/v1/admin/users/${user.userId}/role`, { method: 'POST', json: { role: 'author' } });
		const before = await auditRows(user.userId);
		expect(before).toHaveLength(1);
		await expect(sql(server.url, "UPDATE audit_log SET action = 'doctored' WHERE target_id = $1", [user.userId])).rejects.toThrow(/sql hook failed \(500\)/);
		await expect(sql(server.url, 'DELETE FROM audit_log WHERE target_id = $1', [user.userId])).rejects.toThrow(/sql hook failed \(500\)/);
		await expect(sql(server.url, 'TRUNCATE audit_log')).rejects.toThrow(/sql hook failed \(500\)/);
		expect(await auditRows(user.userId)).toEqual(before);
	});
});
