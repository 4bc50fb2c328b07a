/**
 * Sign-in entries come back to the page they were on (README "Sign-up and verification",
 * return paths), on a 360 px phone: the buy box and the review entry of a product page.
 * The other entries, and foreign `returnTo` values, are covered over HTTP in
 * tests/integration/email-verification.test.ts.
 */
import { request as apiRequest } from '@playwright/test';
import { expect, expectAccessible, PHONE, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Một câu mật khẩu dài';

test.use({ viewport: PHONE });

async function productPath(page: import('@playwright/test').Page): Promise<string> {
	await page.goto('/danh-muc/lop-1');
	const href = await page.locator('a[href^="/san-pham/"]').first().getAttribute('href');
	expect(href).toBeTruthy();
	return href!;
}

async function signUpElsewhere(baseURL: string): Promise<string> {
	const email = uniqueEmail('ve');
	const api = await apiRequest.newContext({ baseURL });
	const res = await api.post('/api/auth/sign-up/email', { data: { email, password: PASSWORD, name: 'Cô Ngọc' } });
	expect(res.status(), await res.text()).toBe(200);
	await api.dispose();
	return email;
}

async function signInOnThePage(page: import('@playwright/test').Page, email: string): Promise<void> {
	await expect(page).toHaveURL(/\/dang-nhap\?returnTo=/);
	await expectAccessible(page);
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Mật khẩu').fill(PASSWORD);
	await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

test('the buy box\'s "đăng nhập" comes back to the product page at 360 px', async ({ page, baseURL }) => {
	const email = await signUpElsewhere(baseURL!);
	const path = await productPath(page);
	await page.goto(path);
	const buyBox = page.getByRole('complementary', { name: 'Mua học liệu' });
	await buyBox.getByRole('link', { name: /đăng nhập/i }).first().click();
	await expect(page).toHaveURL(`/dang-nhap?returnTo=${encodeURIComponent(path)}`);
	await signInOnThePage(page, email);
	await expect(page).toHaveURL(path);
	await expect(page.getByTestId('signed-in-user')).toBeVisible();
	await expectAccessible(page);
});

test('the review entry comes back to the reviews of the product at 360 px', async ({ page, baseURL }) => {
	const email = await signUpElsewhere(baseURL!);
	const path = await productPath(page);
	await page.goto(path);
	const reviews = page.getByTestId('reviews');
	await reviews.getByRole('link', { name: 'Đăng nhập' }).click();
	await expect(page).toHaveURL(`/dang-nhap?returnTo=${encodeURIComponent(`${path}#reviews-title`)}`);
	await signInOnThePage(page, email);
	await expect(page).toHaveURL(`${path}#reviews-title`);
	await expect(page.getByRole('heading', { name: 'Đánh giá từ người mua' })).toBeInViewport();
	await expectAccessible(page);
});
