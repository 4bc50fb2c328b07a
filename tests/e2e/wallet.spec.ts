/**
 * The wallet page's own states beyond the journey: sign-in redirect, promo
 * validation as you type, a top-up that expires ("Thử lại"), and every gift-code
 * refusal explained.
 */
import { randomUUID } from 'node:crypto';
import { advanceClock, request, sql } from '../helpers/http';
import { createGiftCodes, createPromo } from '../helpers/money';
import { payReference } from '../helpers/payments';
import { expect, expectAccessible, hydrated, screenshots, test } from './fixtures';

test.afterEach(async ({ baseURL }) => {
	// Gift-code failures count per IP and the clock may have moved: leave the server as the next test expects it.
	await request(baseURL!, '/api/internal/test/ratelimit-reset', { method: 'POST', json: {} });
	await request(baseURL!, '/api/internal/test/clock-reset', { method: 'POST', json: {} });
});

test('signed-out visitors are sent to sign in and come back to the wallet', async ({ page }) => {
	await page.goto('/vi');
	await expect(page).toHaveURL(/\/dang-nhap\?returnTo=%2Fvi$/);
});

test('top up with a promo code checked as you type, pay by QR, see the balance and the ledger', async ({ page, account: _account, baseURL }) => {
	const code = `NAP${randomUUID().slice(0, 6).toUpperCase()}`;
	await createPromo(baseURL!, { code, appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '10000', description: 'Giảm 10.000 ₫ cho lần nạp' });

	await page.goto('/vi');
	await expect(page.getByRole('heading', { name: 'Ví của tôi' })).toBeVisible();
	await expect(page.getByTestId('balance-total')).toHaveText('0 ₫');
	const submit = page.getByRole('button', { name: 'Tạo mã QR nạp tiền' });
	await expect(submit).toBeEnabled();

	// The popular denomination is picked first and carries its tag.
	const popular = page.getByRole('radio', { name: /^200\.000\s₫/ });
	await expect(popular).toBeChecked();
	await expect(page.locator('label', { has: popular })).toContainText('Phổ biến');
	await expect(page.locator('label', { has: popular })).toContainText('+10% thưởng (20.000 ₫)');

	await page.getByLabel('Mã khuyến mãi (không bắt buộc)').fill('KHONGCO1');
	await expect(page.getByTestId('promo-state')).toContainText('không hợp lệ');
	await page.getByLabel('Mã khuyến mãi (không bắt buộc)').fill(code.toLowerCase());
	await expect(page.getByTestId('promo-state')).toContainText('Mã hợp lệ: giảm 10.000 ₫');
	await expect(page.getByTestId('topup-summary')).toContainText('Bạn chuyển 190.000 ₫');
	await screenshots(page, 'vi-nap-tien');

	await submit.click();
	await expect(page).toHaveURL(/\/vi\?nap=/);
	await expect(page.getByTestId('payment-qr')).toBeVisible();
	await expect(page.getByTestId('payment-amount')).toHaveText('190.000 ₫');
	const ref = (await page.getByTestId('payment-ref').textContent())!.trim();
	await expect(page.getByRole('timer')).toHaveText(/^(29|30):\d\d$/);
	await screenshots(page, 'vi-qr');
	await expectAccessible(page);

	await payReference(baseURL!, ref, 190000);
	await expect(page.getByTestId('topup-status')).toContainText('Nạp tiền thành công', { timeout: 30_000 });
	await expect(page.getByTestId('balance-total')).toHaveText('220.000 ₫');
	await expect(page.getByTestId('balance-main')).toHaveText('200.000 ₫');
	await expect(page.getByTestId('balance-bonus')).toHaveText('20.000 ₫');
	const ledger = page.getByTestId('ledger');
	await expect(ledger.getByRole('listitem')).toHaveCount(2);
	await expect(ledger).toContainText('Nạp tiền');
	await expect(ledger).toContainText('+200.000 ₫');
	await expect(ledger).toContainText('+20.000 ₫');

	await page.getByRole('button', { name: 'Nạp thêm' }).click();
	await expect(page).toHaveURL(/\/vi$/);
	await expect(submit).toBeVisible();
});

test('an unpaid top-up expires and "Thử lại" starts over with the same amount', async ({ page, account: _account, baseURL }) => {
	await page.goto('/vi');
	await page.getByRole('radio', { name: /^500\.000\s₫/ }).check();
	await page.getByRole('button', { name: 'Tạo mã QR nạp tiền' }).click();
	await expect(page.getByTestId('payment-qr')).toBeVisible();

	await advanceClock(baseURL!, 31 * 60_000);
	await expect(page.getByTestId('topup-status')).toContainText('Mã QR đã hết hạn', { timeout: 30_000 });
	await expect(page.getByTestId('payment-qr')).toHaveCount(0);
	await page.getByRole('button', { name: 'Thử lại' }).click();
	await expect(page.getByRole('radio', { name: /^500\.000\s₫/ })).toBeChecked();
});

test('the ledger loads older entries with "Xem thêm"', async ({ page, account, baseURL }) => {
	for (let i = 0; i < 12; i++) {
		await request(baseURL!, '/api/v1/_test/wallet/credit', {
			method: 'POST',
			json: { userId: account.userId, amount: String(1000 * (i + 1)), pocket: 'main', entryType: 'ADJUSTMENT', refId: randomUUID() }
		});
	}
	await page.goto('/vi');
	const entries = page.getByTestId('ledger').getByRole('listitem');
	await expect(entries).toHaveCount(10);
	// A link to the next page, for when JavaScript is off; with it the list appends in place.
	const more = page.getByRole('link', { name: 'Xem thêm' });
	const nextPage = await more.getAttribute('href');
	expect(nextPage).toMatch(/^\/vi\?sau=/);
	await hydrated(page);
	await more.click();
	await expect(entries).toHaveCount(12);
	await expect(more).toHaveCount(0);
	await expect(entries.last()).toContainText('+1.000 ₫');
	await expect(entries.first()).toContainText('Điều chỉnh');
	// The link's page, rendered by the server: the two oldest entries.
	await page.goto(nextPage!);
	await expect(entries).toHaveCount(2);
	await expect(entries.first()).toContainText('+2.000 ₫');
	await expect(entries.last()).toContainText('+1.000 ₫');
	// An address whose cursor is not the history's is a 400 page that says so, not a server error.
	expect((await page.goto('/vi?sau=khong-hop-le'))!.status()).toBe(400);
	await expect(page.getByText('Con trỏ phân trang không hợp lệ hoặc không thuộc truy vấn này.')).toBeVisible();
});

test('every gift-code refusal is explained', async ({ page, account: _account, baseURL }) => {
	// Failures are counted in 15-minute windows: start just after a window opens so the
	// two-minute jump below cannot carry the count into the next window.
	const serverNow = await startOfFailureWindow(baseURL!);
	const [good] = (await createGiftCodes(baseURL!, { amountVnd: '50000', count: 1 })).codes;
	const [once] = (await createGiftCodes(baseURL!, { amountVnd: '20000', count: 1, maxRedemptions: 1 })).codes;
	const [old] = (await createGiftCodes(baseURL!, { amountVnd: '20000', count: 1, expiresAt: new Date(serverNow + 60_000).toISOString() })).codes;
	// Codes are created positive; an operator can still zero one out later.
	const zeroBatch = await createGiftCodes(baseURL!, { amountVnd: '1000', count: 1 });
	const [zero] = zeroBatch.codes;
	await sql(baseURL!, 'UPDATE gift_codes SET amount_vnd = 0 WHERE batch_id = $1', [zeroBatch.batchId]);
	// Someone else used up the single-use code first.
	await request(baseURL!, '/api/v1/giftcode/redeem', { method: 'POST', json: { code: once }, headers: { cookie: (await newCookie(baseURL!)) } });

	await page.goto('/vi');
	const input = page.getByLabel('Mã quà tặng', { exact: true });
	const redeem = page.getByRole('button', { name: 'Đổi mã' });
	const outcome = page.getByTestId('gift-outcome');
	await expect(redeem).toBeEnabled();

	await input.fill(good!.toLowerCase());
	await redeem.click();
	await expect(outcome).toHaveText('Đổi mã thành công: đã cộng 50.000 ₫ vào tiền thưởng. Số dư mới: 50.000 ₫.');
	await expect(page.getByTestId('balance-bonus')).toHaveText('50.000 ₫');

	await input.fill(good!);
	await redeem.click();
	await expect(outcome).toContainText('Bạn đã đổi mã quà tặng này rồi');

	await input.fill(once!);
	await redeem.click();
	await expect(outcome).toContainText('đã được dùng hết số lượt');

	await input.fill(zero!);
	await redeem.click();
	await expect(outcome).toContainText('không có giá trị');
	await screenshots(page, 'vi-ma-qua-tang');

	await advanceClock(baseURL!, 2 * 60_000);
	await input.fill(old!);
	await redeem.click();
	await expect(outcome).toContainText('đã hết hạn');

	await input.fill('KHONG-CO-MA-NAY');
	await redeem.click();
	await expect(outcome).toContainText('Không tìm thấy mã quà tặng này');

	// Five failures in the window (already_redeemed, exhausted, zero, expired, unknown): the next is held back.
	await input.fill('KHONG-CO-MA-NAY-2');
	await redeem.click();
	await expect(outcome).toHaveText(/Bạn đã nhập sai mã quá nhiều lần\. Vui lòng thử lại sau \d+ phút\./);
});

const FAILURE_WINDOW_MS = 15 * 60_000;

/** Moves the server clock just past the start of the next failure window; returns the server's time then. */
async function startOfFailureWindow(baseURL: string): Promise<number> {
	const now = Date.parse((await request(baseURL, '/api/internal/test/clock-advance', { method: 'POST', json: { ms: 0 } })).body.now);
	const step = FAILURE_WINDOW_MS - (now % FAILURE_WINDOW_MS) + 1_000;
	await advanceClock(baseURL, step);
	return now + step;
}

async function newCookie(baseURL: string): Promise<string> {
	const res = await request(baseURL, '/api/internal/test/create-user', { method: 'POST', json: {} });
	return res.body.cookie;
}
