/**
 * `npm run ops -- staff:create` bootstraps the first staff account: on a fresh
 * embedded data directory before the server ever started (the CLI migrates
 * it), or on PostgreSQL next to a running server. The account then signs in
 * with that password and reaches the staff-only API.
 */
import { afterAll, expect, it } from 'vitest';
import { request } from '../helpers/http';
import { openOpsWorkspace, ops, type OpsWorkspace } from '../helpers/ops';

let workspace: OpsWorkspace | undefined;
afterAll(async () => {
	await workspace?.close();
}, 180_000);

it('creates a staff account that can sign in and use the admin API, refusing weak passwords', async () => {
	workspace = await openOpsWorkspace('hoclieu-ops-staff-', { fresh: true });
	const { env } = workspace;
	const email = 'Quan.Tri@Truong.edu.vn';
	const password = 'Bảng đen phấn trắng 2026';

	const common = await ops(env, 'staff:create', '--email', email, '--password', 'password123');
	expect(common.code).toBe(2);
	expect(common.stderr).toContain('quá phổ biến');
	const short = await ops(env, 'staff:create', '--email', email, '--password', 'ngan');
	expect(short.code).toBe(2);
	expect(short.stderr).toContain('ít nhất 8 ký tự');
	expect((await ops(env, 'staff:create', '--email', email)).code).toBe(2);

	const created = await ops(env, 'staff:create', '--email', email, '--password', password);
	expect(created.code, created.stderr).toBe(0);
	expect(created.stdout).toContain('quan.tri@truong.edu.vn');

	const base = (await workspace.serve()).url;
	const signIn = await request(base, '/api/auth/sign-in/email', { method: 'POST', json: { email, password }, headers: { origin: base } });
	expect(signIn.status, signIn.text).toBe(200);
	expect(signIn.body.user).toMatchObject({ email: 'quan.tri@truong.edu.vn', role: 'staff', emailVerified: true });
	const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('auth.session_data='))!.split(';')[0]!;

	const users = await request(base, '/api/v1/admin/users?q=quan.tri', { headers: { cookie } });
	expect(users.status, users.text).toBe(200);
	expect(users.body.data).toEqual([expect.objectContaining({ email: 'quan.tri@truong.edu.vn', role: 'staff', emailVerified: true })]);
	const audit = await request(base, `/api/v1/admin/audit?targetId=${signIn.body.user.id}`, { headers: { cookie } });
	expect(audit.body.data).toEqual([expect.objectContaining({ action: 'user.staff_create', actorId: null })]);

	// Promoting an existing buyer: with PGlite the CLI needs the data directory to itself.
	const buyerEmail = 'nguoi.mua@truong.edu.vn';
	const buyerPassword = 'Mua học liệu mỗi ngày';
	const signUp = await request(base, '/api/auth/sign-up/email', { method: 'POST', json: { email: buyerEmail, password: buyerPassword }, headers: { origin: base } });
	expect(signUp.status, signUp.text).toBe(200);
	const buyerCookie = signUp.headers.getSetCookie().find((c) => c.startsWith('auth.session_data='))!.split(';')[0]!;
	expect((await request(base, '/api/v1/admin/users', { headers: { cookie: buyerCookie } })).status).toBe(403);
	await workspace.releaseForCli();
	const promoted = await ops(env, 'staff:create', '--email', buyerEmail, '--password', 'Mật khẩu quản trị mới tinh');
	expect(promoted.code, promoted.stderr).toBe(0);
	const server = await workspace.serve();
	// The old password and its sessions are gone; the new one reaches the admin API.
	expect((await request(server.url, '/api/auth/session', { headers: { cookie: buyerCookie } })).body).toBeFalsy();
	const again = await request(server.url, '/api/auth/sign-in/email', {
		method: 'POST',
		json: { email: buyerEmail, password: 'Mật khẩu quản trị mới tinh' },
		headers: { origin: server.url }
	});
	expect(again.status, again.text).toBe(200);
	expect(again.body.user).toMatchObject({ role: 'staff', emailVerified: true });
}, 240_000);
