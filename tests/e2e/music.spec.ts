/**
 * The music page: quota meter, downloads with progress and byte-exact files,
 * the 429 quota state, a paid track that needs a purchase, and VIP members.
 * The e2e server runs with MUSIC_FREE_MONTHLY_LIMIT=3 (playwright.config.ts).
 */
import { createUser } from '../helpers/http';
import { expect, expectAccessible, expectedFileBytes, hydrated, PHONE, savedBytes, screenshots, test } from './fixtures';

const LIMIT = 3;

test('download free tracks with progress until the monthly quota runs out', async ({ page, account: _account, baseURL }) => {
	await page.goto('/am-nhac');
	await expect(page.getByRole('heading', { name: 'Nhạc cho lớp học' })).toBeVisible();
	await expect(page.getByTestId('quota-used')).toHaveText(`0/${LIMIT}`);
	await expect(page.getByTestId('music-quota')).toContainText(/Lượt tải được làm mới vào 00:00 ngày 01\/\d{2}\/\d{4} \(giờ Việt Nam\)/);

	// The demo catalog has two free tracks among its music; "Xem thêm" (appending once hydrated) until both are listed.
	await hydrated(page);
	const free = page.getByTestId('music-track').filter({ hasText: 'Miễn phí' });
	while ((await free.count()) < 2) {
		const before = await page.getByTestId('music-track').count();
		await page.getByRole('link', { name: 'Xem thêm' }).click();
		await expect(page.getByTestId('music-track')).not.toHaveCount(before);
	}
	// Every grant of a free track uses a unit, the same track again too: A, B, A use up the quota of 3.
	for (const [i, n] of [0, 1, 0].entries()) {
		const track = free.nth(n);
		const id = (await track.getByRole('link').first().getAttribute('id'))!.replace(/^track-/, '');
		const button = track.getByRole('button', { name: i === 2 ? 'Tải lại' : 'Tải xuống' });
		await expect(button).toBeEnabled();
		const saved = await savedBytes(page, () => button.click());
		expect(saved.name).toMatch(/\.wav$/);
		expect(Buffer.compare(saved.bytes, Buffer.from(await expectedFileBytes(baseURL!, id)))).toBe(0);
		await expect(track.getByTestId('download-done')).toContainText('Đã tải xong');
		await expect(page.getByTestId('quota-used')).toHaveText(`${i + 1}/${LIMIT}`);
	}

	await free.nth(1).getByRole('button', { name: 'Tải lại' }).click();
	const banner = page.getByTestId('quota-exceeded');
	await expect(banner).toContainText('Bạn đã dùng hết lượt tải nhạc miễn phí của tháng này.');
	await expect(banner).toContainText(/Lượt tải mới có từ 00:00 ngày 01\/\d{2}\/\d{4} \(giờ Việt Nam\)/);
	await screenshots(page, 'am-nhac-het-luot');
	await expectAccessible(page);
});

test('a paid track that is not owned points to its product page', async ({ page, account: _account }) => {
	await page.goto('/am-nhac');
	const paid = page.getByTestId('music-track').filter({ hasText: 'tải khi đã mua' }).first();
	// Instead of a download that can only be refused: "Mua · <price>", a link to the track's product page.
	await expect(paid.getByRole('button', { name: 'Tải xuống' })).toHaveCount(0);
	const buy = paid.getByRole('link', { name: /^Mua · \d{1,3}(\.\d{3})*\s₫$/ });
	const title = paid.getByRole('link').first();
	expect(await buy.getAttribute('href')).toMatch(/^\/san-pham\//);
	expect(await buy.getAttribute('href')).toBe(await title.getAttribute('href'));

	// Should the ownership lookup fail, the track keeps its download button and the refusal is explained.
	await hydrated(page);
	await page.route(/\/api\/trpc\/storefront\.ownedProducts/, (route) => route.abort());
	await page.getByRole('link', { name: 'Xem thêm' }).click();
	const unknown = page
		.getByTestId('music-track')
		.filter({ hasText: 'tải khi đã mua' })
		.filter({ has: page.getByRole('button', { name: 'Tải xuống' }) })
		.first();
	await unknown.getByRole('button', { name: 'Tải xuống' }).click();
	await expect(unknown.getByRole('alert')).toContainText('Bài nhạc này có phí và bạn chưa mua.');
	const href = await unknown.getByRole('link', { name: 'Mua tại trang sản phẩm' }).getAttribute('href');
	expect(href).toMatch(/^\/san-pham\//);
	await expect(page.getByTestId('quota-used')).toHaveText(`0/${LIMIT}`);
});

test('VIP members see an unlimited quota; search keeps the query in the URL', async ({ page, baseURL }) => {
	const vip = await createUser(baseURL!, { isVip: true, name: 'Thầy Minh VIP' });
	const eq = vip.cookie.indexOf('=');
	await page.context().addCookies([{ name: vip.cookie.slice(0, eq), value: vip.cookie.slice(eq + 1), url: baseURL! }]);
	await page.goto('/am-nhac');
	await expect(page.getByTestId('quota-used')).toHaveText('Không giới hạn');
	await expect(page.getByText('Thành viên VIP')).toBeVisible();

	const search = page.getByRole('search', { name: 'Tìm bài nhạc' });
	await search.getByRole('searchbox', { name: 'Tìm bài nhạc' }).fill('mua xuan');
	await search.getByRole('button', { name: 'Tìm', exact: true }).click();
	await expect(page).toHaveURL(/\/am-nhac\?q=mua\+xuan$/);
	await expect(page.getByRole('heading', { name: 'Kết quả cho “mua xuan”' })).toBeVisible();
});

test('guests browse the music, and a download asks them to sign in first', async ({ page }) => {
	await page.setViewportSize(PHONE);
	await page.goto('/am-nhac');
	await expect(page.getByRole('heading', { name: 'Nhạc cho lớp học' })).toBeVisible();
	await expect(page.getByTestId('music-guest')).toContainText(`tải ${LIMIT} bài miễn phí mỗi tháng`);
	await expect(page.getByTestId('quota-used')).toHaveCount(0);
	const tracks = page.getByTestId('music-track');
	await expect(tracks.first()).toBeVisible();
	// Paid tracks lead to their product page; free ones to sign-in, which brings the teacher back here.
	await expect(tracks.getByRole('button', { name: 'Tải xuống' })).toHaveCount(0);
	const paid = tracks.filter({ hasNotText: 'Miễn phí' }).first();
	await expect(paid.getByRole('link', { name: /^Mua · / })).toHaveAttribute('href', /^\/san-pham\//);
	// Without JavaScript, "Xem thêm" is a link to the next tracks, which the server renders.
	const nextPage = (await page.getByRole('link', { name: 'Xem thêm' }).getAttribute('href'))!;
	expect(nextPage).toMatch(/^\/am-nhac\?sau=/);
	const firstTitle = (await tracks.first().getByRole('link').first().textContent())!;
	await page.goto(nextPage);
	await expect(tracks.first()).toBeVisible();
	await expect(tracks.first().getByRole('link').first()).not.toHaveText(firstTitle);
	await page.goto('/am-nhac');
	await hydrated(page);
	while ((await tracks.filter({ hasText: 'Miễn phí' }).count()) === 0) await page.getByRole('link', { name: 'Xem thêm' }).click();
	await expectAccessible(page);
	await screenshots(page, 'am-nhac-khach');
	await tracks.filter({ hasText: 'Miễn phí' }).first().getByRole('link', { name: 'Đăng nhập để tải' }).click();
	await expect(page).toHaveURL(/\/dang-nhap\?returnTo=%2Fam-nhac$/);
});

