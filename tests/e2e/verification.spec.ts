/**
 * The verification panel and the expired download link's "Gửi mã đến email này" with
 * JavaScript on, on a 360 px phone, with axe (README "Sign-up and verification"). The e2e
 * server sends no mail, so the right code is entered over HTTP in
 * tests/integration/email-verification.test.ts; here the pages answer in place.
 */
import { advanceClock, request, sql } from '../helpers/http';
import { payReference } from '../helpers/payments';
import { expect, expectAccessible, PHONE, test, uniqueEmail } from './fixtures';

test.use({ viewport: PHONE });

test.afterEach(async ({ baseURL }) => {
	await request(baseURL!, '/api/internal/test/clock-reset', { method: 'POST', json: {} });
});

test('an unproven address gets "Gửi lại mã xác minh" and the code field in place on the author application', async ({ page }) => {
	const res = await page.request.post('/api/auth/sign-up/email', { data: { email: uniqueEmail('xm'), password: 'Một câu mật khẩu dài', name: 'Cô Mai' } });
	expect(res.status(), await res.text()).toBe(200);
	await page.goto('/tac-gia/dang-ky');
	const panel = page.getByTestId('verify-email');
	await expect(panel.getByRole('heading', { name: 'Xác minh email' })).toBeVisible();
	await panel.getByRole('button', { name: 'Gửi lại mã xác minh' }).click();
	await expect(panel.getByRole('status')).toContainText('Đã gửi mã 6 chữ số và liên kết xác minh tới');
	await panel.getByLabel('Mã xác minh').fill('000000');
	await panel.getByRole('button', { name: 'Xác minh email' }).click();
	await expect(panel.getByRole('alert')).toContainText(/Mã xác nhận không đúng|hết hạn/);
	await expect(page).toHaveURL('/tac-gia/dang-ky');
	await expectAccessible(page);
});

test('an expired download link offers "Gửi mã đến email này" to the order\'s address', async ({ page, baseURL }) => {
	const email = uniqueEmail('ve-het-han');
	const [plan] = await sql<{ id: string }>(
		baseURL!,
		`SELECT p.id::text AS id FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.type = 'LESSON_PLAN' AND p.is_published AND c.is_active AND p.price_vnd > 0
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC LIMIT 1`
	);
	const created = await page.request.post('/api/v1/checkout', { data: { productId: plan!.id, paymentMethod: 'qr_direct', guest: { email }, consent: true } });
	expect(created.status(), await created.text()).toBe(200);
	const order = (await created.json()).data as { id: string; paymentRef: string; amountVnd: string };
	await payReference(baseURL!, order.paymentRef, order.amountVnd);
	const paid = await (await page.request.get(`/api/v1/checkout/${order.id}`)).json();
	const link = new URL(paid.data.downloadUrl);

	await advanceClock(baseURL!, 73 * 3600_000);
	await page.goto(link.pathname + link.search);
	await expect(page.getByTestId('token-refused')).toBeVisible();
	const byCode = page.getByTestId('link-code');
	await expect(byCode).toContainText(`${email[0]}***@truong.edu.vn`);
	await expect(byCode).not.toContainText(email);
	await byCode.getByRole('button', { name: 'Gửi mã đến email này' }).click();
	await expect(byCode.getByRole('status')).toContainText('Đã gửi mã 6 chữ số tới');
	await byCode.getByLabel('Mã đăng nhập').fill('000000');
	await byCode.getByRole('button', { name: 'Đăng nhập và xem đơn hàng' }).click();
	await expect(byCode.getByRole('alert')).toContainText(/Mã xác nhận không đúng|hết hạn/);
	await expectAccessible(page);
});
