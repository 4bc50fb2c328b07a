/**
 * Several files per product (README "Several files per product") in Chromium at
 * 360 px: an author attaches two files and puts the second first; the product
 * page lists both files; a buyer opens the download link of the paid order and
 * saves each file (the very bytes) and a ZIP of both; axe passes on every page.
 */
import { createHash, randomUUID } from 'node:crypto';
import { docxBytes } from '../../src/lib/server/platform/storage/samples/ooxml';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { createUser, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { storeFile } from '../helpers/music-fixtures';
import { readZip } from '../helpers/zip-reader';
import { PHONE, cleanupUser, expect, expectAccessible, expectedFileBytes, hydrated, savedBytes, screenshots, signInAs, test, uniqueEmail } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('download two files of one product, one by one and as a ZIP, on a phone', async ({ page, account, baseURL }) => {
	const [product] = await sql<{ id: string; title: string; price: string; full_path: string; file_name: string }>(
		baseURL!,
		`SELECT p.id::text AS id, p.title, p.price_vnd::text AS price, c.path || '/' || p.slug AS full_path, p.file_name FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.type = 'LESSON_PLAN' AND p.is_published AND c.is_active AND p.price_vnd > 0 AND p.file_key IS NOT NULL
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		   AND NOT EXISTS (SELECT 1 FROM product_files f WHERE f.product_id = p.id AND f.position > 0)
		 ORDER BY p.popularity DESC LIMIT 1`
	);
	expect(product).toBeDefined();
	// A second file beside the seed's: a worksheet PDF.
	const worksheet = pdfBytes(`Phiếu học tập – ${product!.title}`, ['Bài 1. Trả lời câu hỏi.']);
	const key = `products/${product!.id}/phieu-hoc-tap.pdf`;
	await storeFile(baseURL!, key, worksheet, 'application/pdf');
	await sql(
		baseURL!,
		"INSERT INTO product_files (product_id, position, file_key, file_name, content_type, size_bytes) VALUES ($1, 1, $2, 'Phiếu học tập.pdf', 'application/pdf', $3)",
		[product!.id, key, worksheet.byteLength]
	);
	const primary = await expectedFileBytes(baseURL!, product!.id);

	await page.setViewportSize(PHONE);
	await page.goto(`/san-pham/${product!.full_path}`);
	const listed = page.getByTestId('product-files');
	await expect(page.getByRole('heading', { name: 'Tệp trong học liệu (2)' })).toBeVisible();
	await expect(listed.getByRole('listitem')).toHaveText([new RegExp(product!.file_name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), /Phiếu học tập\.pdf/]);

	await creditWallet(baseURL!, account.userId, product!.price);
	const order = await page.request.post('/api/v1/checkout', { data: { productId: product!.id, paymentMethod: 'wallet' } });
	expect(order.status(), await order.text()).toBe(200);
	const downloadUrl = new URL((await order.json()).data.downloadUrl);

	await page.goto(`${downloadUrl.pathname}${downloadUrl.search}`);
	await hydrated(page);
	const rows = page.getByTestId('token-files').getByRole('listitem');
	await expect(rows).toHaveCount(2);
	await screenshots(page, 'tai-ve-nhieu-tep');
	await expectAccessible(page);

	const first = await savedBytes(page, () => rows.nth(0).getByTestId('token-download-file').click());
	expect(first.name).toBe(product!.file_name);
	expect(sha256(first.bytes)).toBe(sha256(primary));
	const second = await savedBytes(page, () => rows.nth(1).getByTestId('token-download-file').click());
	expect(second.name).toBe('Phiếu học tập.pdf');
	expect(sha256(second.bytes)).toBe(sha256(worksheet));

	const zip = await savedBytes(page, () => page.getByTestId('token-download-all').click());
	// Names inside and of the archive lose what file systems refuse (the seed's titles have colons).
	const safe = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');
	expect(zip.name).toBe(safe(`${product!.title}.zip`));
	expect(readZip(zip.bytes).map((e) => [e.name, sha256(e.bytes)])).toEqual([
		[safe(product!.file_name), sha256(primary)],
		['Phiếu học tập.pdf', sha256(worksheet)]
	]);
	await expectAccessible(page);
});

test('an author attaches two files, puts the second first, saves and submits them in that order', async ({ page, context, baseURL }) => {
	test.setTimeout(120_000);
	const author = await createUser(baseURL!, { email: uniqueEmail('tacgia'), name: 'Thầy Nam Thử' });
	await sql(baseURL!, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [author.userId]);
	await sql(baseURL!, "INSERT INTO author_profiles (user_id, display_name, bank_name, bank_account_number, bank_account_holder) VALUES ($1, 'Thầy Nam', 'BIDV', '987654321', 'TRAN VAN NAM')", [author.userId]);
	await sql(baseURL!, "UPDATE users SET role = 'author' WHERE id = $1", [author.userId]);
	const title = `Bộ tài liệu ${randomUUID().slice(0, 6)}`;
	try {
		await signInAs(context, baseURL!, author);
		await page.setViewportSize(PHONE);
		await page.goto('/tac-gia/san-pham/moi');
		await page.getByLabel('Tiêu đề').fill(title);
		await page.getByLabel('Danh mục').selectOption({ index: 1 });
		await page.getByLabel('Giá (đồng)').fill('25000');
		await page.getByLabel('Tệp bán').setInputFiles([
			{ name: 'giao-an.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes(title, [randomUUID()])) },
			{ name: 'phieu-bai-tap.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from(docxBytes(title, [randomUUID()])) }
		]);
		const files = page.getByTestId('draft-files').getByRole('listitem');
		await expect(files).toHaveCount(2);
		await expect(page.getByText('Đã tải lên và xác minh: phieu-bai-tap.docx')).toBeVisible();
		await page.getByRole('button', { name: 'Đưa phieu-bai-tap.docx lên trên' }).click();
		await expect(files.first()).toContainText('phieu-bai-tap.docx');
		await expect(files.first()).toContainText('tệp chính');
		await page.getByLabel('Ảnh bìa').setInputFiles({ name: 'bia.png', mimeType: 'image/png', buffer: PNG });
		await expect(page.getByText('Đã tải lên và xác minh: bia.png')).toBeVisible();
		await screenshots(page, 'studio-nhieu-tep');
		await expectAccessible(page);
		await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
		await expect(page.getByRole('heading', { name: title })).toBeVisible();
		await expect(page.getByTestId('draft-files').getByRole('listitem')).toHaveText([/phieu-bai-tap\.docx/, /giao-an\.pdf/]);
		await page.getByRole('button', { name: 'Gửi duyệt' }).click();
		await expect(page.getByText('Đã gửi duyệt.')).toBeVisible();
		// Each sold file shows its own preview state, in the order the author set.
		await expect(page.getByTestId('sold-files').getByRole('heading')).toHaveText(['phieu-bai-tap.docx', 'giao-an.pdf']);
		await expectAccessible(page);
	} finally {
		await cleanupUser(baseURL!, author.userId);
	}
});
