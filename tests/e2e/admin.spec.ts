/**
 * The staff console in real Chromium: the guard, an account changed from the
 * look-up page (role, then disable), the audit log showing it; every page
 * readable at 360 px and 1280 px and free of serious axe violations.
 */
import { createUser } from '../helpers/http';
import { cleanupUser, expect, expectAccessible, screenshots, test, uniqueEmail } from './fixtures';

test('buyers get a Vietnamese 403 page at /quan-tri', async ({ page, account: _account }) => {
	const res = await page.goto('/quan-tri');
	expect(res?.status()).toBe(403);
	await expect(page.getByRole('heading', { name: 'Không thể truy cập' })).toBeVisible();
	await expect(page.getByText('chỉ dành cho nhân viên hoclieu')).toBeVisible();
});

test('staff find an account, change its role, disable it and see both in the audit log', async ({ page, context, baseURL }) => {
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Thử' });
	const target = await createUser(baseURL!, { email: uniqueEmail('giaovien'), name: 'Thầy Minh Thử' });
	const eq = staff.cookie.indexOf('=');
	await context.addCookies([{ name: staff.cookie.slice(0, eq), value: staff.cookie.slice(eq + 1), url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
	try {
		// Staff find the console from their account page (and the studio beside it).
		await page.goto('/tai-khoan');
		const waysIn = page.getByRole('navigation', { name: 'Bán hàng và quản trị' });
		await expect(waysIn.getByRole('link')).toHaveText(['Studio tác giả', 'Quản trị']);
		await waysIn.getByRole('link', { name: 'Quản trị' }).click();
		await expect(page.getByRole('heading', { name: 'Quản trị hoclieu' })).toBeVisible();
		await screenshots(page, 'admin-home');
		await expectAccessible(page);

		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Tài khoản' }).click();
		await page.getByLabel('Email hoặc tên').fill('Minh Thử');
		await page.getByRole('button', { name: 'Tìm tài khoản' }).click();
		await page.getByRole('link', { name: target.email }).click();
		await expect(page.getByRole('heading', { name: target.email })).toBeVisible();
		await screenshots(page, 'admin-user');
		await expectAccessible(page);

		await page.getByLabel('Vai trò mới').selectOption('author');
		await page.getByRole('button', { name: 'Lưu vai trò' }).click();
		await expect(page.getByText('Đã đổi vai trò.')).toBeVisible();
		await expect(page.locator('dd', { hasText: 'Tác giả' })).toBeVisible();

		await page.getByLabel('Lý do (ghi vào nhật ký)').fill('Tài khoản thử nghiệm');
		await page.getByRole('button', { name: 'Khoá tài khoản' }).click();
		await expect(page.getByText('Đã khoá tài khoản')).toBeVisible();
		await expect(page.getByText('Tài khoản này đã bị khoá và không thể đăng nhập.')).toBeVisible();

		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Nhật ký thao tác' }).click();
		await page.getByLabel('Mã đối tượng').fill(target.userId);
		await page.getByRole('button', { name: 'Lọc' }).click();
		const rows = page.locator('ol.audit > li');
		await expect(rows).toHaveCount(2);
		await expect(rows.nth(0)).toContainText('Khoá tài khoản');
		await expect(rows.nth(0)).toContainText('Lý do: Tài khoản thử nghiệm');
		await expect(rows.nth(1)).toContainText('Đổi vai trò tài khoản');
		// Before and after read as words, field by field, not as JSON.
		await expect(rows.nth(1).getByRole('row', { name: /Vai trò/ })).toContainText(/Khách hàng\s*Tác giả/);
		await expect(rows.nth(1)).not.toContainText('{"role"');
		await screenshots(page, 'admin-audit');
		await expectAccessible(page);
	} finally {
		await cleanupUser(baseURL!, target.userId);
		await cleanupUser(baseURL!, staff.userId);
	}
});
