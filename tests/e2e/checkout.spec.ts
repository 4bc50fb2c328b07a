/**
 * The order pages beyond the journey: a QR order paid while the page polls,
 * the download with a byte check, my orders with its filter and "Xem thêm",
 * an order that expires ("Thử lại" back to the product), a guest who follows
 * an order with its access cookie only, and the token page's refusals.
 */
import type { APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { advanceClock, request, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { payReference } from '../helpers/payments';
import { expect, expectAccessible, expectedFileBytes, hydrated, savedBytes, screenshots, test, uniqueEmail } from './fixtures';

interface Product {
	id: string;
	title: string;
	full_path: string;
}

/** Paid lesson plans of the demo catalog without a running flash sale (their price is plain). */
async function lessonPlans(baseURL: string, count: number): Promise<Product[]> {
	return sql<Product>(
		baseURL,
		`SELECT p.id::text AS id, p.title, c.path || '/' || p.slug AS full_path
		 FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.type = 'LESSON_PLAN' AND p.is_published AND c.is_active AND p.price_vnd > 0
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC LIMIT $1`,
		[count]
	);
}

/** Checkout through the same API the product page's buy box calls, from the browser context (its cookies, its order-access cookie). */
async function createOrder(api: APIRequestContext, body: Record<string, unknown>) {
	const res = await api.post('/api/v1/checkout', { data: body });
	expect(res.status(), await res.text()).toBe(200);
	return (await res.json()).data as { id: string; paymentRef: string | null; amountVnd: string; status: string };
}

test.afterEach(async ({ baseURL }) => {
	await request(baseURL!, '/api/internal/test/clock-reset', { method: 'POST', json: {} });
});

test('a QR order is paid while the page polls, then downloads; my orders lists and filters it', async ({ page, account: _account, baseURL }) => {
	const [plan, other] = await lessonPlans(baseURL!, 2);
	const order = await createOrder(page.request, { productId: plan!.id, paymentMethod: 'qr_direct', returnTo: `/san-pham/${plan!.full_path}` });

	await page.goto(`/thanh-toan/${order.id}`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Đơn hàng: ${plan!.title}`);
	await expect(page.getByTestId('payment-qr')).toBeVisible();
	await expect(page.getByTestId('payment-ref')).toHaveText(order.paymentRef!);
	await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
	await screenshots(page, 'thanh-toan-cho');
	await expectAccessible(page);

	await payReference(baseURL!, order.paymentRef!, order.amountVnd);
	const status = page.getByTestId('checkout-status');
	await expect(status).toContainText('Thanh toán thành công', { timeout: 30_000 });
	await expect(page.getByRole('heading', { name: 'Thanh toán thành công' })).toBeFocused();
	const saved = await savedBytes(page, () => page.getByTestId('order-download').click());
	expect(saved.name).toMatch(/\.docx$/);
	expect(Buffer.compare(saved.bytes, Buffer.from(await expectedFileBytes(baseURL!, plan!.id)))).toBe(0);
	await screenshots(page, 'thanh-toan-xong');
	await expectAccessible(page);

	// A second, unpaid order: the list shows newest first and filters by status.
	await createOrder(page.request, { productId: other!.id, paymentMethod: 'qr_direct' });
	await page.goto('/don-hang');
	const rows = page.getByTestId('order');
	await expect(rows).toHaveCount(2);
	await expect(rows.first()).toContainText(other!.title);
	await expect(rows.first().getByTestId('order-status')).toHaveText('Chờ thanh toán');
	await expect(rows.nth(1).getByTestId('order-status')).toHaveText('Đã thanh toán');
	await screenshots(page, 'don-hang-hai-don');
	await expectAccessible(page);
	await page.getByRole('link', { name: 'Đã thanh toán', exact: true }).click();
	await expect(page).toHaveURL(/\/don-hang\?trang-thai=da-thanh-toan$/);
	await expect(rows).toHaveCount(1);
	await rows.first().getByRole('link', { name: /Xem và tải xuống/ }).click();
	await expect(page).toHaveURL(`/thanh-toan/${order.id}`);
	await expect(page.getByTestId('checkout-status')).toContainText('Thanh toán thành công');
});

test('my orders loads older orders with "Xem thêm"', async ({ page, account, baseURL }) => {
	await creditWallet(baseURL!, account.userId, '5000000');
	const plans = await lessonPlans(baseURL!, 12);
	for (const p of plans) {
		// More purchases than the per-minute checkout limit allows: start each one with a fresh window.
		await request(baseURL!, '/api/internal/test/ratelimit-reset', { method: 'POST', json: {} });
		await createOrder(page.request, { productId: p.id, paymentMethod: 'wallet' });
	}
	await page.goto('/don-hang');
	const rows = page.getByTestId('order');
	await expect(rows).toHaveCount(10);
	// A link to the next page, for when JavaScript is off; with it the page appends in place.
	const more = page.getByRole('link', { name: 'Xem thêm' });
	const nextPage = await more.getAttribute('href');
	expect(nextPage).toMatch(/^\/don-hang\?sau=/);
	await hydrated(page);
	await more.click();
	await expect(rows).toHaveCount(12);
	await expect(rows.last()).toContainText(plans[0]!.title);
	await expect(more).toHaveCount(0);
	await expect(page).toHaveURL('/don-hang');
	// The link's page, rendered by the server: the two oldest orders.
	await page.goto(nextPage!);
	await expect(rows).toHaveCount(2);
	await expect(rows.last()).toContainText(plans[0]!.title);
	await expect(more).toHaveCount(0);
	// An address whose cursor is not this list's is a 400 page that says so, not a server error.
	expect((await page.goto('/don-hang?sau=khong-hop-le'))!.status()).toBe(400);
	await expect(page.getByText('Con trỏ phân trang không hợp lệ hoặc không thuộc truy vấn này.')).toBeVisible();
});

test('an order left unpaid expires, and "Thử lại" goes back to the product', async ({ page, account: _account, baseURL }) => {
	const [plan] = await lessonPlans(baseURL!, 1);
	const order = await createOrder(page.request, { productId: plan!.id, paymentMethod: 'qr_direct' });
	await page.goto(`/thanh-toan/${order.id}`);
	await expect(page.getByTestId('payment-qr')).toBeVisible();
	await advanceClock(baseURL!, 16 * 60_000);
	await expect(page.getByTestId('checkout-status')).toContainText('Đơn hàng đã hết hạn thanh toán', { timeout: 30_000 });
	await expect(page.getByTestId('payment-qr')).toHaveCount(0);
	await page.getByRole('link', { name: 'Thử lại' }).click();
	await expect(page).toHaveURL(`/san-pham/${plan!.full_path}`);
});

test('a guest follows the order with its access cookie only; nobody else can see it', async ({ browser, baseURL }) => {
	const [plan] = await lessonPlans(baseURL!, 1);
	const guest = await browser.newContext();
	const page = await guest.newPage();
	const order = await createOrder(page.request, { productId: plan!.id, paymentMethod: 'qr_direct', guest: { email: uniqueEmail('khach') }, consent: true });
	const cookies = await guest.cookies();
	expect(cookies.map((c) => c.name)).toEqual([`order_access_${order.id}`]);

	await page.goto(`/thanh-toan/${order.id}`);
	await expect(page.getByTestId('payment-qr')).toBeVisible();
	await payReference(baseURL!, order.paymentRef!, order.amountVnd);
	await expect(page.getByTestId('checkout-status')).toContainText('Thanh toán thành công', { timeout: 30_000 });
	const saved = await savedBytes(page, () => page.getByTestId('order-download').click());
	expect(Buffer.compare(saved.bytes, Buffer.from(await expectedFileBytes(baseURL!, plan!.id)))).toBe(0);
	await expect(page.getByRole('link', { name: 'Xem tất cả đơn hàng' })).toHaveCount(0);

	const stranger = await browser.newContext();
	const other = await stranger.newPage();
	const res = await other.goto(`/thanh-toan/${order.id}`);
	expect(res?.status()).toBe(404);
	await expect(other.getByText('Không tìm thấy đơn hàng này.')).toBeVisible();
	await guest.close();
	await stranger.close();
});

test('the token page downloads a paid order by its link and explains a bad or expired one', async ({ page, account: _account, baseURL }) => {
	const [plan] = await lessonPlans(baseURL!, 1);
	const order = await createOrder(page.request, { productId: plan!.id, paymentMethod: 'qr_direct' });
	await payReference(baseURL!, order.paymentRef!, order.amountVnd);
	const paid = await (await page.request.get(`/api/v1/checkout/${order.id}`)).json();
	const link = new URL(paid.data.downloadUrl);
	expect(link.pathname).toBe('/tai-ve');

	const saved = await savedBytes(page, () => page.goto(link.pathname + link.search).then(() => undefined));
	expect(Buffer.compare(saved.bytes, Buffer.from(await expectedFileBytes(baseURL!, plan!.id)))).toBe(0);
	await expect(page.getByTestId('download-done')).toContainText('Đã tải xong');
	await screenshots(page, 'tai-ve');
	await expectAccessible(page);

	await page.goto(`/tai-ve?token=${randomUUID().replace(/-/g, '')}.${'x'.repeat(43)}`);
	await expect(page.getByTestId('token-refused')).toContainText('Liên kết tải xuống đã hết hạn hoặc không còn hiệu lực.');
	await expect(page.getByTestId('token-refused').getByRole('link', { name: 'Đơn hàng của tôi' })).toBeVisible();

	await page.goto('/tai-ve?token=khong-hop-le');
	await expect(page.getByRole('alert')).toContainText('Liên kết tải xuống không đúng định dạng');
	await page.goto('/tai-ve');
	await expect(page.getByRole('alert')).toContainText('Liên kết tải xuống thiếu mã tải.');

	// Past the token's lifetime (72 h) the same link is refused.
	await advanceClock(baseURL!, 73 * 3600_000);
	await page.goto(link.pathname + link.search);
	await expect(page.getByTestId('token-refused')).toBeVisible();
});
