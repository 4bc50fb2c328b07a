/**
 * Social sign-in in real Chromium at 360 px (ADR 019): a visitor on a product
 * page taps "Đăng nhập" in the header, chooses the school's identity provider (a real OpenID
 * Connect server started by the global setup, tests/e2e/oidc-provider.setup.ts),
 * approves there, and is back on the same product page, signed in. The
 * sign-in page and the product page afterwards pass axe.
 */
import { sql } from '../helpers/http';
import { expect, expectAccessible, PHONE, test } from './fixtures';
import { E2E_OIDC_TEACHER } from './oidc-provider.setup';

test('a teacher signs in with her school account from a product page and lands back on it, signed in', async ({ page, baseURL }) => {
	await page.setViewportSize(PHONE);
	const [row] = await sql<{ path: string; title: string }>(
		baseURL!,
		`SELECT c.path || '/' || p.slug AS path, p.title FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.is_published AND p.price_vnd > 0 ORDER BY p.popularity DESC LIMIT 1`
	);
	const productPath = `/san-pham/${row!.path}`;
	await page.goto(productPath);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(row!.title);

	// The header's "Đăng nhập" carries the page to come back to.
	await page.getByRole('banner').getByRole('link', { name: 'Đăng nhập', exact: true }).click();
	await expect(page).toHaveURL(/\/dang-nhap\?/);
	const provider = page.getByRole('link', { name: 'Đăng nhập với Tài khoản Sở GD&ĐT (thử)' });
	await expect(provider).toBeVisible();
	await expectAccessible(page);

	// The provider approves at once and sends the browser back through the callback.
	await provider.click();
	await page.waitForURL((url) => url.pathname === productPath, { timeout: 30_000 });
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(row!.title);
	await expect(page.getByTestId('signed-in-user')).toBeVisible();
	await expect(page.getByRole('banner').getByRole('link', { name: 'Đăng nhập', exact: true })).toHaveCount(0);
	await expectAccessible(page);

	const session = await page.request.get('/api/auth/session');
	expect((await session.json()).user).toMatchObject({ email: E2E_OIDC_TEACHER.email, emailVerified: true });
});

test('an account opened by Zalo (no address yet) adds one from its account page, at 360 px', async ({ page, baseURL, account }) => {
	await page.setViewportSize(PHONE);
	// What a Zalo sign-in leaves (src/lib/server/auth/mailbox.ts): a placeholder on the reserved .invalid domain.
	await sql(baseURL!, "UPDATE users SET email = 'khong-email-' || id || '@chua-co-email.invalid', email_verified_at = NULL WHERE id = $1", [account.userId]);
	await page.goto('/tai-khoan');
	await expect(page.getByRole('heading', { level: 2, name: 'Thêm địa chỉ email' })).toBeVisible();
	await expect(page.getByText('Tài khoản chưa có địa chỉ email')).toBeVisible();
	await expect(page.getByText('chua-co-email.invalid')).toHaveCount(0);

	const field = page.getByLabel('Địa chỉ email', { exact: true });
	await field.fill('khong-phai-email');
	await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();
	await expect(field).toHaveAttribute('aria-invalid', 'true');
	await expect(page.locator('#email-email-error')).toBeVisible();

	await field.fill('co.lan.zalo@truong.edu.vn');
	await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();
	await expect(page.getByText('Đã gửi mã xác nhận gồm 6 chữ số đến co.lan.zalo@truong.edu.vn')).toBeVisible();
	await expect(page.getByLabel('Mã xác nhận gửi đến co.lan.zalo@truong.edu.vn')).toBeVisible();
	await expect(page.getByRole('button', { name: 'Gửi lại mã' })).toBeVisible();
	await expectAccessible(page);

	// A wrong code is refused next to its form, and the address is still asked for.
	await page.getByLabel('Mã xác nhận gửi đến co.lan.zalo@truong.edu.vn').fill('000000');
	await page.getByRole('button', { name: 'Xác nhận email' }).click();
	await expect(page.getByRole('alert')).toContainText('Mã xác nhận');
	await expect(page.getByRole('heading', { level: 2, name: 'Thêm địa chỉ email' })).toBeVisible();
	await expectAccessible(page);
});
