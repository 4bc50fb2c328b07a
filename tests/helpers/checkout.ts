/** Products with files, flash sales, checkout calls and token downloads for HTTP tests. */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { advanceClock, request, sql, type JsonResponse, type TestUser } from './http';
import { createProduct, serverNow, storeFile, type TrackOptions } from './music-fixtures';

export const ORDER_REF = /^HL[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/;

export interface SellableProduct {
	id: string;
	fileKey: string;
	/** What the file holds; downloads must return exactly these bytes. */
	bytes: Buffer;
}

/** A published product with a real file in storage (a lesson plan by default). */
export async function sellable(base: string, o: TrackOptions = {}): Promise<SellableProduct> {
	const fileKey = `products/${randomUUID()}/giao-an.pdf`;
	const id = await createProduct(base, { type: 'LESSON_PLAN', title: 'Giáo án Toán lớp 1', fileName: 'Giáo án Toán lớp 1.pdf', priceVnd: '50000', ...o, fileKey });
	const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048)]);
	await storeFile(base, fileKey, bytes, 'application/pdf');
	return { id, fileKey, bytes };
}

export interface FlashSaleOptions {
	priceVnd: string;
	/** Null = unlimited. */
	stock: number | null;
	/** Minutes from the server's now. */
	startsInMinutes?: number;
	endsInMinutes?: number;
}

export async function createFlashSale(base: string, productId: string, o: FlashSaleOptions): Promise<string> {
	const at = (await serverNow(base)).getTime();
	const [row] = await sql<{ id: string }>(
		base,
		`INSERT INTO flash_sales (product_id, starts_at, ends_at, sale_price_vnd, stock_cap, stock_left) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		[
			productId,
			new Date(at + (o.startsInMinutes ?? -60) * 60_000).toISOString(),
			new Date(at + (o.endsInMinutes ?? 7 * 24 * 60) * 60_000).toISOString(),
			o.priceVnd,
			o.stock,
			o.stock
		]
	);
	return row!.id;
}

export async function stockLeft(base: string, flashSaleId: string): Promise<number | null> {
	const [row] = await sql<{ stock_left: number | null }>(base, 'SELECT stock_left FROM flash_sales WHERE id = $1', [flashSaleId]);
	return row!.stock_left;
}

export interface CheckoutOptions {
	user?: TestUser;
	headers?: Record<string, string>;
	/** Guests act from their own address (TRUST_PROXY), so per-IP limits never mix tests. */
	ip?: string;
}

export function checkout(base: string, body: Record<string, unknown>, o: CheckoutOptions = {}): Promise<JsonResponse<any>> {
	return request(base, '/api/v1/checkout', {
		method: 'POST',
		json: body,
		headers: {
			...(o.user ? { cookie: o.user.cookie } : {}),
			'x-forwarded-for': o.ip ?? `10.${rnd()}.${rnd()}.${rnd()}`,
			...o.headers
		}
	});
}

const rnd = () => Math.floor(Math.random() * 254) + 1;

/** `order_access_<id>=<value>` from a checkout response, ready for a Cookie header. */
export function accessCookie(res: JsonResponse): string {
	const cookie = res.headers.getSetCookie().find((c) => c.startsWith('order_access_'));
	expect(cookie, 'order-access cookie').toBeDefined();
	return cookie!.split(';')[0]!;
}

export function getOrder(base: string, id: string, cookie?: string, headers: Record<string, string> = {}): Promise<JsonResponse<any>> {
	return request(base, `/api/v1/checkout/${id}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

export function tokenOf(downloadUrl: string): string {
	const url = new URL(downloadUrl);
	expect(url.pathname).toBe('/tai-ve');
	return url.searchParams.get('token')!;
}

export function exchange(base: string, token: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<any>> {
	return request(base, '/api/v1/downloads/by-token', { method: 'POST', json: { token }, headers });
}

/** downloadUrl → by-token → the signed storage URL → the file's bytes. */
export async function downloadBytes(base: string, downloadUrl: string): Promise<Buffer> {
	const res = await exchange(base, tokenOf(downloadUrl));
	expect(res.status, res.text).toBe(200);
	expect(res.body.data.expiresIn).toBeGreaterThan(0);
	const file = await fetch(res.body.data.url);
	expect(file.status).toBe(200);
	return Buffer.from(await file.arrayBuffer());
}

/**
 * Moves the server's clock (which the rate limiters follow) to just after the
 * start of a minute, so a burst of requests sits inside one limiter window
 * instead of straddling two by chance.
 */
export async function startOfNextMinute(base: string): Promise<void> {
	const now = (await serverNow(base)).getTime();
	await advanceClock(base, 60_000 - (now % 60_000) + 100);
}

export function deliverReceipts(base: string): Promise<JsonResponse<any>> {
	return request(base, '/api/v1/_test/checkout/receipts', { method: 'POST', json: {} });
}

export async function orderRow(base: string, id: string): Promise<Record<string, any>> {
	const [row] = await sql(base, 'SELECT *, amount_vnd::text AS amount FROM orders WHERE id = $1', [id]);
	return row!;
}

/**
 * Reads until `check` passes or the timeout: for work the server does on its
 * own schedule after answering (mail delivery, background jobs).
 */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await read();
		if (check(value) || Date.now() > deadline) return value;
		await new Promise((r) => setTimeout(r, 50));
	}
}
