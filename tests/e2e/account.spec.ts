/**
 * "Tài khoản" and "Hỗ trợ" in real Chromium (issue #18 item 9): a teacher
 * reaches her account from the header, fixes a tax code refused next to its
 * field, signs her other device out, downloads her data; a visitor asks for
 * help and staff answer from the console. At 360 px and 1280 px with axe.
 */
import { createUser, request } from '../helpers/http';
import { expect, expectAccessible, PHONE, screenshots, signInAs, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Mật khẩu dài của cô Lan';

test('a teacher keeps her school on her profile, signs out her other device and downloads her data', async ({ page, baseURL }) => {
	await page.setViewportSize(PHONE);
	const email = uniqueEmail('taikhoan');
	// Two sessions: one in this browser (the sign-up), one on "another device".
	const signUp = await page.request.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: 'Cô Nguyễn Thị Phương Lan' } });
	expect(signUp.status()).toBe(200);
	const other = await request(baseURL!, '/api/auth/sign-in/email', {
		method: 'POST',
		json: { email, password: PASSWORD },
		headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' }
	});
	expect(other.status).toBe(200);
	const otherCookie = other.headers.getSetCookie().find((c) => c.startsWith('auth.session_data='))!.split(';')[0]!;

	await page.goto('/');
	await page.getByTestId('signed-in-user').click();
	await expect(page).toHaveURL(/\/tai-khoan$/);
	await expect(page.getByRole('heading', { level: 1, name: 'Tài khoản' })).toBeVisible();
	// A customer is invited to sell, on the page and in the footer, and shown no way to the console.
	await expect(page.getByRole('navigation', { name: 'Bán hàng và quản trị' }).getByRole('link')).toHaveText(['Bán học liệu trên hoclieu']);
	await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Bán học liệu trên hoclieu' })).toHaveAttribute('href', '/tac-gia/dang-ky');

	// A tax code with a digit missing is explained next to its field, and what was typed stays.
	await page.getByLabel('Tên trường (đơn vị)').fill('Trường Tiểu học Kim Đồng');
	await page.getByLabel('Mã số thuế của trường').fill('010123456');
	await page.getByRole('button', { name: 'Lưu hồ sơ' }).click();
	const tax = page.getByLabel('Mã số thuế của trường');
	await expect(tax).toHaveAttribute('aria-invalid', 'true');
	await expect(page.locator('#profile-taxCode-error')).toBeVisible();
	await expect(page.getByLabel('Tên trường (đơn vị)')).toHaveValue('Trường Tiểu học Kim Đồng');
	await expectAccessible(page);
	await screenshots(page, 'tai-khoan-loi-mst');

	await tax.fill('0101234567-001');
	await page.getByRole('button', { name: 'Lưu hồ sơ' }).click();
	await expect(page.getByRole('status').filter({ hasText: /lưu/i })).toBeVisible();
	await page.reload();
	await expect(page.getByLabel('Tên trường (đơn vị)')).toHaveValue('Trường Tiểu học Kim Đồng');
	await expect(page.getByLabel('Mã số thuế của trường')).toHaveValue('0101234567-001');

	// Both devices are listed; signing out elsewhere ends the phone's session and keeps this one.
	await expect(page.getByTestId('device')).toHaveCount(2);
	await expect(page.getByTestId('device').filter({ hasText: 'Thiết bị này' })).toHaveCount(1);
	await page.getByRole('button', { name: 'Đăng xuất khỏi các thiết bị khác' }).click();
	await expect(page.getByTestId('device')).toHaveCount(1);
	const gone = await request(baseURL!, '/api/auth/session', { headers: { cookie: otherCookie } });
	expect(gone.body).toBeNull();

	// "Tải dữ liệu của tôi" downloads a JSON of this account.
	const download = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Tải dữ liệu (JSON)' }).click()]).then(([d]) => d);
	const exported = JSON.parse((await (await download.createReadStream()).toArray()).join(''));
	expect(JSON.stringify(exported)).toContain(email);
	expect(JSON.stringify(exported)).toContain('0101234567-001');

	await expectAccessible(page);
	await screenshots(page, 'tai-khoan');
});

test('a visitor asks for help; staff find the request in the console and answer it by mail', async ({ page, context, baseURL }) => {
	const subject = `Không tải được giáo án ${Date.now()}`;
	await page.goto('/');
	await page.getByRole('contentinfo').getByRole('link', { name: 'Hỗ trợ' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Hỗ trợ' })).toBeVisible();
	await page.getByLabel('Email để nhận trả lời').fill(uniqueEmail('hotro'));
	await page.getByLabel('Tiêu đề').fill(subject);
	await page.getByLabel('Nội dung').fill('Tôi đã thanh toán đơn hàng nhưng nút tải về báo lỗi, nhờ hoclieu kiểm tra giúp.');
	await expectAccessible(page);
	await screenshots(page, 'ho-tro');
	await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();
	await expect(page.getByRole('heading', { name: 'Đã gửi yêu cầu hỗ trợ' })).toBeVisible();

	const staff = await createUser(baseURL!, { role: 'staff', name: 'Nhân viên hỗ trợ' });
	await signInAs(context, baseURL!, staff);
	await page.goto('/quan-tri/ho-tro');
	const ticket = page.getByTestId('ticket').filter({ hasText: subject });
	await expect(ticket).toContainText('Đang chờ');
	await expect(ticket).toContainText('(khách)');
	await expectAccessible(page);
	await ticket.getByRole('link', { name: subject }).click();
	await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
	await page.getByLabel('Câu trả lời').fill('Chào thầy cô, hoclieu đã cấp lại liên kết tải trong mục Đơn hàng. Thầy cô thử lại giúp nhé.');
	await page.getByRole('button', { name: 'Gửi câu trả lời' }).click();
	await expect(page.getByTestId('ticket-status')).toHaveText('Đã trả lời');
	await expectAccessible(page);
	await screenshots(page, 'quan-tri-ho-tro');
});
