/**
 * "Thư viện của tôi" in Chromium: a teacher finds what she bought by typing
 * without accents and downloads it in one tap (the very bytes), at 360 px and
 * 1280 px, with axe; and "Yêu thích" saved from a product page.
 */
import { sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { expect, expectAccessible, expectedFileBytes, savedBytes, screenshots, test } from './fixtures';

test('find a bought lesson without accents and download it in one tap', async ({ page, account, baseURL }) => {
	const products = await sql<{ id: string; title: string; price: string }>(
		baseURL!,
		`SELECT p.id::text AS id, p.title, p.price_vnd::text AS price FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.type = 'LESSON_PLAN' AND p.is_published AND c.is_active AND p.price_vnd > 0 AND p.title LIKE 'Giáo án%'
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC LIMIT 2`
	);
	expect(products).toHaveLength(2);
	await creditWallet(baseURL!, account.userId, String(products.reduce((sum, p) => sum + Number(p.price), 0)));
	for (const product of products) {
		const res = await page.request.post('/api/v1/checkout', { data: { productId: product.id, paymentMethod: 'wallet' } });
		expect(res.status(), await res.text()).toBe(200);
	}
	const wanted = products[0]!;

	await page.goto('/thu-vien');
	await expect(page.getByTestId('library-item')).toHaveCount(2);
	// What she types on a phone keyboard: no accents, lower case.
	const unaccented = wanted.title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
	await page.getByLabel('Tìm trong thư viện').fill(unaccented);
	await page.getByRole('button', { name: 'Tìm', exact: true }).click();
	await expect(page).toHaveURL(/\/thu-vien\?q=/);
	const item = page.getByTestId('library-item');
	await expect(item).toHaveCount(1);
	await expect(item).toContainText(wanted.title);
	await screenshots(page, 'thu-vien');
	await expectAccessible(page);

	const saved = await savedBytes(page, () => item.getByTestId('library-download').click());
	expect(saved.bytes.equals(Buffer.from(await expectedFileBytes(baseURL!, wanted.id)))).toBe(true);

	// An address whose cursor is not this search's is a 400 page that says so, not a server error.
	expect((await page.goto('/thu-vien?sau=khong-hop-le'))!.status()).toBe(400);
	await expect(page.getByText('Con trỏ phân trang không hợp lệ hoặc không thuộc truy vấn này.')).toBeVisible();
});

test('save a product for later from its page, find it under Yêu thích, and remove it', async ({ page, account: _account, baseURL }) => {
	const [product] = await sql<{ title: string; full_path: string }>(
		baseURL!,
		`SELECT p.title, c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.type = 'SLIDE' AND p.is_published AND c.is_active ORDER BY p.popularity DESC LIMIT 1`
	);
	await page.goto(`/san-pham/${product!.full_path}`);
	const toggle = page.getByTestId('wishlist-toggle');
	await expect(toggle).toHaveAttribute('aria-pressed', 'false');
	await toggle.click();
	await expect(toggle).toHaveAttribute('aria-pressed', 'true');
	await expect(toggle).toHaveText(/Đã lưu yêu thích/);
	// The server remembers it: a reload shows it saved.
	await page.reload();
	await expect(page.getByTestId('wishlist-toggle')).toHaveAttribute('aria-pressed', 'true');

	await page.goto('/yeu-thich');
	await expect(page.getByRole('list', { name: 'Học liệu yêu thích' }).getByRole('link', { name: product!.title })).toBeVisible();
	await screenshots(page, 'yeu-thich');
	await expectAccessible(page);
	await page.getByRole('button', { name: `Bỏ yêu thích: ${product!.title}` }).click();
	await expect(page.getByText('Bạn chưa lưu học liệu nào.')).toBeVisible();
});

test('a visitor is offered to sign in to save', async ({ page, baseURL }) => {
	const [product] = await sql<{ full_path: string }>(
		baseURL!,
		`SELECT c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.is_published AND c.is_active ORDER BY p.popularity DESC LIMIT 1`
	);
	await page.goto(`/san-pham/${product!.full_path}`);
	await expect(page.getByRole('link', { name: /Đăng nhập để lưu yêu thích/ })).toHaveAttribute('href', `/dang-nhap?returnTo=${encodeURIComponent(`/san-pham/${product!.full_path}`)}`);
});
