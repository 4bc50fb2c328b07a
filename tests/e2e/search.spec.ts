/**
 * The search page reads grade, subject and textbook series from the query
 * (issue #18 item 5): they show as chips, removing one searches again without
 * its words, and on a 360 px phone the first result is on the first screen.
 */
import { DESKTOP, expect, expectAccessible, PHONE, screenshots, test } from './fixtures';

test('recognised grade, subject and series show as removable chips; results first on a phone', async ({ page }) => {
	await page.setViewportSize(PHONE);
	await page.goto('/tim-kiem?q=' + encodeURIComponent('giáo án toán lớp 1 kết nối'));
	const chips = page.getByRole('list', { name: 'Đang ưu tiên:' });
	await expect(chips.getByRole('link')).toHaveText(['Toán×', 'Lớp 1×', 'Kết nối tri thức×']);

	// The first result starts above the fold of a 360 × 740 phone screen.
	const first = page.locator('article.product').first();
	await expect(first).toBeVisible();
	const top = await first.evaluate((el) => el.getBoundingClientRect().top);
	expect(top).toBeLessThan(PHONE.height);
	// And it is what the query asks for: Toán lớp 1 of the Kết nối series, with “giáo án” in the title.
	await expect(first.locator('h3')).toContainText(/giáo án.*Toán lớp 1.*Kết nối tri thức/i);

	// Filters fold away on the phone into a bottom sheet with the result count, and stay in view on a desktop.
	await expect(page.getByLabel('Loại học liệu')).toBeHidden();
	await expectAccessible(page);
	await screenshots(page, 'tim-kiem-chips');
	const opener = page.getByRole('link', { name: 'Lọc và sắp xếp' });
	await opener.click();
	const sheet = page.getByRole('dialog', { name: 'Lọc và sắp xếp' });
	await expect(sheet).toBeVisible();
	await expect(sheet.getByLabel('Loại học liệu')).toBeFocused();
	await expect(sheet.getByTestId('filter-count')).toHaveText(/^(Hơn )?\d+ học liệu$/);
	// A choice applies behind the sheet, which stays open and counts again.
	await sheet.getByLabel('Loại học liệu').selectOption('SLIDE');
	await expect(page).toHaveURL(/type=SLIDE/);
	await expect(sheet).toBeVisible();
	await expect(page.getByRole('link', { name: 'Lọc và sắp xếp (1)' })).toBeVisible();
	const sheetBox = await sheet.boundingBox();
	expect(sheetBox!.y + sheetBox!.height).toBeCloseTo(PHONE.height, 0);
	await expectAccessible(page);
	await screenshots(page, 'tim-kiem-bo-loc');
	await sheet.getByRole('link', { name: 'Xem kết quả' }).click();
	await expect(sheet).toBeHidden();
	for (const badge of await page.locator('article.product .badge').allInnerTexts()) expect(badge).toBe('Bài giảng (slide)');
	await page.goto('/tim-kiem?q=' + encodeURIComponent('giáo án toán lớp 1 kết nối'));
	await expect(chips.getByRole('link')).toHaveText(['Toán×', 'Lớp 1×', 'Kết nối tri thức×']);

	await page.setViewportSize(DESKTOP);
	await expect(page.getByLabel('Loại học liệu')).toBeVisible();
	await expectAccessible(page);
	await page.setViewportSize(PHONE);

	// Removing “Lớp 1” searches again without those words; the other chips stay.
	await chips.getByRole('link', { name: 'Bỏ “Lớp 1” khỏi tìm kiếm' }).click();
	await expect(page).toHaveURL(/\/tim-kiem\?q=gi%C3%A1o\+%C3%A1n\+to%C3%A1n\+k%E1%BA%BFt\+n%E1%BB%91i$/);
	await expect(page.getByRole('combobox', { name: 'Từ khoá' })).toHaveValue('giáo án toán kết nối');
	await expect(chips.getByRole('link')).toHaveText(['Toán×', 'Kết nối tri thức×']);
	await expect(page.locator('article.product h3').first()).toContainText(/Toán/);

	// An explicit sort does not rank by them, so no chips promise it.
	await page.goto('/tim-kiem?q=' + encodeURIComponent('toán lớp 1') + '&sort=newest');
	await expect(page.locator('article.product').first()).toBeVisible();
	await expect(chips).toHaveCount(0);
});
