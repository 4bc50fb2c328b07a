/**
 * The API reference (/api-docs) as a reader uses it: every operation of the
 * served document is listed by group, opens without a script, shows its
 * parameters, responses and error codes, and links the schemas it returns;
 * nothing is fetched from another site; swagger-ui stays one link away.
 */
import { expect, expectAccessible, test } from './fixtures';

test('the API reference lists every operation and opens one without a script, offline', async ({ page, request }) => {
	const external: string[] = [];
	page.on('request', (r) => {
		if (!r.url().startsWith('http://127.0.0.1')) external.push(r.url());
	});
	const doc = (await (await request.get('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
	const count = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);

	await page.goto('/api-docs');
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Tài liệu API');
	const operations = page.getByTestId('operation');
	await expect(operations).toHaveCount(count);

	// Guest checkout: its conflicts, the order-access cookie note and the Order schema it returns.
	await page.getByRole('link', { name: 'Mua hàng' }).click();
	const checkout = page.locator('details#checkoutCreate');
	await checkout.locator('> summary').click();
	await expect(checkout).toHaveAttribute('open', '');
	await expect(checkout.getByText('Idempotency-Key', { exact: true })).toBeVisible();
	await expect(checkout.locator('code', { hasText: 'already_owned' })).toBeVisible();
	await checkout.getByRole('link', { name: 'Order', exact: true }).first().click();
	await expect(page).toHaveURL(/#luoc-do-Order$/);
	await expect(page.locator('#luoc-do-Order')).toContainText('paymentRef');
	await page.screenshot({ path: 'test-results/screenshots/api-docs.png', fullPage: false });
	await expectAccessible(page);

	await page.getByRole('link', { name: 'Swagger UI' }).click();
	await expect(page.locator('.swagger-ui .info .title')).toContainText('hoclieu API', { timeout: 30_000 });
	expect(external).toEqual([]); // everything is served from our own assets
});
