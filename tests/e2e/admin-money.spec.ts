/**
 * The staff money screens in real Chromium: an order found by its payment
 * reference and refunded to the buyer's wallet (reason and confirmation
 * required), the unmatched-transfer list, each readable at 360 px and
 * 1280 px and free of serious axe violations.
 */
import { randomUUID } from 'node:crypto';
import { checkout } from '../helpers/checkout';
import { createUser, sql } from '../helpers/http';
import { payReference, postBankTransfer } from '../helpers/payments';
import { cleanupUser, expect, expectAccessible, screenshots, test, uniqueEmail } from './fixtures';

test('staff find a paid order by its reference and refund it to the buyer\'s wallet', async ({ page, context, baseURL }) => {
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Tiền' });
	const buyer = await createUser(baseURL!, { email: uniqueEmail('nguoimua'), name: 'Cô Hoa Thử' });
	const [plan] = await sql<{ id: string; title: string }>(
		baseURL!,
		`SELECT p.id::text AS id, p.title FROM products p
		 WHERE p.type = 'LESSON_PLAN' AND p.is_published AND p.price_vnd > 0
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC LIMIT 1`
	);
	const created = await checkout(baseURL!, { productId: plan!.id, paymentMethod: 'qr_direct' }, { user: buyer });
	expect(created.status, created.text).toBe(200);
	const order = created.body.data as { id: string; paymentRef: string; amountVnd: string };
	await payReference(baseURL!, order.paymentRef, order.amountVnd);
	// Something for the transfers screen to show.
	await postBankTransfer(baseURL!, 'x', 25000, { content: `CK nham noi dung ${randomUUID().slice(0, 8)}` });

	const eq = staff.cookie.indexOf('=');
	await context.addCookies([{ name: staff.cookie.slice(0, eq), value: staff.cookie.slice(eq + 1), url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
	try {
		await page.goto('/quan-tri');
		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Đơn hàng' }).click();
		await page.getByLabel('Mã đơn, mã thanh toán, email hoặc mã giao dịch ngân hàng').fill(order.paymentRef);
		await page.getByRole('button', { name: 'Tìm đơn hàng' }).click();
		await expect(page.getByRole('link', { name: order.paymentRef })).toBeVisible();
		await screenshots(page, 'admin-orders');
		await expectAccessible(page);

		await page.getByRole('link', { name: order.paymentRef }).click();
		await expect(page.getByRole('heading', { name: new RegExp(`^Đơn DH[0-9]+ · ${order.paymentRef}$`) })).toBeVisible();
		await expect(page.getByText('Người mua đang sở hữu sản phẩm')).toBeVisible();
		await screenshots(page, 'admin-order-refund');
		await expectAccessible(page);

		// The confirmation box is required: without it the browser does not send the form.
		const reason = page.getByLabel(/Lý do hoàn tiền/);
		await reason.fill('Khách báo tệp bị lỗi, đã kiểm tra');
		await page.getByRole('button', { name: 'Hoàn tiền vào ví' }).click();
		await expect(page.getByRole('heading', { name: 'Đã hoàn tiền' })).toHaveCount(0);
		await page.getByLabel(/Tôi xác nhận hoàn/).check();
		await page.getByRole('button', { name: 'Hoàn tiền vào ví' }).click();
		await expect(page.getByText('Đã hoàn tiền vào ví của người mua và thu hồi quyền tải sản phẩm.')).toBeVisible();
		await expect(page.getByRole('heading', { name: 'Đã hoàn tiền' })).toBeVisible();
		await expect(page.getByText('Người mua không còn sở hữu sản phẩm')).toBeVisible();
		await expect(page.locator('ol.audit > li').first()).toContainText('Hoàn tiền đơn hàng');
		await screenshots(page, 'admin-order-refunded');
		await expectAccessible(page);

		const [wallet] = await sql<{ main: string }>(baseURL!, 'SELECT main::text AS main FROM wallets WHERE user_id = $1', [buyer.userId]);
		expect(wallet!.main).toBe(order.amountVnd);

		// From the order to the buyer's account: a wallet adjustment needs its reason.
		await page.getByRole('link', { name: buyer.email }).click();
		await expect(page.getByRole('heading', { name: 'Điều chỉnh ví' })).toBeVisible();
		await page.getByLabel('Trừ tiền').check();
		await page.getByLabel('Số tiền (đồng)').fill('5000');
		await page.getByLabel(/Lý do \(bắt buộc/).fill('Thu lại khoản hoàn thừa');
		await page.getByRole('button', { name: 'Điều chỉnh ví' }).click();
		await expect(page.getByText(/Đã trừ 5\.000/)).toBeVisible();
		await expect(page.locator('ol.audit > li').first()).toContainText('Điều chỉnh ví');
		await screenshots(page, 'admin-user-wallet');
		await expectAccessible(page);

		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Chuyển khoản chờ xử lý' }).click();
		await expect(page.getByRole('heading', { name: 'Chuyển khoản chờ xử lý', level: 1 })).toBeVisible();
		await expect(page.getByRole('button', { name: 'Gán cho đơn hàng' }).first()).toBeVisible();
		await screenshots(page, 'admin-transfers');
		await expectAccessible(page);
	} finally {
		await cleanupUser(baseURL!, buyer.userId);
		await cleanupUser(baseURL!, staff.userId);
	}
});
