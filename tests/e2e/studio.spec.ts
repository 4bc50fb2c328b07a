/**
 * The author studio and the review pages in real Chromium: apply, create a
 * draft with files uploaded by the browser (slot → PUT → verify), submit,
 * rejected with a reason the author sees, resubmitted, approved, then on the
 * storefront with a link to the public author page. Every page readable at
 * 360 px and 1280 px and free of serious axe violations.
 */
import { randomUUID } from 'node:crypto';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { createUser, sql } from '../helpers/http';
import { cleanupUser, expect, expectAccessible, screenshots, test, uniqueEmail, signInAs } from './fixtures';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('an author applies, drafts with browser uploads, is rejected with a reason, resubmits and goes on sale', async ({ page, context, baseURL }) => {
	test.setTimeout(180_000);
	const author = await createUser(baseURL!, { email: uniqueEmail('tacgia'), name: 'Cô Lan Thử' });
	const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri') });
	await sql(baseURL!, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [author.userId]);
	const title = `Giáo án thử ${randomUUID().slice(0, 6)}`;
	try {
		await signInAs(context, baseURL!, author);
		await page.goto('/tac-gia');
		await expect(page).toHaveURL(/\/tac-gia\/dang-ky$/);
		await expect(page.getByRole('heading', { name: 'Đăng ký bán học liệu' })).toBeVisible();
		await screenshots(page, 'studio-apply');
		await expectAccessible(page);
		await page.getByLabel('Tên hiển thị').fill('Cô Lan');
		await page.getByLabel('Giới thiệu (không bắt buộc)').fill('Giáo viên Toán THCS.');
		await page.getByLabel('Ngân hàng').fill('Vietcombank');
		await page.getByLabel('Số tài khoản').fill('12-34');
		await page.getByLabel('Tên chủ tài khoản').fill('NGUYEN THI LAN');
		await page.getByRole('button', { name: 'Đăng ký làm tác giả' }).click();
		await expect(page.getByText('Số tài khoản chỉ gồm 6 đến 20 chữ số.')).toBeVisible();
		await page.getByLabel('Số tài khoản').fill('0123456789');
		await page.getByRole('button', { name: 'Đăng ký làm tác giả' }).click();
		await expect(page.getByRole('heading', { name: 'Góc tác giả' })).toBeVisible();
		await expect(page.getByRole('link', { name: 'Doanh thu và thu nhập' })).toHaveAttribute('href', '/tac-gia/thu-nhap');

		await page.getByRole('link', { name: 'Tạo học liệu mới' }).click();
		await page.getByLabel('Tiêu đề').fill(title);
		await page.getByLabel('Mô tả').fill('Giáo án 5 tiết có phiếu bài tập.');
		await page.getByLabel('Danh mục').selectOption({ index: 1 });
		await page.getByLabel('Giá (đồng)').fill('35000');
		await page.getByLabel('Thẻ').fill('toán 6, tập hợp');
		await page.getByLabel('Tệp bán').setInputFiles({ name: 'giao-an.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdfBytes(title, [randomUUID()])) });
		await expect(page.getByText('Đã tải lên và xác minh: giao-an.pdf')).toBeVisible();
		await page.getByLabel('Ảnh bìa').setInputFiles({ name: 'bia.png', mimeType: 'image/png', buffer: PNG });
		await expect(page.getByText('Đã tải lên và xác minh: bia.png')).toBeVisible();
		await screenshots(page, 'studio-new-draft');
		await expectAccessible(page);
		await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
		await expect(page.getByRole('heading', { name: title })).toBeVisible();
		await expect(page).toHaveURL(/\/tac-gia\/san-pham\/[0-9a-f-]{36}$/);
		const editUrl = page.url();
		await page.getByRole('button', { name: 'Gửi duyệt' }).click();
		await expect(page.getByText('Đã gửi duyệt.')).toBeVisible();
		await expect(page.getByText('Trạng thái: Đang chờ duyệt')).toBeVisible();

		await signInAs(context, baseURL!, staff);
		await page.goto('/quan-tri');
		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Duyệt học liệu' }).click();
		const item = page.locator('.queue > li', { hasText: title });
		await expect(item).toBeVisible();
		await screenshots(page, 'admin-review-queue');
		await expectAccessible(page);
		await item.getByLabel('Lý do từ chối (tác giả sẽ thấy)').fill('Ảnh bìa quá nhỏ, vui lòng dùng ảnh rõ hơn.');
		await item.getByRole('button', { name: 'Từ chối' }).click();
		await expect(page.getByText(`Đã từ chối "${title}"`)).toBeVisible();

		await signInAs(context, baseURL!, author);
		await page.goto('/tac-gia');
		await expect(page.getByText('Ảnh bìa quá nhỏ, vui lòng dùng ảnh rõ hơn.')).toBeVisible();
		await screenshots(page, 'studio-dashboard');
		await expectAccessible(page);
		await page.goto(editUrl);
		await page.getByRole('button', { name: 'Gửi duyệt' }).click();
		await expect(page.getByText('Trạng thái: Đang chờ duyệt')).toBeVisible();

		await signInAs(context, baseURL!, staff);
		await page.goto('/quan-tri/duyet');
		await page.locator('.queue > li', { hasText: title }).getByRole('button', { name: 'Duyệt và mở bán' }).click();
		await expect(page.getByText(`Đã duyệt và mở bán "${title}"`)).toBeVisible();
		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Học liệu', exact: true }).click();
		await page.getByLabel('Tiêu đề').fill(title);
		await page.getByRole('button', { name: 'Tìm', exact: true }).click();
		await page.getByRole('link', { name: title }).click();
		await expect(page.getByRole('heading', { name: title })).toBeVisible();
		await screenshots(page, 'admin-product');
		await expectAccessible(page);

		await page.locator('dd a', { hasText: '/' }).first().click();
		await expect(page.getByRole('heading', { name: title })).toBeVisible();
		await page.getByRole('link', { name: 'Cô Lan' }).click();
		await expect(page.getByRole('heading', { name: 'Cô Lan' })).toBeVisible();
		await expect(page.getByRole('link', { name: title })).toBeVisible();
		await screenshots(page, 'author-page');
		await expectAccessible(page);
	} finally {
		await cleanupUser(baseURL!, staff.userId);
		await cleanupUser(baseURL!, author.userId);
	}
});
