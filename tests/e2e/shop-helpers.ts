/**
 * Helpers for the storefront specs: test hooks over HTTP, signed-in browser
 * contexts, screenshots at desktop and phone width, and the axe check.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { saveFullPage } from './fixtures';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export async function hook<T = unknown>(request: APIRequestContext, action: string, data: Record<string, unknown> = {}): Promise<T> {
	const res = await request.post(`/api/internal/test/${action}`, { data });
	expect(res.status(), `test hook ${action}: ${await res.text()}`).toBe(200);
	return (await res.json()) as T;
}

export async function sql<T = Record<string, unknown>>(request: APIRequestContext, query: string, params: unknown[] = []): Promise<T[]> {
	return (await hook<{ rows: T[] }>(request, 'sql', { query, params })).rows;
}

export interface TestUser {
	userId: string;
	email: string;
	cookie: string;
}

/** A fresh user (unique email), signed in inside the browser context. */
export async function signIn(request: APIRequestContext, context: BrowserContext, baseURL: string, name = 'Cô Lan'): Promise<TestUser> {
	const user = await hook<TestUser>(request, 'create-user', { name, email: `shop-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@truong.edu.vn` });
	const [cookieName, ...rest] = user.cookie.split('=');
	await context.addCookies([{ name: cookieName!, value: rest.join('='), url: baseURL }]);
	return user;
}

/**
 * Cleans up after a spec's user: its sessions always; the account itself when
 * nothing refers to it. Orders, wallets and ledgers are kept on purpose (the
 * schema restricts deleting them: they are the money's audit trail), and a
 * unique email keeps them out of every other spec's way.
 */
export async function cleanUpUser(request: APIRequestContext, user: TestUser): Promise<void> {
	await sql(request, 'DELETE FROM sessions WHERE user_id = $1::uuid', [user.userId]);
	const [refs] = await sql<{ n: number }>(
		request,
		// The hook binds $1, $2 … in order of appearance: one placeholder per use.
		`SELECT (SELECT count(*) FROM orders WHERE user_id = $1::uuid) + (SELECT count(*) FROM wallets WHERE user_id = $2::uuid) AS n`,
		[user.userId, user.userId]
	);
	if (Number(refs?.n) === 0) await sql(request, 'DELETE FROM users WHERE id = $1::uuid', [user.userId]);
}

/** Scrolls through the page so lazy images load, then checks that none is broken. */
export async function expectImagesLoaded(page: Page): Promise<void> {
	const height = await page.evaluate(() => document.documentElement.scrollHeight);
	for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
	await page.evaluate(() => window.scrollTo(0, 0));
	await expect
		.poll(() => page.evaluate(() => [...document.images].filter((img) => !img.complete).length), { message: 'images still loading', timeout: 20_000 })
		.toBe(0);
	const broken = await page.evaluate(() => [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src));
	expect(broken, 'broken images').toEqual([]);
}

/** Nothing may stick out sideways (text overflowing a 360 px phone, a too-wide table…). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
	expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

/** Full-page screenshots at desktop and 360 px phone width: test-results/screenshots/<name>-<desktop|phone>.jpg. */
export async function screenshots(page: Page, name: string): Promise<void> {
	for (const [size, tag] of [
		[DESKTOP, 'desktop'],
		[PHONE, 'phone']
	] as const) {
		await page.setViewportSize(size);
		await expectImagesLoaded(page);
		await expectNoHorizontalOverflow(page);
		await saveFullPage(page, `${name}-${tag}`);
	}
	await page.setViewportSize(DESKTOP);
}

/** axe-core on the page: no serious or critical WCAG 2.1 A/AA violations. */
export async function expectAccessible(page: Page): Promise<void> {
	const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
	const bad = result.violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
	expect(bad, 'serious or critical accessibility violations').toEqual([]);
}

/** Cumulative layout shift so far (Chromium's layout-shift entries, ignoring shifts right after input). */
export async function layoutShift(page: Page): Promise<number> {
	return page.evaluate(
		() =>
			new Promise<number>((resolve) => {
				let total = 0;
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
						if (!entry.hadRecentInput) total += entry.value;
					}
				}).observe({ type: 'layout-shift', buffered: true });
				setTimeout(() => resolve(total), 500);
			})
	);
}
