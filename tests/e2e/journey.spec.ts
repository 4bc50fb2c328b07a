/**
 * Issue 9, item 4: one teacher's whole visit, in the browser, against the
 * built server on a fresh embedded database with the demo catalog —
 * browse → search with and without diacritics → sign up → top up by QR (the
 * test posts the bank's signed transfer notice) → the balance updates → buy a
 * lesson plan with the wallet → download it (bytes checked) → redeem a gift
 * code → download music until the monthly quota is exhausted → and a guest
 * who buys by QR in a fresh browser with nothing but the order-access cookie.
 *
 * The e2e server runs outside production, so payments use the demo account
 * and its public webhook key (src/lib/server/config/payments.ts), and
 * MUSIC_FREE_MONTHLY_LIMIT=3 (playwright.config.ts).
 */
import { createGiftCodes } from '../helpers/money';
import { payReference } from '../helpers/payments';
import { sql } from '../helpers/http';
import { cleanupUser, expect, expectAccessible, expectedFileBytes, hydrated, savedBytes, screenshots, test, uniqueEmail } from './fixtures';

const MUSIC_LIMIT = 3;

interface PlainProduct {
	id: string;
	title: string;
	path: string;
	price: string;
}

/** A lesson plan the wallet top-up can pay for, at its list price (no sale, no flash sale). */
async function affordableLessonPlan(baseURL: string, maxPrice: number, skip: string[] = []): Promise<PlainProduct> {
	const [row] = await sql<PlainProduct>(
		baseURL,
		`SELECT p.id::text AS id, p.title, c.path || '/' || p.slug AS path, p.price_vnd::text AS price
		 FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.is_published AND c.is_active AND p.type = 'LESSON_PLAN' AND p.price_vnd BETWEEN 10000 AND $1
		   AND p.sale_price_vnd IS NULL AND NOT EXISTS (SELECT 1 FROM flash_sales f WHERE f.product_id = p.id)
		   AND NOT (p.id::text = ANY(string_to_array($2, ',')))
		 ORDER BY p.popularity DESC LIMIT 1`,
		[maxPrice, skip.join(',')]
	);
	if (!row) throw new Error('the demo catalog has no plain lesson plan in that price range');
	return row;
}

// The page keeps the number and ₫ together with a no-break space (text assertions normalise spaces anyway).
const vnd = (amount: number) => `${amount.toLocaleString('de-DE')}\u00a0₫`;

test('a teacher browses, searches, signs up, tops up, buys, downloads, redeems a gift code and uses up the music quota; a guest buys by QR', async ({
	page,
	browser,
	baseURL
}) => {
	test.setTimeout(240_000);
	const email = uniqueEmail('journey');
	let userId: string | null = null;

	try {
		await test.step('browse: home → a grade → a subject → a product', async () => {
			await page.goto('/');
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
			const grades = page.getByRole('region', { name: 'Danh mục theo lớp và môn' });
			await grades.getByRole('link', { name: 'Lớp 1', exact: true }).click();
			await expect(page).toHaveURL(/\/danh-muc\/lop-1$/);
			await page.getByRole('navigation', { name: 'Danh mục con của Lớp 1' }).getByRole('link', { name: 'Toán' }).click();
			await expect(page).toHaveURL(/\/danh-muc\/lop-1\/toan$/);
			const first = page.locator('main article .title a').first();
			const title = (await first.textContent())!.trim();
			await first.click();
			await expect(page).toHaveURL(/\/san-pham\/lop-1\/toan\//);
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
		});

		await test.step('search with and without diacritics finds the same lesson plans', async () => {
			const found: string[][] = [];
			for (const q of ['giáo án toán', 'giao an toan']) {
				await page.goto('/tim-kiem');
				const box = page.getByRole('combobox', { name: 'Từ khoá' });
				await box.fill(q);
				await box.press('Enter');
				await expect(page).toHaveURL(`/tim-kiem?q=${encodeURIComponent(q).replace(/%20/g, '+')}`);
				const titles = page.locator('main article .title a');
				await expect(titles.first()).toBeVisible();
				const top = (await titles.allTextContents()).slice(0, 6).map((t) => t.trim());
				for (const t of top) expect(t).toMatch(/Giáo án Toán/);
				found.push(top);
			}
			// Folding the diacritics away finds the same lesson plans.
			expect(found[1]!.filter((t) => found[0]!.includes(t)).length).toBeGreaterThan(0);
		});

		await test.step('sign up and land in the wallet', async () => {
			await page.goto('/vi');
			await expect(page).toHaveURL(/\/dang-nhap\?returnTo=%2Fvi$/);
			await page.goto('/dang-ky?returnTo=%2Fvi');
			await page.getByLabel('Họ và tên (không bắt buộc)').fill('Cô Hạnh');
			await page.getByLabel('Email').fill(email);
			await page.getByLabel('Mật khẩu', { exact: true }).fill('Một câu mật khẩu dài');
			await page.getByLabel('Nhập lại mật khẩu').fill('Một câu mật khẩu dài');
			await page.getByRole('button', { name: 'Đăng ký' }).click();
			await expect(page).toHaveURL('/vi');
			await expect(page.getByTestId('signed-in-user')).toContainText('Cô Hạnh');
			await expect(page.getByTestId('balance-total')).toHaveText('0 ₫');
			const [me] = await sql<{ id: string }>(baseURL!, 'SELECT id::text AS id FROM users WHERE email = $1', [email]);
			userId = me!.id;
		});

		await test.step('top up 100.000 ₫ by QR; the bank notice arrives; the balance updates', async () => {
			await page.getByRole('radio', { name: /^100\.000\s₫/ }).check();
			await page.getByRole('button', { name: 'Tạo mã QR nạp tiền' }).click();
			await expect(page.getByTestId('payment-qr')).toBeVisible();
			await expect(page.getByTestId('payment-amount')).toHaveText('100.000 ₫');
			const ref = (await page.getByTestId('payment-ref').textContent())!.trim();
			await payReference(baseURL!, ref, 100000);
			await expect(page.getByTestId('topup-status')).toContainText('Nạp tiền thành công', { timeout: 30_000 });
			await expect(page.getByTestId('balance-main')).toHaveText('100.000 ₫');
			await expect(page.getByTestId('balance-bonus')).toHaveText('5.000 ₫');
			await expect(page.getByTestId('balance-total')).toHaveText('105.000 ₫');
		});

		const plan = await affordableLessonPlan(baseURL!, 100000);
		const price = Number(plan.price);
		let orderId = '';
		await test.step('buy a lesson plan with the wallet and download it (bytes checked)', async () => {
			await page.goto(`/san-pham/${plan.path}`);
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(plan.title);
			const wallet = page.getByRole('radio', { name: /Ví hoclieu/ });
			await expect(wallet).toBeEnabled();
			await wallet.check();
			await page.getByRole('button', { name: /Mua ngay/ }).click();
			await expect(page).toHaveURL(/\/thanh-toan\/[0-9a-f-]{36}$/);
			orderId = page.url().split('/').pop()!;
			await expect(page.getByTestId('checkout-status')).toContainText('Thanh toán thành công');
			const saved = await savedBytes(page, () => page.getByTestId('order-download').click());
			expect(saved.name).toMatch(/\.docx$/);
			expect(Buffer.compare(saved.bytes, Buffer.from(await expectedFileBytes(baseURL!, plan.id)))).toBe(0);
			await screenshots(page, 'thanh-toan');
			await expectAccessible(page);
		});

		await test.step('the wallet paid from the bonus first, and my orders lists the purchase', async () => {
			await page.goto('/vi');
			const fromBonus = Math.min(5000, price);
			await expect(page.getByTestId('balance-bonus')).toHaveText(vnd(5000 - fromBonus));
			await expect(page.getByTestId('balance-main')).toHaveText(vnd(100000 - (price - fromBonus)));
			await expect(page.getByTestId('ledger')).toContainText('Mua hàng');
			await page.goto('/don-hang');
			const row = page.getByTestId('order').first();
			await expect(row).toContainText(plan.title);
			await expect(row.getByTestId('order-status')).toHaveText('Đã thanh toán');
			await expect(row.getByRole('link', { name: plan.title, exact: true })).toHaveAttribute('href', `/thanh-toan/${orderId}`);
			await screenshots(page, 'don-hang');
			await expectAccessible(page);
		});

		await test.step('redeem a gift code into the bonus pocket', async () => {
			const { codes } = await createGiftCodes(baseURL!, { amountVnd: '30000', count: 1 });
			await page.goto('/vi');
			const before = await page.getByTestId('balance-total').textContent();
			await page.getByLabel('Mã quà tặng', { exact: true }).fill(codes[0]!);
			await page.getByRole('button', { name: 'Đổi mã' }).click();
			await expect(page.getByTestId('gift-outcome')).toContainText('Đổi mã thành công: đã cộng 30.000 ₫ vào tiền thưởng.');
			await expect(page.getByTestId('balance-bonus')).toHaveText(vnd(5000 - Math.min(5000, price) + 30000));
			expect(await page.getByTestId('balance-total').textContent()).not.toBe(before);
			await screenshots(page, 'vi');
			await expectAccessible(page);
		});

		await test.step('download music until the monthly quota is used up', async () => {
			await page.goto('/am-nhac');
			await expect(page.getByTestId('quota-used')).toHaveText(`0/${MUSIC_LIMIT}`);
			await hydrated(page);
			const free = page.getByTestId('music-track').filter({ hasText: 'Miễn phí' });
			while ((await free.count()) < 2) {
				const before = await page.getByTestId('music-track').count();
				await page.getByRole('link', { name: 'Xem thêm' }).click();
				await expect(page.getByTestId('music-track')).not.toHaveCount(before);
			}
			for (const [i, n] of [0, 1, 0].entries()) {
				const track = free.nth(n);
				const id = (await track.getByRole('link').first().getAttribute('id'))!.replace(/^track-/, '');
				const saved = await savedBytes(page, () => track.getByRole('button', { name: /^(Tải xuống|Tải lại)$/ }).click());
				expect(Buffer.compare(saved.bytes, Buffer.from(await expectedFileBytes(baseURL!, id)))).toBe(0);
				await expect(page.getByTestId('quota-used')).toHaveText(`${i + 1}/${MUSIC_LIMIT}`);
			}
			await free.nth(1).getByRole('button', { name: 'Tải lại' }).click();
			await expect(page.getByTestId('quota-exceeded')).toContainText('Bạn đã dùng hết lượt tải nhạc miễn phí của tháng này.');
			await expect(page.getByTestId('quota-exceeded')).toContainText(/Lượt tải mới có từ 00:00 ngày 01\/\d{2}\/\d{4}/);
			await screenshots(page, 'am-nhac');
			await expectAccessible(page);
		});

		await test.step('a guest buys by QR in a fresh browser, with only the order-access cookie', async () => {
			const guestPlan = await affordableLessonPlan(baseURL!, 200000, [plan.id]);
			const context = await browser.newContext();
			try {
				const guest = await context.newPage();
				await guest.goto(`/san-pham/${guestPlan.path}`);
				await guest.getByLabel('Email nhận hàng').fill(uniqueEmail('khach'));
				await guest.getByRole('checkbox', { name: /Tôi đồng ý/ }).check();
				await guest.getByRole('button', { name: /Mua ngay/ }).click();
				await expect(guest).toHaveURL(/\/thanh-toan\/[0-9a-f-]{36}$/);
				const guestOrder = guest.url().split('/').pop()!;
				expect((await context.cookies()).map((c) => c.name)).toEqual([`order_access_${guestOrder}`]);
				await expect(guest.getByTestId('payment-qr')).toBeVisible();
				await expect(guest.getByTestId('payment-amount')).toHaveText(vnd(Number(guestPlan.price)));
				await screenshots(guest, 'thanh-toan-qr');
				await expectAccessible(guest);
				const ref = (await guest.getByTestId('payment-ref').textContent())!.trim();
				await payReference(baseURL!, ref, guestPlan.price);
				await expect(guest.getByTestId('checkout-status')).toContainText('Thanh toán thành công', { timeout: 30_000 });
				const saved = await savedBytes(guest, () => guest.getByTestId('order-download').click());
				expect(Buffer.compare(saved.bytes, Buffer.from(await expectedFileBytes(baseURL!, guestPlan.id)))).toBe(0);
			} finally {
				await context.close();
			}
		});
	} finally {
		if (userId) await cleanupUser(baseURL!, userId);
	}
});
