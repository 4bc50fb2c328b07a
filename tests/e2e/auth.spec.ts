import { expect, test } from './fixtures';

// The account pages with JavaScript on (enhanced forms); the same flows without
// JavaScript are covered over HTTP in tests/integration/auth.test.ts.
test('sign up, see who is signed in, sign out, sign in again with a clear error first', async ({ page }) => {
	const email = `e2e-${Date.now()}@truong.edu.vn`;
	const password = 'Một câu mật khẩu dài';

	await page.goto('/dang-ky');
	// Typing before hydration can be undone by it on a loaded machine: wait for the page to settle.
	await page.waitForLoadState('networkidle');
	await page.getByLabel('Họ và tên (không bắt buộc)').fill('Cô Hạnh');
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
	await page.getByLabel('Nhập lại mật khẩu').fill('khác');
	await page.getByRole('button', { name: 'Đăng ký' }).click();
	await expect(page.getByText('Mật khẩu nhập lại không khớp.')).toBeVisible();
	await page.screenshot({ path: 'test-results/screenshots/dang-ky-loi.png' });

	await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
	await page.getByLabel('Nhập lại mật khẩu').fill(password);
	await page.getByRole('button', { name: 'Đăng ký' }).click();
	await expect(page.getByTestId('signed-in-user')).toContainText('Cô Hạnh');
	await expect(page).toHaveURL('/');

	await page.getByRole('button', { name: 'Đăng xuất' }).click();
	await expect(page.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
	await expect(page.getByTestId('signed-in-user')).toHaveCount(0);

	await page.getByRole('link', { name: 'Đăng nhập' }).click();
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Mật khẩu').fill('sai mật khẩu rồi');
	await page.getByRole('button', { name: 'Đăng nhập' }).click();
	await expect(page.getByRole('alert')).toHaveText('Email hoặc mật khẩu không đúng.');
	await page.screenshot({ path: 'test-results/screenshots/dang-nhap-loi.png' });

	await page.getByLabel('Mật khẩu').fill(password);
	await page.getByRole('button', { name: 'Đăng nhập' }).click();
	await expect(page.getByTestId('signed-in-user')).toContainText('Cô Hạnh');
});

test("the header's Đăng ký comes back to the product page it was pressed on", async ({ page }) => {
	await page.goto('/danh-muc/lop-1');
	const product = page.locator('a[href^="/san-pham/"]').first();
	const productPath = await product.getAttribute('href');
	await page.goto(productPath!);
	await page.waitForLoadState('networkidle');
	await page.getByRole('banner').getByRole('link', { name: 'Đăng ký' }).click();
	await expect(page).toHaveURL(`/dang-ky?returnTo=${encodeURIComponent(productPath!)}`);
	await page.waitForLoadState('networkidle');
	await page.getByLabel('Email').fill(`e2e-ve-${Date.now()}@truong.edu.vn`);
	await page.getByLabel('Mật khẩu', { exact: true }).fill('Một câu mật khẩu dài');
	await page.getByLabel('Nhập lại mật khẩu').fill('Một câu mật khẩu dài');
	await page.getByRole('button', { name: 'Đăng ký' }).click();
	await expect(page).toHaveURL(productPath!);
	await expect(page.getByTestId('signed-in-user')).toBeVisible();
	// Signed in, the sign-in page sends them on instead of showing the form again.
	await page.goto(`/dang-nhap?returnTo=${encodeURIComponent(productPath!)}`);
	await expect(page).toHaveURL(productPath!);
});

test('the code and link tabs explain what happens next', async ({ page }) => {
	await page.goto('/dang-nhap');
	await page.getByRole('link', { name: 'Mã email' }).click();
	await expect(page.getByRole('link', { name: 'Mã email' })).toHaveAttribute('aria-current', 'page');
	await page.getByLabel('Email').fill(`ma-${Date.now()}@truong.edu.vn`);
	await page.getByRole('button', { name: 'Gửi mã đăng nhập' }).click();
	await expect(page.getByRole('status')).toContainText('Đã gửi mã 6 chữ số');
	await expect(page.getByLabel('Mã xác nhận')).toBeVisible();
	await page.getByLabel('Mã xác nhận').fill('000000');
	await page.getByRole('button', { name: 'Xác nhận và đăng nhập' }).click();
	await expect(page.getByRole('alert')).toContainText('Mã xác nhận không đúng. Bạn còn 4 lần thử.');
	await page.screenshot({ path: 'test-results/screenshots/dang-nhap-ma.png' });

	await page.getByRole('link', { name: 'Liên kết email' }).click();
	await page.getByLabel('Email').fill(`lk-${Date.now()}@truong.edu.vn`);
	await page.getByRole('button', { name: 'Gửi liên kết đăng nhập' }).click();
	await expect(page.getByRole('status')).toContainText('Đã gửi liên kết đăng nhập');
	await page.screenshot({ path: 'test-results/screenshots/dang-nhap-lien-ket.png' });
});
