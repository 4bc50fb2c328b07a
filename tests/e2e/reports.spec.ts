/**
 * A takedown notice in real Chromium: a visitor reports a product from its
 * page (a missing good-faith statement is explained next to it), staff take
 * the product off sale from the reports queue, its page is gone, and
 * dismissing the report puts it back; at 360 px and 1280 px with axe.
 */
import { createUser, sql } from '../helpers/http';
import { expect, expectAccessible, screenshots, test, uniqueEmail, signInAs } from './fixtures';

test('a visitor reports a product, staff suspend it, then dismiss the report and it is back on sale', async ({ page, context, baseURL }) => {
	const [product] = await sql<{ id: string; title: string; full_path: string }>(
		baseURL!,
		`SELECT p.id::text AS id, p.title, c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.type = 'VIDEO' AND p.is_published AND c.is_active ORDER BY p.popularity DESC LIMIT 1`
	);
	const productPage = `/san-pham/${product!.full_path}`;
	try {
		await page.goto(productPage);
		await page.getByRole('link', { name: 'Báo cáo vi phạm' }).click();
		await expect(page.getByRole('heading', { name: 'Báo cáo vi phạm' })).toBeVisible();
		await page.getByLabel('Vi phạm bản quyền của tôi (yêu cầu gỡ bỏ)').check();
		await page.getByLabel('Họ tên').fill('Nguyễn Văn Bản Quyền');
		await page.getByLabel('Email liên hệ').fill(uniqueEmail('banquyen'));
		await page.getByLabel(/Bản gốc ở đâu/).fill('https://nxb.example.vn/video-goc');
		await page.getByLabel('Mô tả vi phạm').fill('Video này cắt ghép từ video bài giảng gốc của chúng tôi, phút 2 đến phút 10.');
		await page.getByRole('button', { name: 'Gửi báo cáo' }).click();
		// The good-faith statement was not ticked: explained next to it, nothing filed.
		await expect(page.getByText('Yêu cầu gỡ bỏ vì bản quyền cần lời xác nhận bạn là chủ sở hữu hoặc được uỷ quyền.')).toBeVisible();
		await screenshots(page, 'bao-cao-loi');
		await expectAccessible(page);
		await page.getByLabel(/Tôi xác nhận, với thiện chí/).check();
		await page.getByRole('button', { name: 'Gửi báo cáo' }).click();
		await expect(page.getByRole('heading', { name: 'Đã nhận báo cáo của bạn' })).toBeVisible();

		const staff = await createUser(baseURL!, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Báo cáo' });
		await signInAs(context, baseURL!, staff);
		await page.goto('/quan-tri');
		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Báo cáo vi phạm' }).click();
		await page.getByTestId('report').filter({ hasText: 'Nguyễn Văn Bản Quyền' }).getByRole('link', { name: product!.title }).click();
		await expect(page.getByTestId('report-status')).toHaveText('Chờ xử lý');
		await screenshots(page, 'admin-report');
		await expectAccessible(page);
		await page.getByRole('button', { name: 'Tạm ngừng bán' }).click();
		await expect(page.getByText('Đã tạm ngừng bán học liệu trong lúc xem xét báo cáo.')).toBeVisible();
		await expect(page.getByTestId('report-status')).toHaveText('Đã tạm ngừng bán, chờ quyết định');
		expect((await page.request.get(productPage)).status()).toBe(404);

		await page.getByLabel(/Lý do \(ít nhất 5 ký tự/).fill('Tác giả gửi giấy phép sử dụng của nhà xuất bản.');
		await page.getByRole('button', { name: 'Bác bỏ báo cáo' }).click();
		await expect(page.getByTestId('report-status')).toHaveText('Bác bỏ');
		expect((await page.request.get(productPage)).status()).toBe(200);
	} finally {
		await sql(baseURL!, "UPDATE products SET status = 'published' WHERE id = $1", [product!.id]);
	}
});
