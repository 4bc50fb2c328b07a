/**
 * The storefront's browsing pages in Chromium against the built server and
 * the demo catalog: home → category (filters, sort, "Xem thêm") → product →
 * search with and without diacritics, old product paths, the buy box, the
 * rate-limit message, screenshots at desktop and phone width, and axe.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { cleanUpUser, expectAccessible, hook, layoutShift, PHONE, screenshots, signIn, sql, type TestUser } from './shop-helpers';

const digits = (text: string) => Number(text.replace(/\D/g, ''));

/** The price a card charges now (the sale price when there is one). */
async function cardPrices(page: Page): Promise<number[]> {
	const cards = page.locator('article.product');
	const out: number[] = [];
	for (const card of await cards.all()) {
		const sale = card.locator('.price-sale, .regular, .free').first();
		const text = (await sale.innerText()).trim();
		out.push(text === 'Miễn phí' ? 0 : digits(text));
	}
	return out;
}

const pageErrors: string[] = [];

test.beforeEach(async ({ request, page }) => {
	// Search allows 30 requests a minute per IP, and every spec here shares 127.0.0.1.
	await hook(request, 'ratelimit-reset');
	pageErrors.length = 0;
	page.on('pageerror', (e) => pageErrors.push(e.message));
});

test.afterEach(() => {
	// An exception in the browser (a hydration or rendering failure) fails the spec even when the assertions passed.
	expect(pageErrors).toEqual([]);
});

test('browse: home → category with filters, sort and "Xem thêm" → product page', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Học liệu cho giáo viên Việt Nam');

	// Flash sales: a live countdown and the stock left.
	const flash = page.getByRole('region', { name: /Flash sale đang diễn ra/ });
	await expect(flash.locator('article.product').first()).toBeVisible();
	const timer = flash.locator('time.digits').first();
	const first = await timer.innerText();
	await expect(timer).not.toHaveText(first, { timeout: 10_000 });
	await expect(flash.getByText(/Còn \d+ suất/).first()).toBeVisible();

	// Category tree by grade and subject.
	const grades = page.getByRole('region', { name: 'Danh mục theo lớp và môn' });
	await expect(grades.getByRole('heading', { name: 'Tiểu học' })).toBeVisible();
	await grades.getByRole('link', { name: 'Lớp 1', exact: true }).click();
	await expect(page).toHaveURL(/\/danh-muc\/lop-1$/);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lớp 1');
	await expect(page.getByRole('navigation', { name: 'Đường dẫn' })).toContainText('Trang chủ');
	await page.getByRole('navigation', { name: 'Danh mục con của Lớp 1' }).getByRole('link', { name: 'Toán' }).click();
	await expect(page).toHaveURL(/\/danh-muc\/lop-1\/toan$/);
	await expect(page.getByRole('navigation', { name: 'Đường dẫn' }).getByRole('link', { name: 'Lớp 1' })).toBeVisible();

	// The whole catalog: filter by type, then sort; the filters stay in the URL.
	await page.goto('/danh-muc');
	await page.getByLabel('Loại học liệu').selectOption('LESSON_PLAN');
	await expect(page).toHaveURL(/type=LESSON_PLAN/);
	const badges = page.locator('article.product .badge');
	await expect(badges).toHaveCount(12);
	expect(new Set(await badges.allInnerTexts())).toEqual(new Set(['Giáo án']));
	await page.getByLabel('Sắp xếp').selectOption('popular');
	await expect(page).toHaveURL(/type=LESSON_PLAN.*sort=popular|sort=popular.*type=LESSON_PLAN/);

	// "Xem thêm" appends the next page by cursor, keeps the filters, and moves focus to the first new product.
	const firstPage = await page.locator('article.product h3').allInnerTexts();
	await page.getByRole('link', { name: 'Xem thêm' }).click();
	await expect(page.locator('article.product')).toHaveCount(24);
	const both = await page.locator('article.product h3').allInnerTexts();
	expect(both.slice(0, 12)).toEqual(firstPage);
	expect(new Set(both).size).toBe(24);
	await expect(page.locator('article.product h3 a').nth(12)).toBeFocused();
	expect(new Set(await badges.allInnerTexts())).toEqual(new Set(['Giáo án']));
	await expect(page).toHaveURL(/type=LESSON_PLAN/);
	await expect(page).not.toHaveURL(/cursor=/);

	// Price range (typed the Vietnamese way) and "đang giảm giá".
	await page.goto('/danh-muc');
	await page.getByLabel('Giá từ (₫)').fill('50.000');
	await page.getByLabel('Đến (₫)').fill('100.000');
	await page.getByRole('button', { name: 'Áp dụng' }).click();
	await expect(page).toHaveURL(/minPrice=50000&maxPrice=100000/);
	const prices = await cardPrices(page);
	expect(prices.length).toBeGreaterThan(0);
	expect(Math.min(...prices)).toBeGreaterThanOrEqual(50_000);
	expect(Math.max(...prices)).toBeLessThanOrEqual(100_000);
	await page.getByLabel('Đang giảm giá').check();
	await expect(page).toHaveURL(/onSale=true/);
	await expect(page.locator('article.product').first()).toBeVisible();
	const cards = page.locator('article.product');
	for (const card of await cards.all()) await expect(card.locator('s.price-old')).toBeVisible();
	await page.getByRole('link', { name: 'Xoá bộ lọc' }).first().click();
	await expect(page).toHaveURL(/\/danh-muc$/);

	// Into a product.
	const title = (await page.locator('article.product h3').first().innerText()).trim();
	await page.locator('article.product h3 a').first().click();
	await expect(page).toHaveURL(/\/san-pham\//);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
	await expect(page).toHaveTitle(`${title} — hoclieu`);
});

test('on a phone the home page leads with search, the grades and what is on sale; the subjects are one tap away', async ({ page }) => {
	await page.setViewportSize(PHONE);
	await page.goto('/');
	await hydrated(page);
	const top = async (name: string | RegExp) => (await page.getByRole('heading', { level: 2, name }).boundingBox())!.y;
	const [grades, flash, sale, featured] = [await top('Danh mục theo lớp và môn'), await top(/Flash sale/), await top('Đang giảm giá'), await top('Nổi bật')];
	expect(grades).toBeLessThan(flash);
	expect(flash).toBeLessThan(sale);
	expect(sale).toBeLessThan(featured);
	// Every grade is a chip near the top; the subject tree stays folded until asked for.
	const region = page.getByRole('region', { name: 'Danh mục theo lớp và môn' });
	await expect(region.getByRole('list').first().getByRole('link')).toHaveText(['Lớp 1', 'Lớp 2', 'Lớp 3', 'Lớp 4', 'Lớp 5']);
	const subjects = region.getByRole('list', { name: 'Môn học Lớp 1', exact: true });
	await expect(subjects).toBeHidden();
	const height = await page.evaluate(() => document.documentElement.scrollHeight);
	console.log(`phone home page height: ${height} px`);
	// The whole category tree made the page about 7 700 px tall; the grades and the two product rows fit in far less.
	expect(height).toBeLessThan(4500);
	await region.getByText('Môn học của từng lớp').click();
	await subjects.getByRole('link', { name: 'Toán', exact: true }).click();
	await expect(page).toHaveURL(/\/danh-muc\/lop-1\/toan$/);
});

test('product page: server-rendered with title, description, Open Graph and Product JSON-LD in VND', async ({ page, request }) => {
	const [row] = await sql<{ path: string; title: string; price: string }>(
		request,
		`SELECT c.path || '/' || p.slug AS path, p.title, p.price_vnd::text AS price
		 FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.is_published AND p.price_vnd > 0 AND p.sale_price_vnd IS NULL
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC LIMIT 1`
	);
	// Without JavaScript: everything a crawler needs is in the HTML.
	const html = await (await request.get(`/san-pham/${row!.path}`)).text();
	expect(html).toContain(`<h1`);
	expect(html).toContain('application/ld+json');

	await page.goto(`/san-pham/${row!.path}`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(row!.title);
	await expect(page).toHaveTitle(`${row!.title} — hoclieu`);
	const description = await page.locator('meta[name="description"]').getAttribute('content');
	expect(description!.length).toBeGreaterThan(40);
	expect(description!.length).toBeLessThanOrEqual(160);
	await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', row!.title);
	await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
	await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\/127\.0\.0\.1:\d+\/.+\.svg$/);
	await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`/san-pham/${row!.path}$`));

	const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
	expect(ld['@type']).toBe('Product');
	expect(ld.name).toBe(row!.title);
	expect(ld.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'VND', price: row!.price });

	// Price, breadcrumbs, tags, the buy box with its payment choices.
	await expect(page.locator('.box .regular')).toHaveText(`${Number(row!.price).toLocaleString('vi-VN')} ₫`);
	await expect(page.getByRole('navigation', { name: 'Đường dẫn' }).getByRole('link', { name: row!.title })).toHaveAttribute('aria-current', 'page');
	await expect(page.getByRole('region', { name: 'Thẻ' }).getByRole('link').first()).toBeVisible();
	await expect(page.getByRole('radio', { name: /Chuyển khoản QR/ })).toBeChecked();
	await expect(page.getByRole('radio', { name: /Ví hoclieu/ })).toBeDisabled();
	await expect(page.getByRole('button', { name: /Mua ngay · / })).toBeVisible();
});

test('on a phone a sticky bar keeps the price and "Mua ngay" in reach until the buy box is on screen', async ({ page, request }) => {
	const [row] = await sql<{ path: string; title: string; price: string }>(
		request,
		`SELECT c.path || '/' || p.slug AS path, p.title, p.price_vnd::text AS price
		 FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.is_published AND p.price_vnd > 0 AND p.sale_price_vnd IS NULL
		   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		 ORDER BY p.popularity DESC LIMIT 1`
	);
	await page.setViewportSize(PHONE);
	await page.goto(`/san-pham/${row!.path}`);
	const bar = page.getByTestId('buy-bar');
	await expect(bar).toBeVisible();
	await expect(bar).toContainText(`${Number(row!.price).toLocaleString('vi-VN')} ₫`);
	const box = await bar.boundingBox();
	expect(box!.y + box!.height).toBeCloseTo(PHONE.height, 0);
	// The buy box starts at the bottom of the first screen or below; the bar takes the buyer there and hides while it shows.
	const buyBox = page.getByRole('complementary', { name: 'Mua học liệu' });
	expect((await buyBox.boundingBox())!.y).toBeGreaterThan(PHONE.height * 0.8);
	await bar.getByRole('link', { name: 'Mua ngay' }).click();
	await expect(buyBox).toBeInViewport();
	await expect(page.getByRole('radio', { name: /Chuyển khoản QR/ })).toBeFocused();
	await expect(bar).toBeHidden();
	await expectAccessible(page);
	// A desktop keeps the buy box beside the content: no bar.
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.evaluate(() => window.scrollTo(0, 0));
	await expect(bar).toBeHidden();
});

test('the gallery switches between the cover and the preview pages', async ({ page, request }) => {
	const [row] = await sql<{ id: string; path: string; title: string }>(
		request,
		`SELECT p.id::text, c.path || '/' || p.slug AS path, p.title FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.is_published AND p.type = 'SLIDE' ORDER BY p.created_at LIMIT 1`
	);
	await sql(request, `UPDATE products SET preview_image_urls = ARRAY['/covers/lesson-plan.svg', '/covers/video.svg'] WHERE id = $1::uuid`, [row!.id]);
	await page.goto(`/san-pham/${row!.path}`);
	const stage = page.locator('.stage img');
	await expect(stage).toHaveAttribute('alt', `Ảnh bìa: ${row!.title}`);
	const thumbs = page.getByRole('list', { name: 'Ảnh xem trước' }).getByRole('button');
	await expect(thumbs).toHaveCount(3);
	await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
	await thumbs.nth(2).click();
	await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');
	await expect(stage).toHaveAttribute('src', '/covers/video.svg');
	await expect(stage).toHaveAttribute('alt', `Trang xem trước 2: ${row!.title}`);

	// A thumb's swipe from right to left turns to the next page (here back to the cover); "Ảnh trước" turns back.
	const box = (await page.locator('.stage').boundingBox())!;
	await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
	await page.mouse.down();
	await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
	await page.mouse.up();
	await expect(stage).toHaveAttribute('alt', `Ảnh bìa: ${row!.title}`);
	await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
	await page.getByRole('button', { name: 'Ảnh trước' }).click();
	await expect(stage).toHaveAttribute('src', '/covers/video.svg');

	// "Phóng to" opens the page full screen; a tap doubles it, "Đóng" closes.
	await page.getByRole('button', { name: 'Phóng to', exact: true }).click();
	const viewer = page.getByRole('dialog', { name: `Xem ảnh lớn: ${row!.title}` });
	await expect(viewer).toBeVisible();
	const big = viewer.locator('img');
	await expect(big).toHaveAttribute('src', '/covers/video.svg');
	const before = (await big.boundingBox())!.width;
	await viewer.getByRole('button', { name: 'Phóng to gấp đôi' }).click();
	await expect(viewer.getByRole('button', { name: 'Thu nhỏ' })).toHaveAttribute('aria-pressed', 'true');
	expect((await big.boundingBox())!.width).toBeCloseTo(before * 2, 0);
	await expectAccessible(page);
	await viewer.getByRole('button', { name: 'Đóng' }).click();
	await expect(viewer).toBeHidden();

	const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
	expect(ld.image).toHaveLength(3);
});

test('a sale or flash price shows the list price struck through and a countdown', async ({ page }) => {
	await page.goto('/');
	const flash = page.getByRole('region', { name: /Flash sale đang diễn ra/ });
	await flash.locator('article.product h3 a').first().click();
	await expect(page).toHaveURL(/\/san-pham\//);
	const box = page.getByRole('complementary', { name: 'Mua học liệu' });
	await expect(box.getByText('⚡ Giá flash sale', { exact: true })).toBeVisible();
	await expect(box.locator('.price-sale')).toBeVisible();
	await expect(box.locator('s.price-old')).toBeVisible();
	await expect(box.locator('.ends')).toContainText(/Flash sale kết thúc sau/);
	await expect(box.getByText(/Chỉ còn \d+ suất giá flash sale/)).toBeVisible();
	const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
	expect(digits(await box.locator('.price-sale').innerText())).toBe(Number(ld.offers.price));
});

test('an old product path redirects permanently (308) to the current page', async ({ page, request }) => {
	const [alias] = await sql<{ old: string; current: string }>(
		request,
		`SELECT a.path AS old, c.path || '/' || p.slug AS current
		 FROM product_aliases a JOIN products p ON p.id = a.product_id JOIN categories c ON c.id = p.category_id
		 WHERE p.is_published LIMIT 1`
	);
	const res = await request.get(`/san-pham/${alias!.old}`, { maxRedirects: 0 });
	expect(res.status()).toBe(308);
	expect(res.headers().location).toBe(`/san-pham/${alias!.current}`);

	await page.goto(`/san-pham/${alias!.old}`);
	await expect(page).toHaveURL(new RegExp(`/san-pham/${alias!.current}$`));
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

	const missing = await page.goto('/san-pham/lop-1/toan/khong-co-hoc-lieu-nay');
	expect(missing!.status()).toBe(404);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Không tìm thấy trang');
	await expect(page.getByText('Không tìm thấy học liệu ở đường dẫn này.', { exact: false })).toBeVisible();
});

/** The search box asks for suggestions this long after the last keystroke (src/lib/components/SearchBox.svelte). */
const SEARCH_DEBOUNCE_MS = 300;

test('search: suggestions as you type (debounced), with and without diacritics, query kept in the URL', async ({ page }) => {
	const searches: string[] = [];
	page.on('request', (r) => {
		if (r.url().includes('/api/trpc/') && r.url().includes('search.search')) searches.push(r.url());
	});
	// The page's timers run on a clock the test drives: on a loaded machine two real keystrokes can
	// be further apart than the debounce, and the test would measure the machine, not the box.
	await page.clock.install();
	await page.goto('/tim-kiem');
	await hydrated(page);
	const box = page.getByRole('combobox', { name: 'Từ khoá' });
	await page.clock.pauseAt(Date.now() + 60_000);
	// Typed quickly, one keystroke every 60 ms: only the pause after the last one asks the server.
	for (const key of 'giao an toan') {
		await box.pressSequentially(key);
		await page.clock.runFor(60);
	}
	expect(searches).toEqual([]);
	await page.clock.runFor(SEARCH_DEBOUNCE_MS);
	await page.clock.resume();
	const listbox = page.getByRole('listbox', { name: 'Gợi ý tìm kiếm' });
	await expect(listbox.getByRole('option').first()).toBeVisible();
	expect(searches.length).toBe(1);
	for (const option of await listbox.getByRole('option').all()) await expect(option).toContainText(/Giáo án Toán|Toán/);

	// Arrow keys move through the suggestions; Escape closes them; Enter searches.
	await box.press('ArrowDown');
	await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
	await box.press('Escape');
	await expect(listbox).toBeHidden();
	await box.press('Enter');
	await expect(page).toHaveURL(/\/tim-kiem\?q=giao\+an\+toan$/);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kết quả tìm kiếm “giao an toan”');
	const plain = await page.locator('article.product h3').allInnerTexts();
	expect(plain.length).toBeGreaterThan(0);
	expect(plain.some((t) => t.startsWith('Giáo án Toán'))).toBe(true);

	// With diacritics, the same products come first.
	await page.goto('/tim-kiem?q=' + encodeURIComponent('giáo án toán'));
	const accented = await page.locator('article.product h3').allInnerTexts();
	expect(accented.slice(0, 5)).toEqual(plain.slice(0, 5));
	await expect(page.getByRole('combobox', { name: 'Từ khoá' })).toHaveValue('giáo án toán');

	// Filters keep the query; the reload shows the same thing.
	await page.getByLabel('Loại học liệu').selectOption('LESSON_PLAN');
	await expect(page).toHaveURL(/q=gi%C3%A1o\+%C3%A1n\+to%C3%A1n.*type=LESSON_PLAN|type=LESSON_PLAN.*q=gi/);
	await page.reload();
	await expect(page.getByRole('combobox', { name: 'Từ khoá' })).toHaveValue('giáo án toán');
	expect(new Set(await page.locator('article.product .badge').allInnerTexts())).toEqual(new Set(['Giáo án']));

	// "Xem thêm" appends the next page of results in place and moves focus to the first new one.
	await page.goto('/tim-kiem?q=' + encodeURIComponent('giáo án'));
	const results = page.locator('article.product h3');
	await expect(results).toHaveCount(24);
	const firstResults = await results.allInnerTexts();
	await hydrated(page);
	await page.getByRole('link', { name: 'Xem thêm' }).click();
	await expect(results).not.toHaveCount(24);
	const moreResults = await results.allInnerTexts();
	expect(moreResults.slice(0, 24)).toEqual(firstResults);
	expect(new Set(await page.locator('article.product h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).size).toBe(moreResults.length);
	await expect(page.locator('article.product h3 a').nth(24)).toBeFocused();
	await expect(page).not.toHaveURL(/cursor=/);

	// Choosing a suggestion opens the product.
	await page.goto('/tim-kiem');
	await page.getByRole('combobox', { name: 'Từ khoá' }).pressSequentially('dao duc', { delay: 30 });
	const suggestion = page.getByRole('listbox', { name: 'Gợi ý tìm kiếm' }).getByRole('option').first();
	await expect(suggestion).toContainText('Đạo đức');
	await suggestion.click();
	await expect(page).toHaveURL(/\/san-pham\//);
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Đạo đức');
});

test('search explains the rate limit kindly instead of failing', async ({ page, request }) => {
	// The limiter counts in minute windows of the service clock: start at the top of one, so the wait is long and certain.
	const { now } = await hook<{ now: string }>(request, 'clock-advance', { ms: 0 });
	await hook(request, 'clock-advance', { ms: 60_000 - (Date.parse(now) % 60_000) + 100 });
	try {
		for (let i = 0; i < 30; i++) expect((await request.get(`/api/v1/search?q=toan${i}`)).status()).toBe(200);
		const res = await page.goto('/tim-kiem?q=toan');
		expect(res!.status()).toBe(200);
		const notice = page.locator('.limited');
		await expect(notice).toContainText('Bạn tìm kiếm hơi nhanh.');
		await expect(notice).toContainText(/mỗi phút chỉ tìm được tối đa 30 lần\.\s+Vui lòng thử lại sau \d+ giây\./);
		await expect(page.getByRole('status').filter({ hasText: 'Vui lòng thử lại sau' })).toHaveCount(1);
		await expect(page.getByRole('combobox', { name: 'Từ khoá' })).toHaveValue('toan');
		await expect(page.locator('article.product')).toHaveCount(0);
	} finally {
		await hook(request, 'clock-reset');
		await hook(request, 'ratelimit-reset');
	}
});

test.describe('buying from the product page', () => {
	let user: TestUser | null = null;
	test.afterEach(async ({ request }) => {
		if (user) await cleanUpUser(request, user);
		user = null;
	});

	async function plainProduct(page: Page, request: Parameters<typeof sql>[0]) {
		const [row] = await sql<{ id: string; path: string; price: string }>(
			request,
			`SELECT p.id::text, c.path || '/' || p.slug AS path, p.price_vnd::text AS price
			 FROM products p JOIN categories c ON c.id = p.category_id
			 WHERE p.is_published AND p.type = 'LESSON_PLAN' AND p.price_vnd BETWEEN 20000 AND 90000 AND p.sale_price_vnd IS NULL
			   AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
			   -- A lesson plan of the demo catalog (its sold file the sample .docx), not one another journey published with its own file.
			   AND p.file_key LIKE 'products/%/file.docx'
			 ORDER BY random() LIMIT 1`
		);
		await page.goto(`/san-pham/${row!.path}`);
		return row!;
	}

	test('a guest buys by QR transfer with an email and consent; the order opens with its access cookie', async ({ page, request, context }) => {
		await plainProduct(page, request);
		await page.getByRole('button', { name: /Mua ngay/ }).click();
		await expect(page.getByRole('alert')).toHaveText('Hãy nhập email để nhận biên nhận và liên kết tải về.');
		await page.getByLabel('Email nhận hàng').fill(`khach-${Date.now()}@truong.edu.vn`);
		await page.getByRole('button', { name: /Mua ngay/ }).click();
		await expect(page.getByRole('alert')).toContainText('đánh dấu đồng ý');
		await page.getByRole('checkbox', { name: /Tôi đồng ý/ }).check();
		await page.getByRole('button', { name: /Mua ngay/ }).click();
		await expect(page).toHaveURL(/\/thanh-toan\/[0-9a-f-]{36}$/);
		const orderId = page.url().split('/').pop()!;
		const cookies = await context.cookies();
		expect(cookies.some((c) => c.name === `order_access_${orderId}` && c.httpOnly)).toBe(true);
	});

	test('a free product is claimed in one click and then offers its download', async ({ page, request, context, baseURL }) => {
		user = await signIn(request, context, baseURL!);
		const [row] = await sql<{ path: string }>(
			request,
			`SELECT c.path || '/' || p.slug AS path FROM products p JOIN categories c ON c.id = p.category_id
			 WHERE p.is_published AND p.price_vnd = 0 ORDER BY random() LIMIT 1`
		);
		await page.goto(`/san-pham/${row!.path}`);
		await expect(page.locator('.box .free')).toHaveText('Miễn phí');
		await expect(page.getByRole('radio')).toHaveCount(0);
		await page.getByRole('button', { name: 'Nhận miễn phí' }).click();
		await expect(page).toHaveURL(/\/thanh-toan\/[0-9a-f-]{36}$/);
		await page.goto(`/san-pham/${row!.path}`);
		await expect(page.getByText('Bạn đã mua học liệu này.')).toBeVisible();
		await expect(page.getByRole('link', { name: 'Tải về' })).toHaveAttribute('href', /^\/tai-ve\?token=/);
	});

	test('a signed-in teacher pays with the wallet, then sees "Đã mua" and a download link', async ({ page, request, context, baseURL }) => {
		user = await signIn(request, context, baseURL!);
		const credited = await request.post('/api/v1/_test/wallet/credit', {
			data: { userId: user.userId, amount: '200000', pocket: 'main', entryType: 'ADJUSTMENT', refId: `shop-e2e-${Date.now()}` }
		});
		expect(credited.status()).toBe(200);
		const product = await plainProduct(page, request);
		const wallet = page.getByRole('radio', { name: /Ví hoclieu/ });
		await expect(wallet).toBeEnabled();
		await expect(page.getByText('Số dư: 200.000 ₫.')).toBeVisible();

		// A wrong promo code is explained before buying.
		await page.getByLabel('Mã khuyến mãi (nếu có)').fill('KHONGCO');
		await page.getByRole('button', { name: 'Kiểm tra' }).click();
		await expect(page.locator('#promo-status')).toHaveText('Mã không hợp lệ, đã hết hạn hoặc không áp dụng cho học liệu này.');
		await page.getByLabel('Mã khuyến mãi (nếu có)').fill('');

		await wallet.check();
		await page.getByRole('button', { name: /Mua ngay/ }).click();
		await expect(page).toHaveURL(/\/thanh-toan\/[0-9a-f-]{36}$/);

		await page.goBack();
		await page.reload();
		await expect(page.getByText('Bạn đã mua học liệu này.')).toBeVisible();
		const download = page.getByRole('link', { name: 'Tải về' });
		await expect(download).toHaveAttribute('href', /^\/tai-ve\?token=/);
		const token = new URL((await download.getAttribute('href'))!, baseURL).searchParams.get('token');
		const exchanged = await request.post('/api/v1/downloads/by-token', { data: { token } });
		expect(exchanged.status()).toBe(200);
		const { data } = await exchanged.json();
		expect(data.expiresIn).toBeGreaterThan(0);
		const file = await request.get(data.url);
		expect(file.status()).toBe(200);
		// The demo lesson plan is a real Word document (a ZIP container).
		const bytes = await file.body();
		expect(bytes.byteLength).toBeGreaterThan(1000);
		expect(bytes.subarray(0, 2).toString()).toBe('PK');

		// Buying it again is refused with a helpful message.
		const again = await request.post('/api/v1/checkout', {
			headers: { cookie: user.cookie },
			data: { productId: product.id, paymentMethod: 'wallet' }
		});
		expect(again.status()).toBe(409);
	});
});

test('screenshots and accessibility: home, category, product and search at desktop and phone width', async ({ page, request }) => {
	// Eight full-page screenshots and axe runs: a budget of its own rather than the 60 s of one journey.
	test.setTimeout(180_000);
	const [row] = await sql<{ path: string }>(
		request,
		`SELECT c.path || '/' || p.slug AS path FROM products p JOIN categories c ON c.id = p.category_id
		 JOIN flash_sales f ON f.product_id = p.id
		 WHERE p.is_published AND f.starts_at <= now() AND f.ends_at > now() AND (f.stock_left IS NULL OR f.stock_left > 0) LIMIT 1`
	);
	const pages: [string, string][] = [
		['home', '/'],
		['category', '/danh-muc/lop-1'],
		['product', `/san-pham/${row!.path}`],
		['search', '/tim-kiem?q=' + encodeURIComponent('giáo án toán')]
	];
	for (const [name, path] of pages) {
		await page.goto(path, { waitUntil: 'networkidle' });
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
		// No layout shift on load (Core Web Vitals "good" is below 0.1).
		expect(await layoutShift(page), `layout shift on ${path}`).toBeLessThan(0.1);
		await expectAccessible(page);
		await screenshots(page, name);
		await page.setViewportSize(PHONE);
		await page.goto(path, { waitUntil: 'networkidle' });
		expect(await layoutShift(page), `layout shift on ${path} (phone)`).toBeLessThan(0.1);
		await expectAccessible(page);
		await page.setViewportSize({ width: 1280, height: 800 });
	}
});
