/**
 * The account page's procedures and routes over real HTTP against the built
 * server: the profile (validated in Vietnamese, printed on receipt PDFs),
 * password change (other sessions end, this one stays), the devices list and
 * "sign out elsewhere", the data export, and deletion (refused while the
 * wallet holds money; afterwards personal data is gone, orders and ledger
 * stay, and the old credentials no longer sign in).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkout, sellable } from '../helpers/checkout';
import { request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { creditWallet } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';
import { fieldErrors, trpcMutation, trpcQuery } from '../helpers/trpc';

let server: TestServer;
let base: string;

const PASSWORD = 'Mùa thu lớp học 2025';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const freshEmail = () => `gv-${randomUUID().slice(0, 8)}@truong.edu.vn`;

beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
}, 120_000);
afterAll(async () => {
	if (base) await expectMoneyInvariants(base);
	await server?.stop();
});
beforeEach(async () => {
	await request(base, '/api/internal/test/ratelimit-reset', { method: 'POST' });
});

interface Device {
	cookie: string;
	ua: string;
	ip: string;
}

function sessionCookie(headers: Headers): string {
	const raw = headers.getSetCookie().find((c) => c.startsWith('auth.session_data='));
	if (!raw) throw new Error('no session cookie');
	return raw.split(';')[0]!;
}

async function signUp(email = freshEmail(), ua = FIREFOX_WINDOWS, ip = '203.0.113.41'): Promise<{ email: string; user: TestUser; device: Device }> {
	const res = await request(base, '/api/auth/sign-up/email', { method: 'POST', json: { email, password: PASSWORD, name: 'Cô Lan' }, headers: { 'user-agent': ua, 'x-forwarded-for': ip } });
	expect(res.status, res.text).toBe(200);
	const cookie = sessionCookie(res.headers);
	const who = await request(base, '/api/auth/session', { headers: { cookie } });
	return { email, user: { userId: who.body.user.id, email, cookie }, device: { cookie, ua, ip } };
}

async function signIn(email: string, password = PASSWORD, ua = CHROME_ANDROID, ip = '198.51.100.7') {
	return request(base, '/api/auth/sign-in/email', { method: 'POST', json: { email, password }, headers: { 'user-agent': ua, 'x-forwarded-for': ip } });
}

async function secondDevice(email: string, ua = CHROME_ANDROID, ip = '198.51.100.7'): Promise<Device> {
	const res = await signIn(email, PASSWORD, ua, ip);
	expect(res.status, res.text).toBe(200);
	return { cookie: sessionCookie(res.headers), ua, ip };
}

const as = (d: Device) => ({ cookie: d.cookie, 'user-agent': d.ua, 'x-forwarded-for': d.ip });
const signedIn = async (d: Device) => (await trpcQuery(base, 'account.profile', undefined, as(d))).status === 200;

function pdfText(bytes: Buffer): string {
	const out = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
	if (out.error) throw new Error(`pdftotext is needed for this test (apt-get install poppler-utils): ${out.error.message}`);
	expect(out.status, out.stderr.toString()).toBe(0);
	return out.stdout.toString('utf8').replace(/\s+/g, ' ');
}

async function walletPurchase(user: TestUser, priceVnd: string) {
	const product = await sellable(base, { priceVnd, title: `Giáo án Tiếng Việt ${randomUUID().slice(0, 6)}` });
	const res = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user });
	expect(res.status, res.text).toBe(200);
	return { productId: product.id, order: res.body.data };
}

describe('profile', () => {
	it('is read and saved; a tax code must be 10 digits or 10-3; blank fields clear the value', async () => {
		const { email, device } = await signUp();
		const read = await trpcQuery(base, 'account.profile', undefined, as(device));
		expect(read.status).toBe(200);
		expect(read.data).toMatchObject({ email, name: 'Cô Lan', schoolName: null, taxCode: null, hasPassword: true });

		for (const taxCode of ['12345', '01012345678', '0101234567-01', '0101234567_001', 'MST0101234']) {
			const bad = await trpcMutation(base, 'account.updateProfile', { name: 'Cô Lan', schoolName: 'Trường A', taxCode }, as(device));
			expect(bad.status, taxCode).toBe(400);
			expect(bad.error?.data.appCode).toBe('validation_error');
			expect(fieldErrors(bad).taxCode).toContain('Mã số thuế gồm 10 chữ số');
		}
		const longSchool = await trpcMutation(base, 'account.updateProfile', { schoolName: 'T'.repeat(121) }, as(device));
		expect(longSchool.status).toBe(400);
		expect(fieldErrors(longSchool).schoolName).toBe('Tên trường tối đa 120 ký tự.');
		// Nothing was written by the refusals.
		expect((await trpcQuery(base, 'account.profile', undefined, as(device))).data.taxCode).toBeNull();

		const saved = await trpcMutation(base, 'account.updateProfile', { name: 'Nguyễn Thị Lan', schoolName: 'Trường Tiểu học Kim Đồng', taxCode: ' 0101234567-001 ' }, as(device));
		expect(saved.status, JSON.stringify(saved.error)).toBe(200);
		expect(saved.data).toMatchObject({ name: 'Nguyễn Thị Lan', schoolName: 'Trường Tiểu học Kim Đồng', taxCode: '0101234567-001' });

		const cleared = await trpcMutation(base, 'account.updateProfile', { name: 'Nguyễn Thị Lan', schoolName: '', taxCode: '' }, as(device));
		expect(cleared.data).toMatchObject({ schoolName: null, taxCode: null });
		expect((await trpcQuery(base, 'account.profile', undefined)).status).toBe(401);
	});

	it('puts the school and tax code on receipt PDFs; a school named on the receipt link wins', async () => {
		const { user, device } = await signUp();
		await trpcMutation(base, 'account.updateProfile', { name: 'Nguyễn Thị Lan', schoolName: 'Trường THCS Lê Quý Đôn', taxCode: '0312345678' }, as(device));
		await creditWallet(base, user.userId, '40000');
		const { order } = await walletPurchase(user, '40000');

		const res = await fetch(`${base}/thanh-toan/${order.id}/phieu-thu`, { headers: { cookie: user.cookie } });
		expect(res.status).toBe(200);
		const text = pdfText(Buffer.from(await res.arrayBuffer()));
		expect(text).toContain('Nguyễn Thị Lan');
		expect(text).toContain('Đơn vị: Trường THCS Lê Quý Đôn');
		expect(text).toContain('Mã số thuế đơn vị: 0312345678');

		const other = encodeURIComponent('Trường Tiểu học Kim Đồng');
		const named = await fetch(`${base}/thanh-toan/${order.id}/phieu-thu?truong=${other}`, { headers: { cookie: user.cookie } });
		const namedText = pdfText(Buffer.from(await named.arrayBuffer()));
		expect(namedText).toContain('Đơn vị: Trường Tiểu học Kim Đồng');
		expect(namedText).not.toContain('Lê Quý Đôn');
		expect(namedText).toContain('Mã số thuế đơn vị: 0312345678');
	});
});

describe('password change', () => {
	it('checks the current password, ends every other session and keeps this one', async () => {
		const { email, device: laptop } = await signUp();
		const phone = await secondDevice(email);
		const tablet = await secondDevice(email, 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', '198.51.100.9');

		const wrong = await trpcMutation(base, 'account.changePassword', { currentPassword: 'không phải mật khẩu', newPassword: 'Một mật khẩu mới dài' }, as(laptop));
		expect(wrong.status).toBe(400);
		expect(wrong.error?.data.appCode).toBe('validation_error');
		expect(fieldErrors(wrong).currentPassword).toBe('Mật khẩu hiện tại không đúng.');
		const short = await trpcMutation(base, 'account.changePassword', { currentPassword: PASSWORD, newPassword: 'ngắn' }, as(laptop));
		expect(short.status).toBe(400);
		expect(fieldErrors(short).newPassword).toBe('Mật khẩu cần ít nhất 8 ký tự.');
		const missing = await trpcMutation(base, 'account.changePassword', { newPassword: 'Một mật khẩu mới dài' }, as(laptop));
		expect(missing.status).toBe(400);
		expect(fieldErrors(missing).currentPassword).toBe('Vui lòng nhập mật khẩu hiện tại.');
		// The refusals changed nothing: every device is still in.
		expect([await signedIn(laptop), await signedIn(phone), await signedIn(tablet)]).toEqual([true, true, true]);

		const changed = await trpcMutation(base, 'account.changePassword', { currentPassword: PASSWORD, newPassword: 'Một mật khẩu mới dài' }, as(laptop));
		expect(changed.status, JSON.stringify(changed.error)).toBe(200);
		expect(changed.data).toEqual({ endedSessions: 2 });
		expect([await signedIn(laptop), await signedIn(phone), await signedIn(tablet)]).toEqual([true, false, false]);
		expect((await signIn(email, PASSWORD)).status).toBe(401);
		expect((await signIn(email, 'Một mật khẩu mới dài')).status).toBe(200);
	});
});

describe('signed-in devices', () => {
	it('lists sessions in words (browser, system, network without its last part) and signs out the others', async () => {
		const { email, device: laptop } = await signUp(freshEmail(), FIREFOX_WINDOWS, '203.0.113.41');
		const phone = await secondDevice(email, CHROME_ANDROID, '198.51.100.7');

		const list = await trpcQuery<{ current: boolean; device: string; network: string | null; createdAt: string; lastSeenAt: string }[]>(base, 'account.devices', undefined, as(laptop));
		expect(list.status).toBe(200);
		expect(list.data).toHaveLength(2);
		expect(list.data[0]).toMatchObject({ current: true, device: 'Firefox trên Windows', network: '203.0.113.x' });
		expect(list.data[1]).toMatchObject({ current: false, device: 'Chrome trên Android', network: '198.51.100.x' });
		expect(JSON.stringify(list.data)).not.toContain('203.0.113.41');
		for (const d of list.data) expect(Date.parse(d.createdAt)).toBeLessThanOrEqual(Date.parse(d.lastSeenAt));

		const out = await trpcMutation(base, 'account.signOutElsewhere', undefined, as(laptop));
		expect(out.status).toBe(200);
		expect(out.data).toEqual({ ended: 1 });
		expect(await signedIn(laptop)).toBe(true);
		expect(await signedIn(phone)).toBe(false);
		expect((await trpcQuery(base, 'account.devices', undefined, as(laptop))).data).toHaveLength(1);
		expect((await trpcMutation(base, 'account.signOutElsewhere', undefined, as(laptop))).data).toEqual({ ended: 0 });
		expect((await trpcMutation(base, 'account.signOutElsewhere', undefined)).status).toBe(401);
	});
});

describe('data export', () => {
	it('downloads the profile, devices, orders, wallet ledger, library and wishlist as a JSON file', async () => {
		const { email, user, device } = await signUp();
		await trpcMutation(base, 'account.updateProfile', { name: 'Cô Lan', schoolName: 'Trường Tiểu học Kim Đồng', taxCode: '0101234567' }, as(device));
		await creditWallet(base, user.userId, '70000');
		const { productId, order } = await walletPurchase(user, '30000');
		const saved = await sellable(base, { priceVnd: '15000', title: 'Bài giảng yêu thích' });
		expect((await trpcMutation(base, 'wishlist.save', { productId: saved.id }, as(device))).status).toBe(200);

		const res = await fetch(`${base}/tai-khoan/du-lieu`, { headers: { cookie: user.cookie }, redirect: 'manual' });
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toContain('application/json');
		expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="du-lieu-hoclieu-\d{4}-\d{2}-\d{2}\.json"$/);
		expect(res.headers.get('cache-control')).toBe('no-store');
		const data = await res.json();
		expect(data.profile).toMatchObject({ email, name: 'Cô Lan', schoolName: 'Trường Tiểu học Kim Đồng', taxCode: '0101234567' });
		expect(data.devices).toEqual([expect.objectContaining({ current: true, device: 'Firefox trên Windows' })]);
		expect(data.orders).toEqual([expect.objectContaining({ id: order.id, orderNumber: order.orderNumber, productId, amountVnd: '30000', status: 'PAID', paymentMethod: 'wallet' })]);
		expect(data.wallet).toEqual({ mainVnd: '40000', bonusVnd: '0' });
		expect(data.ledger.map((l: { direction: string; amountVnd: string; balanceAfterVnd: string }) => [l.direction, l.amountVnd, l.balanceAfterVnd])).toEqual([
			['CREDIT', '70000', '70000'],
			['DEBIT', '30000', '40000']
		]);
		expect(data.library).toEqual([expect.objectContaining({ productId, source: 'purchase', orderId: order.id })]);
		expect(data.wishlist).toEqual([expect.objectContaining({ productId: saved.id, title: 'Bài giảng yêu thích' })]);
		expect(data.supportTickets).toEqual([]);
		expect(JSON.stringify(data)).not.toContain('password');

		const anonymous = await fetch(`${base}/tai-khoan/du-lieu`, { redirect: 'manual' });
		expect(anonymous.status).toBe(303);
		expect(anonymous.headers.get('location')).toBe('/dang-nhap?returnTo=%2Ftai-khoan%2Fdu-lieu');
	});
});

describe('account deletion', () => {
	it('is refused while the wallet holds money, then removes personal data and keeps orders and ledger', async () => {
		const { email, user, device } = await signUp();
		const phone = await secondDevice(email);
		await trpcMutation(base, 'account.updateProfile', { name: 'Cô Lan', schoolName: 'Trường Tiểu học Kim Đồng', taxCode: '0101234567' }, as(device));
		await creditWallet(base, user.userId, '50000');
		const { order } = await walletPurchase(user, '35000');
		const saved = await sellable(base, { priceVnd: '15000' });
		await trpcMutation(base, 'wishlist.save', { productId: saved.id }, as(device));

		const noConfirm = await trpcMutation(base, 'account.delete', { password: PASSWORD, confirm: 'xoa' }, as(device));
		expect(noConfirm.status).toBe(400);
		expect(fieldErrors(noConfirm).confirm).toBe('Vui lòng gõ XOA (viết hoa) để xác nhận xoá tài khoản.');
		const wrong = await trpcMutation(base, 'account.delete', { password: 'không phải mật khẩu', confirm: 'XOA' }, as(device));
		expect(wrong.status).toBe(400);
		expect(fieldErrors(wrong).password).toBe('Mật khẩu hiện tại không đúng.');
		const withMoney = await trpcMutation(base, 'account.delete', { password: PASSWORD, confirm: 'XOA' }, as(device));
		expect(withMoney.status).toBe(409);
		expect(withMoney.error?.data.appCode).toBe('conflict');
		expect(withMoney.error?.message).toContain('Ví hoclieu của bạn còn 15.000');
		expect(await signedIn(device)).toBe(true);

		// Spending the rest empties the wallet; now it goes through.
		await walletPurchase(user, '15000');
		const deleted = await trpcMutation(base, 'account.delete', { password: PASSWORD, confirm: 'XOA' }, as(device));
		expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);
		expect(deleted.data).toEqual({ deleted: true });

		const [row] = await sql<Record<string, unknown>>(base, 'SELECT email, name, school_name, tax_code, password_hash, deleted_at, disabled_at FROM users WHERE id = $1', [user.userId]);
		expect(row).toMatchObject({ email: `deleted-${user.userId}@deleted.invalid`, name: null, school_name: null, tax_code: null, password_hash: null });
		expect(row!.deleted_at).not.toBeNull();
		expect((await sql(base, 'SELECT 1 FROM sessions WHERE user_id = $1', [user.userId])).length).toBe(0);
		expect((await sql(base, 'SELECT 1 FROM wishlist_items WHERE user_id = $1', [user.userId])).length).toBe(0);
		expect((await sql(base, 'SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])).length).toBe(0);
		// Accounting records stay, still tied to the (now anonymous) account.
		const orders = await sql<{ id: string; status: string }>(base, 'SELECT id, status FROM orders WHERE user_id = $1 ORDER BY created_at', [user.userId]);
		expect(orders.map((o) => o.status)).toEqual(['PAID', 'PAID']);
		expect(orders[0]!.id).toBe(order.id);
		const ledger = await sql<{ amount: string }>(base, 'SELECT amount::text FROM wallet_ledger WHERE user_id = $1 ORDER BY id', [user.userId]);
		expect(ledger.map((l) => l.amount)).toEqual(['50000', '35000', '15000']);

		expect(await signedIn(device)).toBe(false);
		expect(await signedIn(phone)).toBe(false);
		const oldCredentials = await signIn(email);
		expect(oldCredentials.status).toBe(401);
		expect(oldCredentials.body.error.code).toBe('invalid_credentials');
		// The address is free again: its owner may start over with a new, empty account.
		const again = await signUp(email);
		expect(again.user.userId).not.toBe(user.userId);
	});

	it('is refused while a payment is still on its way, and for staff accounts', async () => {
		const { user, device } = await signUp();
		const product = await sellable(base, { priceVnd: '25000' });
		const pending = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user });
		expect(pending.status, pending.text).toBe(200);
		const refused = await trpcMutation(base, 'account.delete', { password: PASSWORD, confirm: 'XOA' }, as(device));
		expect(refused.status).toBe(409);
		expect(refused.error?.message).toContain('đang chờ thanh toán');
		expect(await signedIn(device)).toBe(true);
		expect((await sql(base, 'SELECT deleted_at FROM users WHERE id = $1', [user.userId]))[0]).toEqual({ deleted_at: null });
		const staff = await request(base, '/api/internal/test/create-user', { method: 'POST', json: { role: 'staff' } });
		const staffDelete = await trpcMutation(base, 'account.delete', { confirm: 'XOA' }, { cookie: staff.body.cookie });
		expect(staffDelete.status).toBe(409);
		expect(staffDelete.error?.message).toContain('Hỗ trợ');
		expect((await sql(base, 'SELECT deleted_at FROM users WHERE id = $1', [staff.body.userId]))[0]).toEqual({ deleted_at: null });
		expect((await trpcMutation(base, 'account.delete', { password: PASSWORD, confirm: 'XOA' })).status).toBe(401);
	});
});

describe('the account page', () => {
	it('sends visitors to sign in, and shows the sections to the account holder', async () => {
		const anonymous = await request(base, '/tai-khoan');
		expect(anonymous.status).toBe(303);
		expect(anonymous.headers.get('location')).toBe('/dang-nhap?returnTo=%2Ftai-khoan');
		const { device } = await signUp();
		const page = await request(base, '/tai-khoan', { headers: as(device) });
		expect(page.status).toBe(200);
		for (const heading of ['Hồ sơ', 'Đổi mật khẩu', 'Thiết bị đang đăng nhập', 'Tải dữ liệu của tôi', 'Xoá tài khoản', 'Đăng xuất khỏi các thiết bị khác']) {
			expect(page.text).toContain(heading);
		}
		expect(page.text).toContain('href="/tai-khoan"');
		expect(page.text).toContain('href="/ho-tro"');
	});

	it('saves the profile through the form action and shows field errors in Vietnamese', async () => {
		const { device } = await signUp();
		const post = (fields: Record<string, string>) =>
			request(base, '/tai-khoan?/profile', {
				method: 'POST',
				body: new URLSearchParams(fields).toString(),
				headers: { ...as(device), origin: base, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-sveltekit-action': 'true' }
			});
		const bad = await post({ name: 'Cô Lan', schoolName: 'Trường A', taxCode: '123' });
		expect(bad.status).toBe(200);
		expect(bad.body.type).toBe('failure');
		expect(bad.body.status).toBe(400);
		expect(bad.text).toContain('Mã số thuế gồm 10 chữ số');
		const ok = await post({ name: 'Cô Lan', schoolName: 'Trường A', taxCode: '0101234567' });
		expect(ok.body.type).toBe('success');
		expect((await trpcQuery(base, 'account.profile', undefined, as(device))).data).toMatchObject({ schoolName: 'Trường A', taxCode: '0101234567' });
	});
});
