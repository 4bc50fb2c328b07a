/**
 * Playwright fixtures for the storefront suites: unique signed-in users made
 * through the test hooks (the sign-up page itself is driven by the journey),
 * screenshots at desktop and phone width, and the axe accessibility check.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ProductType } from '../../src/lib/server/db/schema/catalog';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';
import { createUser, sql, type TestUser } from '../helpers/http';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

export function uniqueEmail(prefix = 'e2e'): string {
	return `${prefix}-${Date.now()}-${randomUUID().slice(0, 8)}@truong.edu.vn`;
}

/** Signs the fixture user out everywhere; the row itself goes too unless money or order history must keep it. */
export async function cleanupUser(baseURL: string, userId: string): Promise<void> {
	if (!/^[0-9a-f-]{36}$/.test(userId)) throw new Error(`not a user id: ${userId}`);
	await sql(baseURL, 'DELETE FROM sessions WHERE user_id = $1', [userId]);
	// Ledgers, top-ups and orders refer to their user (ON DELETE RESTRICT): such users stay.
	await sql(baseURL, `DO $$ BEGIN DELETE FROM users WHERE id = '${userId}'; EXCEPTION WHEN restrict_violation OR foreign_key_violation THEN NULL; END $$`);
}

/** Replaces the context's cookies with the user's session, as if they had signed in in this browser. */
export async function signInAs(context: BrowserContext, baseURL: string, user: TestUser): Promise<void> {
	await context.clearCookies();
	const eq = user.cookie.indexOf('=');
	await context.addCookies([{ name: user.cookie.slice(0, eq), value: user.cookie.slice(eq + 1), url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

interface Fixtures {
	/** A fresh signed-in customer whose session cookie is in the page's browser context. */
	account: TestUser;
}

/**
 * After a document loads, waits until SvelteKit has hydrated it when the page
 * runs a client at all (a `csr = false` page such as /api-docs has no start
 * script). Typing or clicking before hydration is lost or undone, which made
 * tests fail on a loaded machine; every `goto` and `reload` now settles first.
 */
async function settle(page: Page): Promise<void> {
	await page.waitForFunction(
		() =>
			document.documentElement.hasAttribute('data-hydrated') ||
			![...document.scripts].some((s) => s.textContent?.includes('/_app/immutable/entry/start')),
		undefined,
		{ timeout: 30_000 }
	);
}

export const test = base.extend<Fixtures>({
	page: async ({ page }, use) => {
		const goto = page.goto.bind(page);
		const reload = page.reload.bind(page);
		page.goto = async (url, options) => {
			const response = await goto(url, options);
			if (options?.waitUntil !== 'commit') await settle(page);
			return response;
		};
		page.reload = async (options) => {
			const response = await reload(options);
			if (options?.waitUntil !== 'commit') await settle(page);
			return response;
		};
		await use(page);
	},
	account: async ({ context, baseURL }, use) => {
		const user = await createUser(baseURL!, { email: uniqueEmail('khach'), name: 'Cô Lan Thử' });
		const eq = user.cookie.indexOf('=');
		await context.addCookies([{ name: user.cookie.slice(0, eq), value: user.cookie.slice(eq + 1), url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
		await use(user);
		await cleanupUser(baseURL!, user.userId);
	}
});

export { expect };

/** The page is hydrated (the root layout marks <html>): its buttons now answer clicks. */
export async function hydrated(page: Page): Promise<void> {
	await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}

/**
 * Saves the whole page as test-results/screenshots/<name>.jpg. JPEG: Chromium encodes a full page
 * in about half the time of a PNG (README "Test it").
 */
export async function saveFullPage(page: Page, name: string): Promise<void> {
	await page.screenshot({ path: `test-results/screenshots/${name}.jpg`, fullPage: true, quality: 80 });
}

/** Screenshots of one page at desktop and 360 px phone width, saved as test artifacts. */
export async function screenshots(page: Page, name: string): Promise<void> {
	const original = page.viewportSize();
	for (const [kind, size] of [
		['desktop', DESKTOP],
		['phone', PHONE]
	] as const) {
		await page.setViewportSize(size);
		await page.evaluate(() => document.fonts.ready);
		// Anything wider than the viewport (text that does not wrap, a fixed-width box) is a layout bug.
		const overflowing = await page.evaluate(() => {
			const width = document.documentElement.clientWidth;
			return [...document.querySelectorAll('body *')]
				.filter((el) => el.getBoundingClientRect().right > width + 0.5)
				.map((el) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}`)
				.slice(0, 5);
		});
		expect(overflowing, `${name} overflows horizontally at ${kind} width`).toEqual([]);
		await saveFullPage(page, `${name}-${kind}`);
	}
	if (original) await page.setViewportSize(original);
}

/** No serious or critical WCAG 2.1 AA violations. */
export async function expectAccessible(page: Page): Promise<void> {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
	const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
	expect(
		bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
		'serious or critical accessibility violations'
	).toEqual([]);
}

/**
 * The bytes of a product's file: the demo seed stores its type's generated
 * sample (src/lib/server/platform/storage/sample-files.ts), so a test can
 * compare what the browser saved byte for byte.
 */
export async function expectedFileBytes(baseURL: string, productId: string): Promise<Uint8Array> {
	const [p] = await sql<{ type: ProductType; title: string }>(baseURL, 'SELECT type, title FROM products WHERE id = $1', [productId]);
	if (!p) throw new Error(`no product ${productId}`);
	return sampleFile(p.type, p.title).bytes;
}

/** Clicks a download button and returns the bytes the browser saved. */
export async function savedBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
	const [download] = await Promise.all([page.waitForEvent('download'), click()]);
	const path = await download.path();
	return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}
