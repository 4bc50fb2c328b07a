/**
 * Staff pricing in real Chromium: a promo code with a bad percent is explained
 * next to its field, then created; a gift-code batch is created and its codes
 * downloaded as CSV (the only copy); at 360 px and 1280 px with axe.
 */
import type { BrowserContext } from '@playwright/test';
import { createUser, type TestUser } from '../helpers/http';
import { expect, expectAccessible, savedBytes, screenshots, test, uniqueEmail } from './fixtures';

async function signIn(context: BrowserContext, baseURL: string, user: TestUser) {
	await context.clearCookies();
	const eq = user.cookie.indexOf('=');
	await context.addCookies([{ name: user.cookie.slice(0, eq), value: user.cookie.slice(eq + 1), url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

test('staff create a promo code and a gift-code batch, and download the codes', async ({ page, context, baseURL }) => {
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Giá' });
	await signIn(context, baseURL!, staff);
	await page.goto('/quan-tri');
	await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Giá và khuyến mãi' }).click();
	await expect(page.getByRole('heading', { name: 'Giá và khuyến mãi', level: 1 })).toBeVisible();

	const code = `E2E${Date.now().toString(36).toUpperCase()}`;
	await page.getByLabel('Mã', { exact: true }).fill(code);
	await page.getByLabel('Phần trăm giảm').fill('150');
	await page.getByRole('button', { name: 'Tạo mã khuyến mãi' }).click();
	await expect(page.getByText('Phần trăm giảm từ 1 đến 100.')).toBeVisible();
	await expect(page.getByLabel('Phần trăm giảm')).toHaveAttribute('aria-invalid', 'true');
	await page.getByLabel('Phần trăm giảm').fill('15');
	await page.getByLabel('Tổng số lượt (không bắt buộc)').fill('100');
	await page.getByRole('button', { name: 'Tạo mã khuyến mãi' }).click();
	await expect(page.getByText(`Đã tạo mã khuyến mãi ${code}.`)).toBeVisible();
	await expect(page.getByTestId('promo').filter({ hasText: code })).toContainText('đã dùng 0/100');

	await page.getByLabel('Giá trị mỗi mã (₫)').fill('50000');
	await page.getByLabel('Số lượng mã (1–1000)').fill('3');
	await page.getByLabel('Ghi chú (không bắt buộc)').fill('Hội thảo E2E');
	await page.getByRole('button', { name: 'Tạo lô mã' }).click();
	await expect(page.getByText('Đã tạo 3 mã quà tặng.', { exact: false })).toBeVisible();
	const csv = await savedBytes(page, () => page.getByTestId('giftcode-csv').click());
	const rows = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
	expect(rows[0]).toBe('ma_qua_tang,gia_tri_vnd,so_lan_dung,het_han');
	expect(rows).toHaveLength(4);
	await expect(page.getByTestId('giftcode-batch').filter({ hasText: 'Hội thảo E2E' })).toContainText('3 mã × 50.000');
	await screenshots(page, 'admin-pricing');
	await expectAccessible(page);
});
