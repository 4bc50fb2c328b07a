/**
 * The supply side end to end in real Chromium (issue #16): an author applies
 * and uploads a real PDF (large enough to go up in parts) and a real DOCX
 * from the browser; the preview worker
 * turns both into stamped pages that the author and the reviewer see; staff
 * approve; the PDF is in its category's listing, in search and on its page
 * with those pages; a buyer pays by wallet and saves the very bytes the
 * author uploaded; staff rename it (the old path answers 308) and refund the
 * order (wallet and ledger show it, the download is gone); the author's
 * statement shows the sale and the refund. Console and studio pages are
 * captured at 360 and 1280 px and checked with axe.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { docxBytes } from '../../src/lib/server/platform/storage/samples/ooxml';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { createUser, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { previewToolsInstalled } from '../helpers/preview-tools';
import { cleanupUser, expect, expectAccessible, savedBytes, screenshots, signInAs, test, uniqueEmail } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Fills and saves a new draft with its sold file and cover, submits it, and returns its id. */
async function draftAndSubmit(page: Page, d: { title: string; categoryId: string; file: { name: string; mimeType: string; buffer: Buffer } }): Promise<string> {
	await page.goto('/tac-gia/san-pham/moi');
	await page.getByLabel('Tiêu đề').fill(d.title);
	await page.getByLabel('Mô tả').fill('Giáo án 4 tiết, có phiếu học tập và đáp án.');
	await page.getByLabel('Danh mục').selectOption(d.categoryId);
	await page.getByLabel('Giá (đồng)').fill('45000');
	await page.getByLabel('Thẻ').fill('ngữ văn, đọc hiểu');
	await page.getByLabel('Tệp bán').setInputFiles(d.file);
	await expect(page.getByText(`Đã tải lên và xác minh: ${d.file.name}`)).toBeVisible();
	await page.getByLabel('Ảnh bìa').setInputFiles({ name: 'bia.png', mimeType: 'image/png', buffer: PNG });
	await expect(page.getByText('Đã tải lên và xác minh: bia.png')).toBeVisible();
	await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
	await expect(page).toHaveURL(/\/tac-gia\/san-pham\/[0-9a-f-]{36}$/);
	const id = page.url().slice(-36);
	await page.getByRole('button', { name: 'Gửi duyệt' }).click();
	await expect(page.getByText('Trạng thái: Đang chờ duyệt')).toBeVisible();
	// Submitting fixes the file, and its preview is made while it waits: files not on sale yet go ahead of the catalog's backlog.
	await expectGeneratedPreview(page);
	return id;
}

/** Reloads until the preview job has settled; with the tools installed it must have made page images. */
async function expectGeneratedPreview(page: Page) {
	const box = page.getByTestId('generated-preview');
	await expect(async () => {
		await page.reload();
		await expect(box).not.toContainText('Đang tạo bản xem trước', { timeout: 500 });
	}).toPass({ timeout: 120_000, intervals: [1_000] });
	if (previewToolsInstalled) {
		await expect(box).toContainText('Bản xem trước người mua sẽ thấy (1 trang)');
		await expect(box.getByRole('img').first()).toHaveAttribute('src', /^\/xem-truoc\/[0-9a-f]{32}\/page-1\.webp$/);
	} else {
		await expect(box).toContainText('Chưa có bản xem trước');
	}
}

test('an author sells a PDF and a DOCX; staff approve, rename and refund; the buyer and the statement follow', async ({ page, context, baseURL, request }) => {
	test.setTimeout(420_000);
	const author = await createUser(baseURL!, { email: uniqueEmail('tacgia'), name: 'Thầy Minh Thử' });
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Duyệt' });
	const buyer = await createUser(baseURL!, { email: uniqueEmail('nguoimua'), name: 'Cô Hạnh Thử' });
	await sql(baseURL!, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [author.userId]);
	const [leaf] = await sql<{ id: string; path: string }>(
		baseURL!,
		`SELECT c.id::text AS id, c.path FROM categories c
		 WHERE c.is_active AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id) ORDER BY c.path LIMIT 1`
	);
	const tag = randomUUID().slice(0, 6);
	const pdfTitle = `Giáo án Ngữ văn 7 – Bài đọc hiểu ${tag}`;
	const docxTitle = `Phiếu học tập Ngữ văn 7 ${tag}`;
	// Over 512 KiB (one PUT to the file store's /files route), so the browser sends it in parts.
	const exercises = Array.from({ length: 9_000 }, (_, i) => `Câu ${i + 1}: đọc đoạn văn và trả lời câu hỏi về nội dung chính.`);
	const pdf = Buffer.from(pdfBytes(pdfTitle, ['Tiết 1: Đọc văn bản.', 'Tiết 2: Trả lời câu hỏi.', `Mã ${tag}`, ...exercises]));
	expect(pdf.byteLength).toBeGreaterThan(512 * 1024);
	const docx = Buffer.from(docxBytes(docxTitle, ['Câu 1: Tìm từ láy trong đoạn văn.', 'Câu 2: Nêu nội dung chính.', `Mã ${tag}`]));
	try {
		// The author applies, then drafts both resources with files uploaded by the browser.
		await signInAs(context, baseURL!, author);
		await page.goto('/tac-gia/dang-ky');
		await page.getByLabel('Tên hiển thị').fill('Thầy Minh');
		await page.getByLabel('Ngân hàng').fill('Techcombank');
		await page.getByLabel('Số tài khoản').fill('19036677889900');
		await page.getByLabel('Tên chủ tài khoản').fill('TRAN VAN MINH');
		await page.getByRole('button', { name: 'Đăng ký làm tác giả' }).click();
		await expect(page.getByRole('heading', { name: 'Góc tác giả' })).toBeVisible();
		const pdfId = await draftAndSubmit(page, { title: pdfTitle, categoryId: leaf!.id, file: { name: 'giao-an-doc-hieu.pdf', mimeType: 'application/pdf', buffer: pdf } });
		await screenshots(page, 'studio-submitted-with-preview');
		await expectAccessible(page);
		const docxId = await draftAndSubmit(page, {
			title: docxTitle,
			categoryId: leaf!.id,
			file: { name: 'phieu-hoc-tap.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx }
		});

		// Staff see both in the queue with the pages buyers will see, and approve them.
		await signInAs(context, baseURL!, staff);
		await page.goto('/quan-tri/duyet');
		for (const title of [pdfTitle, docxTitle]) {
			const item = page.locator('.queue > li', { hasText: title });
			await expect(item.getByTestId('generated-preview')).toContainText(previewToolsInstalled ? 'Bản xem trước người mua sẽ thấy' : 'Chưa có bản xem trước');
		}
		await screenshots(page, 'admin-review-with-previews');
		await expectAccessible(page);
		for (const title of [pdfTitle, docxTitle]) {
			await page.locator('.queue > li', { hasText: title }).getByRole('button', { name: 'Duyệt và mở bán' }).click();
			await expect(page.getByText(`Đã duyệt và mở bán "${title}"`)).toBeVisible();
		}

		// On the storefront: the category's listing (newest first), search, and the product page with its preview pages.
		await page.goto(`/danh-muc/${leaf!.path}`);
		await expect(page.getByRole('link', { name: pdfTitle })).toBeVisible();
		await expect(page.getByRole('link', { name: docxTitle })).toBeVisible();
		await page.goto(`/tim-kiem?q=${encodeURIComponent(`Bài đọc hiểu ${tag}`)}`);
		await page.getByRole('link', { name: pdfTitle }).first().click();
		await expect(page.getByRole('heading', { level: 1, name: pdfTitle, exact: true })).toBeVisible();
		const oldPath = new URL(page.url()).pathname;
		if (previewToolsInstalled) {
			const thumbs = page.getByRole('list', { name: 'Ảnh xem trước' }).getByRole('button');
			await expect(thumbs).toHaveCount(2);
			await thumbs.nth(1).click();
			await expect(page.locator('.stage img')).toHaveAttribute('src', /^\/xem-truoc\/[0-9a-f]{32}\/page-1\.webp$/);
			await expect(page.locator('.stage img')).toHaveAttribute('alt', `Trang xem trước 1: ${pdfTitle}`);
			await expect(page.getByText('Số trang')).toBeVisible();
		}
		const [docxPath] = await sql<{ path: string }>(baseURL!, `SELECT c.path || '/' || p.slug AS path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`, [docxId]);
		await page.goto(`/san-pham/${docxPath!.path}`);
		await expect(page.getByRole('heading', { level: 1, name: docxTitle, exact: true })).toBeVisible();
		if (previewToolsInstalled) await expect(page.getByRole('list', { name: 'Ảnh xem trước' }).getByRole('button')).toHaveCount(2);

		// A buyer pays by wallet and saves exactly the bytes the author uploaded.
		await creditWallet(baseURL!, buyer.userId, '100000');
		await signInAs(context, baseURL!, buyer);
		await page.goto(oldPath);
		await page.getByRole('radio', { name: /Ví hoclieu/ }).check();
		await page.getByRole('button', { name: /Mua ngay/ }).click();
		await expect(page).toHaveURL(/\/thanh-toan\/[0-9a-f-]{36}$/);
		await page.goto(oldPath);
		const tokenLink = page.getByRole('link', { name: 'Tải về' });
		await expect(tokenLink).toHaveAttribute('href', /^\/tai-ve\?token=/);
		const token = new URL((await tokenLink.getAttribute('href'))!, baseURL).searchParams.get('token');
		await page.goto('/thu-vien');
		const owned = page.getByTestId('library-item').filter({ hasText: pdfTitle });
		const saved = await savedBytes(page, () => owned.getByTestId('library-download').click());
		expect(sha256(saved.bytes)).toBe(sha256(pdf));

		// Staff rename it: the old path answers 308 to the new one.
		await signInAs(context, baseURL!, staff);
		await page.goto(`/quan-tri/san-pham/${pdfId}`);
		const newSlug = `doc-hieu-ngu-van-7-${tag}`;
		await page.getByLabel('Đường dẫn (slug)').fill(newSlug);
		await page.getByRole('button', { name: 'Chuyển', exact: true }).click();
		await expect(page.getByRole('link', { name: `${leaf!.path}/${newSlug}` })).toBeVisible();
		await screenshots(page, 'admin-product-renamed');
		await expectAccessible(page);
		const moved = await request.get(oldPath, { maxRedirects: 0 });
		expect(moved.status()).toBe(308);
		expect(moved.headers().location).toBe(`/san-pham/${leaf!.path}/${newSlug}`);

		// Staff refund the order to the buyer's wallet.
		await page.goto('/quan-tri/don-hang');
		await page.getByLabel('Mã đơn, mã thanh toán, email hoặc mã giao dịch ngân hàng').fill(buyer.email);
		await page.getByRole('button', { name: 'Tìm đơn hàng' }).click();
		// The list shows recent orders until the search answers: wait for the buyer's one order.
		const found = page.getByRole('link', { name: /^DH/ });
		await expect(found).toHaveCount(1);
		await found.click();
		await expect(page.getByText('Người mua đang sở hữu sản phẩm')).toBeVisible();
		await page.getByLabel(/Lý do hoàn tiền/).fill('Tác giả đồng ý hoàn tiền theo yêu cầu');
		await page.getByLabel(/Tôi xác nhận hoàn/).check();
		await page.getByRole('button', { name: 'Hoàn tiền vào ví' }).click();
		await expect(page.getByText('Đã hoàn tiền vào ví của người mua và thu hồi quyền tải sản phẩm.')).toBeVisible();

		// The buyer sees the money back in the wallet and its ledger; the download is gone.
		await signInAs(context, baseURL!, buyer);
		await page.goto('/vi');
		await expect(page.getByText('100.000 ₫').first()).toBeVisible();
		await expect(page.getByText('Hoàn tiền', { exact: true }).first()).toBeVisible();
		await page.goto('/thu-vien');
		await expect(page.getByTestId('library-item').filter({ hasText: pdfTitle })).toHaveCount(0);
		const refused = await request.post('/api/v1/downloads/by-token', { data: { token } });
		expect(refused.status()).toBe(403);
		await page.goto(`/san-pham/${leaf!.path}/${newSlug}`);
		await expect(page.getByText('Bạn đã mua học liệu này.')).toHaveCount(0);

		// The author's statement for this month shows the sale and the refund.
		await signInAs(context, baseURL!, author);
		await page.goto('/tac-gia/thu-nhap');
		await expect(page.locator('ul.lines li.sale', { hasText: pdfTitle })).toContainText('45.000');
		await expect(page.locator('ul.lines li.refund', { hasText: pdfTitle })).toContainText('45.000');
		await screenshots(page, 'studio-statement-refund');
		await expectAccessible(page);
	} finally {
		await cleanupUser(baseURL!, buyer.userId);
		await cleanupUser(baseURL!, staff.userId);
		await cleanupUser(baseURL!, author.userId);
	}
});
