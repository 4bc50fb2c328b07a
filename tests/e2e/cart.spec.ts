/**
 * The cart on a 360 px phone (README "Cart"): two products put in the cart
 * from a search and from a category page, the header's count, the cart page,
 * one QR for both paid by a simulated bank transfer while the page polls;
 * axe passes on every page and nothing overflows.
 */
import { sql } from '../helpers/http';
import { payReference } from '../helpers/payments';
import { expect, expectAccessible, screenshots, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test('fill a cart from search and a category, pay both with one QR transfer', async ({ page, account: _account, baseURL }) => {
	await page.goto('/tim-kiem?q=' + encodeURIComponent('giáo án toán'));
	const fromSearch = page.getByRole('listitem').filter({ has: page.getByTestId('cart-toggle') }).first();
	const searchTitle = (await fromSearch.getByRole('heading').innerText()).trim();
	await fromSearch.getByTestId('cart-toggle').click();
	await expect(fromSearch.getByTestId('cart-toggle')).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByTestId('cart-count')).toContainText('1');
	await expectAccessible(page);

	// A category whose first card is not the product already in the cart.
	const [category] = await sql<{ path: string }>(
		baseURL!,
		`SELECT c.path FROM categories c JOIN products p ON p.category_id = c.id
		 WHERE c.is_active AND p.is_published AND p.price_vnd > 0 AND p.title <> $1
		 GROUP BY c.path ORDER BY count(*) DESC LIMIT 1`,
		[searchTitle]
	);
	await page.goto(`/danh-muc/${category!.path}`);
	const fromCategory = page
		.getByRole('listitem')
		.filter({ has: page.getByRole('button', { name: /^Thêm vào giỏ/ }) })
		.first();
	await fromCategory.getByRole('button', { name: /^Thêm vào giỏ/ }).click();
	await expect(page.getByTestId('cart-count')).toContainText('2');
	await screenshots(page, 'gio-hang-danh-muc');

	await page.getByTestId('cart-link').click();
	await expect(page).toHaveURL('/gio-hang');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Giỏ hàng');
	await expect(page.getByTestId('cart-line')).toHaveCount(2);
	await expect(page.getByTestId('cart-lines')).toContainText(searchTitle);
	const shown = await page.getByTestId('cart-total').innerText();
	await screenshots(page, 'gio-hang');
	await expectAccessible(page);

	await page.getByTestId('cart-pay').click();
	await expect(page).toHaveURL(/\/gio-hang\/thanh-toan\/[0-9a-f-]{36}$/);
	await expect(page.getByTestId('payment-qr')).toBeVisible();
	await expect(page.getByTestId('cart-orders').getByRole('listitem')).toHaveCount(2);
	const ref = (await page.getByTestId('payment-ref').innerText()).trim();
	await expect(page.getByTestId('cart-checkout-amount')).toHaveText(shown);
	const total = shown.replace(/\D/g, '');
	await screenshots(page, 'gio-hang-qr');
	await expectAccessible(page);

	expect((await payReference(baseURL!, ref, total)).body.status).toBe('matched');
	await expect(page.getByTestId('cart-checkout-status')).toContainText('Thanh toán thành công', { timeout: 30_000 });
	await expect(page.getByTestId('cart-orders')).not.toContainText('Chờ thanh toán');
	await expect(page.getByTestId('cart-count')).toHaveCount(0);
	await screenshots(page, 'gio-hang-xong');
	await expectAccessible(page);
});
