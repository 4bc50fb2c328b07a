/**
 * A busy day in the staff console, in real Chromium at 360 px: staff resolve
 * an unmatched transfer by typing the order number the buyer read out; an
 * author changes the bank account payouts go to in the studio and the payout
 * page shows it, with the second confirmation it now needs. Each screen is
 * free of serious axe violations.
 */
import { randomUUID } from 'node:crypto';
import { checkout } from '../helpers/checkout';
import { createUser, request, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { postBankTransfer } from '../helpers/payments';
import { cleanupUser, expect, expectAccessible, PHONE, signInAs, test, uniqueEmail } from './fixtures';

/** A published, paid-for lesson plan with no flash sale (its price is what checkout asks). */
async function plainProduct(baseURL: string, skip = 0) {
	const [row] = await sql<{ id: string }>(
		baseURL,
		`SELECT p.id::text AS id FROM products p
		 WHERE p.type = 'LESSON_PLAN' AND p.is_published AND p.price_vnd > 0 AND p.sale_price_vnd IS NULL
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC OFFSET $1 LIMIT 1`,
		[skip]
	);
	return row!.id;
}

test('staff resolve a transfer by typing the order number', async ({ page, context, baseURL }) => {
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Chuyển khoản' });
	const buyer = await createUser(baseURL!, { email: uniqueEmail('nguoimua'), name: 'Thầy Minh Thử' });
	const created = await checkout(baseURL!, { productId: await plainProduct(baseURL!), paymentMethod: 'qr_direct' }, { user: buyer });
	expect(created.status, created.text).toBe(200);
	const order = created.body.data as { id: string; orderNumber: string; amountVnd: string };
	const content = `CK thay Minh ${randomUUID().slice(0, 8)}`;
	const transfer = await postBankTransfer(baseURL!, 'x', order.amountVnd, { content });
	expect(transfer.body.status).toBe('unmatched');
	try {
		await page.setViewportSize(PHONE);
		await signInAs(context, baseURL!, staff);
		await page.goto('/quan-tri/chuyen-khoan');
		const item = page.getByRole('listitem').filter({ hasText: content });
		await expect(item).toHaveCount(1);
		await expectAccessible(page);
		await item.getByLabel('Số đơn, mã thanh toán hoặc email người mua').fill(order.orderNumber);
		await item.getByLabel(/Lý do/).first().fill('Thầy Minh quên ghi mã khi chuyển khoản');
		await item.getByRole('button', { name: 'Gán cho đơn hàng' }).click();
		await expect(page.getByText(`Nhân viên gán cho đơn ${order.orderNumber} (`, { exact: false })).toBeVisible();
		await expect(page.getByText(content)).toHaveCount(0);
		await expectAccessible(page);
		const [paid] = await sql<{ status: string }>(baseURL!, 'SELECT status FROM orders WHERE id = $1', [order.id]);
		expect(paid!.status).toBe('PAID');
	} finally {
		await cleanupUser(baseURL!, buyer.userId);
		await cleanupUser(baseURL!, staff.userId);
	}
});

test('an author changes their payout account in the studio and the payout page shows it', async ({ page, context, baseURL }) => {
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Chi trả' });
	const author = await createUser(baseURL!, { email: uniqueEmail('tacgia'), name: 'Cô Hằng Thử' });
	const buyer = await createUser(baseURL!, { email: uniqueEmail('nguoimua') });
	await sql(baseURL!, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [author.userId]);
	const applied = await request(baseURL!, '/api/v1/studio/application', {
		method: 'POST',
		json: { displayName: 'Cô Hằng Thử', bankName: 'Vietcombank', bankAccountNumber: '0011223344', bankAccountHolder: 'LE THI HANG' },
		headers: { origin: baseURL!, cookie: author.cookie }
	});
	expect(applied.status, applied.text).toBe(200);
	// One sale of hers, paid in a month that has ended, so the payout page has her row.
	const productId = await plainProduct(baseURL!, 1);
	await creditWallet(baseURL!, buyer.userId, '500000');
	const [owner] = await sql<{ author_id: string | null }>(baseURL!, 'SELECT author_id::text AS author_id FROM products WHERE id = $1', [productId]);
	await sql(baseURL!, 'UPDATE products SET author_id = $1 WHERE id = $2', [author.userId, productId]);
	const sold = await checkout(baseURL!, { productId, paymentMethod: 'wallet' }, { user: buyer });
	expect(sold.status, sold.text).toBe(200);
	await sql(baseURL!, 'UPDATE orders SET paid_at = $1 WHERE id = $2', ['2026-09-10T03:00:00Z', sold.body.data.id]);
	try {
		await page.setViewportSize(PHONE);
		await signInAs(context, baseURL!, author);
		await page.goto('/tac-gia');
		const section = page.getByRole('region', { name: 'Tài khoản nhận tiền' });
		await expect(section.getByLabel('Số tài khoản')).toHaveValue('0011223344');
		await section.getByLabel('Ngân hàng').fill('Techcombank');
		await section.getByLabel('Số tài khoản').fill('1903 2222 3333');
		await section.getByRole('button', { name: 'Lưu tài khoản nhận tiền' }).click();
		await expect(page.getByText('Đã lưu tài khoản nhận tiền.')).toBeVisible();
		await expect(section.getByLabel('Số tài khoản')).toHaveValue('190322223333');
		await expect(section.getByText(/quản trị viên sẽ xác minh\s+lại với bạn/)).toBeVisible();
		await expectAccessible(page);

		await page.goto('/tai-khoan');
		await expect(page.getByRole('region', { name: 'Tài khoản nhận tiền' })).toContainText('190322223333');
		await expectAccessible(page);

		await signInAs(context, baseURL!, staff);
		await page.goto('/quan-tri/chi-tra?thang=2026-09');
		const row = page.getByRole('listitem').filter({ hasText: author.email });
		await expect(row).toContainText('Techcombank');
		await expect(row).toContainText('190322223333');
		await expect(row).toContainText('LE THI HANG');
		await expect(row).toContainText('Tác giả đổi tài khoản nhận tiền lúc');
		await expectAccessible(page);
		await row.getByLabel('Mã giao dịch chuyển khoản').fill('FT26253000111');
		await row.getByRole('button', { name: 'Ghi đã chi trả' }).click();
		await expect(page.getByRole('alert')).toContainText('Tác giả vừa đổi tài khoản nhận tiền lúc');
		await row.getByLabel('Mã giao dịch chuyển khoản').fill('FT26253000111');
		await row.getByLabel('Tôi đã xác minh tài khoản mới với tác giả').check();
		await row.getByRole('button', { name: 'Ghi đã chi trả' }).click();
		await expect(page.getByText(/Đã ghi chi trả .* \(mã FT26253000111\)/)).toBeVisible();
		await expectAccessible(page);
	} finally {
		await sql(baseURL!, 'UPDATE products SET author_id = $1 WHERE id = $2', [owner!.author_id, productId]);
		await cleanupUser(baseURL!, buyer.userId);
		await cleanupUser(baseURL!, author.userId);
		await cleanupUser(baseURL!, staff.userId);
	}
});
