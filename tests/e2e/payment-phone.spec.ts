/**
 * Paying on the phone that holds the bank app (#18 item 3): the bank, account,
 * holder, amount and content as rows with copy buttons, the QR saved as a PNG,
 * links that open a banking app with the transfer filled in, the QR's text and
 * the order number, on a 360 px touch screen; the wallet top-up page shares it.
 */
import { DEFAULT_BANK_APPS, parseBankApps } from '../../src/lib/bank-apps';
import { DEMO_PAYMENT_ACCOUNT } from '../../src/lib/server/config';
import { sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { expect, expectAccessible, PHONE, savedBytes, screenshots, test } from './fixtures';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('a QR order on a phone: copy each field, save the QR, open a banking app', async ({ page, context, account: _account, baseURL }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
	const [product] = await sql<{ id: string }>(
		baseURL!,
		`SELECT p.id::text AS id FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.type = 'LESSON_PLAN' AND p.is_published AND c.is_active AND p.price_vnd > 0
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC LIMIT 1`
	);
	const created = await page.request.post('/api/v1/checkout', { data: { productId: product!.id, paymentMethod: 'qr_direct' } });
	expect(created.status(), await created.text()).toBe(200);
	const order = (await created.json()).data as { id: string; orderNumber: string; paymentRef: string; amountVnd: string; qrUrl: string; qrPayload: string };

	await page.goto(`/thanh-toan/${order.id}`);
	await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
	const expected: Record<string, string> = {
		bank: DEMO_PAYMENT_ACCOUNT.bankName,
		account: DEMO_PAYMENT_ACCOUNT.accountNumber,
		holder: DEMO_PAYMENT_ACCOUNT.accountName,
		amount: order.amountVnd,
		ref: order.paymentRef
	};
	for (const [key, value] of Object.entries(expected)) {
		const row = page.getByTestId(`transfer-${key}`);
		await row.getByRole('button', { name: /^Sao chép/ }).click();
		await expect(row.getByRole('button')).toHaveText('Đã chép');
		expect(await page.evaluate(() => navigator.clipboard.readText()), `clipboard after copying ${key}`).toBe(value);
	}
	await expect(page.getByTestId('transfer-account')).toContainText(DEMO_PAYMENT_ACCOUNT.accountNumber);

	// The saved picture is the very PNG the page shows.
	const saved = await savedBytes(page, () => page.getByTestId('save-qr').click());
	expect(saved.name).toBe(`vietqr-${order.paymentRef}.png`);
	expect(saved.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
	expect(saved.bytes.equals(Buffer.from(order.qrUrl.split(',')[1]!, 'base64'))).toBe(true);

	// A touch screen opens the banking apps at once; each link carries this transfer.
	const apps = page.getByTestId('bank-apps');
	await expect(apps).toHaveAttribute('open', '');
	const links = apps.getByRole('link');
	const offered = parseBankApps(DEFAULT_BANK_APPS);
	await expect(links).toHaveCount(offered.length);
	const first = new URL((await links.first().getAttribute('href'))!);
	expect(Object.fromEntries(first.searchParams)).toEqual({
		app: offered[0]!.id,
		ba: `${DEMO_PAYMENT_ACCOUNT.accountNumber}@${DEMO_PAYMENT_ACCOUNT.bankBin}`,
		am: order.amountVnd,
		tn: order.paymentRef
	});

	await page.getByText('Mã VietQR dạng chữ').click();
	await expect(page.getByTestId('qr-payload')).toHaveText(order.qrPayload);
	await screenshots(page, 'thanh-toan-dien-thoai');
	await expectAccessible(page);
});

test('a paid order offers its receipt PDF, with the school\'s tax code checked next to its field', async ({ page, account, baseURL }) => {
	const [product] = await sql<{ id: string; price: string }>(
		baseURL!,
		`SELECT p.id::text AS id, p.price_vnd::text AS price FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.type = 'SLIDE' AND p.is_published AND c.is_active AND p.price_vnd > 0
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC LIMIT 1`
	);
	await creditWallet(baseURL!, account.userId, product!.price);
	const created = await page.request.post('/api/v1/checkout', { data: { productId: product!.id, paymentMethod: 'wallet' } });
	expect(created.status(), await created.text()).toBe(200);
	const order = (await created.json()).data as { id: string; orderNumber: string };

	await page.goto(`/thanh-toan/${order.id}`);
	await expect(page.getByTestId('order-number')).toHaveText(order.orderNumber);
	const form = page.getByTestId('receipt-form');
	await form.getByLabel('Tên trường hoặc đơn vị (không bắt buộc)').fill('Trường THCS Nguyễn Du');
	const tax = form.getByLabel('Mã số thuế của đơn vị (không bắt buộc)');
	await tax.fill('12345');
	await form.getByRole('button', { name: 'Tải phiếu thu (PDF)' }).click();
	await expect(tax).toHaveAttribute('aria-invalid', 'true');
	await expect(form.getByText(/^Mã số thuế gồm 10 chữ số/)).toBeVisible();
	await tax.fill('0101234567');
	const saved = await savedBytes(page, () => form.getByRole('button', { name: 'Tải phiếu thu (PDF)' }).click());
	expect(saved.name).toBe(`phieu-thu-${order.orderNumber}.pdf`);
	expect(saved.bytes.subarray(0, 5).toString()).toBe('%PDF-');
	await expectAccessible(page);

	// My orders shows the number and links the receipt in one tap.
	await page.goto('/don-hang');
	const row = page.getByTestId('order').filter({ hasText: order.orderNumber });
	await expect(row.getByRole('link', { name: /Phiếu thu \(PDF\)/ })).toHaveAttribute('href', `/thanh-toan/${order.id}/phieu-thu`);
});

test('the wallet top-up QR shows the same rows', async ({ page, account: _account }) => {
	await page.goto('/vi');
	const submit = page.getByRole('button', { name: 'Tạo mã QR nạp tiền' });
	await expect(submit).toBeEnabled();
	await submit.click();
	await expect(page.getByTestId('payment-qr')).toBeVisible();
	await expect(page.getByTestId('transfer-account')).toContainText(DEMO_PAYMENT_ACCOUNT.accountNumber);
	await expect(page.getByTestId('transfer-holder')).toContainText(DEMO_PAYMENT_ACCOUNT.accountName);
	await expect(page.getByTestId('save-qr')).toBeVisible();
	await expectAccessible(page);
});
