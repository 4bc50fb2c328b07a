/**
 * An author's statement and the staff payout screen in real Chromium: a sale
 * paid by wallet last month shows on the author's statement with their
 * share, and staff mark that month paid with the bank reference, at 360 px
 * and 1280 px with no serious axe violations.
 */
import { checkout } from '../helpers/checkout';
import { createUser, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { lastFinishedMonth, monthLabel } from '../../src/lib/statement-month';
import { cleanupUser, expect, expectAccessible, screenshots, test, uniqueEmail, signInAs } from './fixtures';

test('an author sees last month\'s sale on the statement and staff mark the month paid', async ({ page, context, baseURL }) => {
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Chi trả' });
	const author = await createUser(baseURL!, { role: 'author', email: uniqueEmail('tacgia'), name: 'Cô Ngọc Tác Giả' });
	const buyer = await createUser(baseURL!, { email: uniqueEmail('nguoimua') });
	const [product] = await sql<{ id: string; title: string }>(
		baseURL!,
		`SELECT p.id::text AS id, p.title FROM products p
		 WHERE p.is_published AND p.author_id IS NULL AND p.price_vnd BETWEEN 10000 AND 200000 AND p.sale_price_vnd IS NULL
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity LIMIT 1`
	);
	const month = lastFinishedMonth();
	await sql(baseURL!, 'UPDATE products SET author_id = $1 WHERE id = $2', [author.userId, product!.id]);
	try {
		await creditWallet(baseURL!, buyer.userId, '500000');
		const created = await checkout(baseURL!, { productId: product!.id, paymentMethod: 'wallet' }, { user: buyer });
		expect(created.status, created.text).toBe(200);
		// Last month, mid-month in Vietnam time, so the month has ended and can be paid.
		await sql(baseURL!, 'UPDATE orders SET paid_at = $1 WHERE id = $2', [`${month}-15T05:00:00Z`, created.body.data.id]);

		await signInAs(context, baseURL!, author);
		await page.goto(`/tac-gia/thu-nhap?thang=${month}`);
		await expect(page.getByRole('heading', { name: `Bảng kê ${monthLabel(month).toLowerCase()}` })).toBeVisible();
		await expect(page.locator('ul.lines li.sale')).toContainText(product!.title);
		await screenshots(page, 'studio-statement');
		await expectAccessible(page);

		await signInAs(context, baseURL!, staff);
		await page.goto('/quan-tri');
		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Chi trả tác giả' }).click();
		await page.goto(`/quan-tri/chi-tra?thang=${month}`);
		const row = page.locator('ul.payouts > li', { hasText: author.email });
		await expect(row.getByText('Phải trả:')).toBeVisible();
		await screenshots(page, 'admin-payouts');
		await expectAccessible(page);
		await row.getByLabel('Mã giao dịch chuyển khoản').fill('FT-E2E-000123');
		await row.getByRole('button', { name: 'Ghi đã chi trả' }).click();
		await expect(page.getByText(/Đã ghi chi trả .* \(mã FT-E2E-000123\)/)).toBeVisible();
		await expect(page.locator('ul.payouts > li', { hasText: author.email })).toContainText('mã FT-E2E-000123');
	} finally {
		await sql(baseURL!, 'UPDATE products SET author_id = NULL WHERE id = $1', [product!.id]);
		await cleanupUser(baseURL!, buyer.userId);
		await cleanupUser(baseURL!, author.userId);
		await cleanupUser(baseURL!, staff.userId);
	}
});
