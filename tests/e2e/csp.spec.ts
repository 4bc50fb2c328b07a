/**
 * The storefront, /api-docs and /developers work under their
 * Content-Security-Policy (issue 14, item 3): pages hydrate and navigate on
 * the client, swagger-ui renders the operations, and any violation the
 * browser reports — a `securitypolicyviolation` event or a console error
 * naming the policy — fails the test. The storefront pages also print no
 * Svelte warning.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

interface Violation {
	url: string;
	directive: string;
	blocked: string;
	sample?: string;
	source?: string;
}

async function watchCsp(page: Page): Promise<string[]> {
	const problems: string[] = [];
	await page.exposeFunction('__reportCspViolation', (v: Violation) => {
		problems.push(`${v.directive} blocked ${v.blocked} on ${v.url}${v.sample ? ` (${v.sample})` : ''}${v.source ? ` at ${v.source}` : ''}`);
	});
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (e) => {
			(window as unknown as { __reportCspViolation: (v: Violation) => void }).__reportCspViolation({
				url: e.documentURI,
				directive: e.effectiveDirective,
				blocked: e.blockedURI,
				sample: e.sample,
				source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}` : undefined
			});
		});
	});
	page.on('console', (message) => {
		if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) problems.push(message.text());
	});
	page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
	return problems;
}

/** A click that the client-side router handles: no new document is requested. */
async function navigateOnClient(page: Page, link: ReturnType<Page['locator']>, expectedUrl: RegExp) {
	const documents: string[] = [];
	const onRequest = (r: { resourceType(): string; url(): string }) => {
		if (r.resourceType() === 'document') documents.push(r.url());
	};
	page.on('request', onRequest);
	await link.click();
	await expect(page).toHaveURL(expectedUrl);
	page.off('request', onRequest);
	expect(documents, 'the router navigated without reloading the document').toEqual([]);
}

test('storefront home, a category page and a product page work under the CSP, with no Svelte warning', async ({ page }) => {
	const problems = await watchCsp(page);
	// A development client prints "[svelte] code…"; a production one, only a svelte.dev/e/ link. Neither may appear
	// (README "Run it": `npm start` serves a production build, scripts/start-build.mjs).
	const svelteWarnings: string[] = [];
	page.on('console', (message) => {
		if (/\[svelte\]|svelte\.dev\/e\//.test(message.text())) svelteWarnings.push(`${message.type()}: ${message.text()}`);
	});
	const res = await page.goto('/');
	expect(res!.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
	await hydrated(page);

	await page.goto('/danh-muc/lop-1');
	await hydrated(page);
	const product = page.locator('a[href^="/san-pham/"]').first();
	await expect(product).toBeVisible();
	await navigateOnClient(page, product, /\/san-pham\//);
	await expect(page.locator('h1')).toBeVisible();

	// A product page loaded directly, too (its JSON-LD block is data, not script).
	await page.reload();
	await hydrated(page);
	await expect(page.locator('h1')).toBeVisible();
	expect(problems).toEqual([]);
	expect(svelteWarnings).toEqual([]);
});

test('/api-docs/swagger renders the operations with swagger-ui under its CSP', async ({ page }) => {
	const problems = await watchCsp(page);
	const res = await page.goto('/api-docs/swagger');
	expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
	// swagger-ui parses the whole (over 1 MB) document before it renders; a loaded CI machine needs time.
	await expect(page.locator('.swagger-ui .info .title')).toContainText('hoclieu API', { timeout: 30_000 });
	const operations = page.locator('.opblock-summary-path');
	await expect(operations.first()).toBeVisible();
	expect(await operations.count()).toBeGreaterThan(5);
	// Expanding an operation runs more of swagger-ui (and its inline styles).
	await operations.first().click();
	await expect(page.locator('.opblock-body').first()).toBeVisible();
	expect(problems).toEqual([]);
});

test('/developers works under the CSP', async ({ page }) => {
	const problems = await watchCsp(page);
	await page.goto('/developers');
	await hydrated(page);
	await expect(page.locator('h1')).toContainText('hoclieu cho nhà phát triển');
	expect(problems).toEqual([]);
});
