/**
 * Staff pricing in real Chromium: a promo code with a bad percent is explained
 * next to its field, then created; a gift-code batch is created and its codes
 * downloaded as CSV (the only copy); a product put on sale and given a flash
 * sale from its console page, the storefront showing each price at once; at
 * 360 px and 1280 px with axe.
 */
import { createUser } from '../helpers/http';
import { createProduct } from '../helpers/music-fixtures';
import { expect, expectAccessible, savedBytes, screenshots, test, uniqueEmail, signInAs } from './fixtures';

test('staff create a promo code and a gift-code batch, and download the codes', async ({ page, context, baseURL }) => {
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Giá' });
	await signInAs(context, baseURL!, staff);
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

test('staff put a product on sale, run a flash sale and end it, and the storefront follows', async ({ page, context, baseURL }) => {
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Giá' });
	const title = `Giáo án giảm giá ${Date.now().toString(36)}`;
	const productId = await createProduct(baseURL!, { type: 'LESSON_PLAN', title, priceVnd: '50000' });
	await signInAs(context, baseURL!, staff);
	await page.goto(`/quan-tri/san-pham/${productId}`);
	await expect(page.getByTestId('sale-status')).toContainText('Không có khuyến mãi.');

	await page.getByLabel('Giá khuyến mãi (đồng)').fill('60000');
	await page.getByRole('button', { name: 'Đặt giá khuyến mãi' }).click();
	await expect(page.getByText('Giá khuyến mãi phải thấp hơn giá niêm yết (50.000 ₫).')).toBeVisible();
	await expect(page.getByLabel('Giá khuyến mãi (đồng)')).toHaveAttribute('aria-invalid', 'true');
	await page.getByLabel('Giá khuyến mãi (đồng)').fill('35000');
	await page.getByRole('button', { name: 'Đặt giá khuyến mãi' }).click();
	await expect(page.getByText('Đã đặt giá khuyến mãi.')).toBeVisible();
	await expect(page.getByTestId('sale-status')).toContainText('Giá khuyến mãi 35.000');

	// Vietnam time in the datetime-local inputs: a window that started a minute ago and ends in a day.
	const local = (minutes: number) => new Date(Date.now() + 7 * 3600_000 + minutes * 60_000).toISOString().slice(0, 16);
	await page.getByLabel('Giá flash sale (đồng)').fill('19000');
	await page.getByLabel('Bắt đầu (giờ Việt Nam)').fill(local(-1));
	await page.getByLabel('Kết thúc (giờ Việt Nam)').fill(local(24 * 60));
	await page.getByLabel('Số suất (không bắt buộc)').fill('10');
	await page.getByRole('button', { name: 'Tạo flash sale' }).click();
	await expect(page.getByText('Flash sale đã bắt đầu.')).toBeVisible();
	await expect(page.getByTestId('flash-sale')).toContainText('Đang chạy');
	await expect(page.getByTestId('flash-sale')).toContainText('đã giữ/bán 0/10 suất');
	await screenshots(page, 'admin-product-pricing');
	await expectAccessible(page);

	const storefront = await context.newPage();
	await storefront.goto(`/tim-kiem?q=${encodeURIComponent(title)}`);
	await storefront.getByRole('link', { name: title }).first().click();
	// The search page's own h1 quotes the title, so wait for the product page's h1 itself.
	await expect(storefront.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
	await expect(storefront.locator('main')).toContainText('19.000');

	await page.getByRole('button', { name: /Kết thúc ngay/ }).click();
	await expect(page.getByText('Đã kết thúc flash sale.')).toBeVisible();
	await expect(page.getByTestId('flash-sale')).toContainText('Đã kết thúc');
	await page.getByRole('button', { name: 'Kết thúc khuyến mãi' }).click();
	await expect(page.getByText('Đã kết thúc khuyến mãi; học liệu về giá niêm yết.')).toBeVisible();
	await storefront.reload();
	await expect(storefront.locator('main')).toContainText('50.000');
	await expect(storefront.locator('main')).not.toContainText('19.000');
});
