/** Music products, files and quota state for HTTP tests, written through the test hooks. */
import { randomUUID } from 'node:crypto';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';
import { request, sql, type JsonResponse, type TestUser } from './http';
import { serverKey } from './server';

/** The WAV stored for every free track. */
export const song = sampleFile('MUSIC', 'Bài hát Quê hương');

export interface TrackOptions {
	type?: 'MUSIC' | 'LESSON_PLAN' | 'SLIDE' | 'VIDEO' | 'COMBO';
	title?: string;
	priceVnd?: string;
	salePriceVnd?: string | null;
	saleEndsAt?: string | null;
	fileKey?: string | null;
	fileName?: string | null;
	isPublished?: boolean;
}

/** One category per server, created on first use (by serverKey: a later server may reuse a port). */
const categories = new Map<string, string>();

export async function category(base: string): Promise<string> {
	const known = categories.get(serverKey(base));
	if (known) return known;
	const slug = `am-nhac-${randomUUID().slice(0, 8)}`;
	const [row] = await sql<{ id: string }>(base, 'INSERT INTO categories (name, slug, path) VALUES ($1, $2, $3) RETURNING id', [
		'Âm nhạc',
		slug,
		slug
	]);
	categories.set(serverKey(base), row!.id);
	return row!.id;
}

export async function createProduct(base: string, o: TrackOptions = {}): Promise<string> {
	const id = randomUUID();
	const fileKey = o.fileKey === undefined ? `products/${id}/bai-hat.wav` : o.fileKey;
	const [row] = await sql<{ id: string }>(
		base,
		`INSERT INTO products (id, category_id, type, title, slug, price_vnd, sale_price_vnd, sale_ends_at, file_key, file_name, is_published)
		 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
		[
			id,
			await category(base),
			o.type ?? 'MUSIC',
			o.title ?? 'Bài hát Quê hương',
			`bai-hat-${id.slice(0, 8)}`,
			o.priceVnd ?? '0',
			o.salePriceVnd ?? null,
			o.saleEndsAt ?? null,
			fileKey,
			o.fileName === undefined ? 'Bài hát Quê hương.wav' : o.fileName,
			o.isPublished ?? true
		]
	);
	return row!.id;
}

/** A free, published MUSIC product whose WAV is in storage (no file when `fileKey: null`). */
export async function createFreeTrack(base: string, o: TrackOptions = {}): Promise<string> {
	const id = await createProduct(base, { priceVnd: '0', ...o });
	const [row] = await sql<{ file_key: string | null }>(base, 'SELECT file_key FROM products WHERE id = $1', [id]);
	if (row!.file_key) await storeFile(base, row!.file_key, song.bytes, song.contentType);
	return id;
}

/** POST /api/v1/music/:id/download, signed in as `user` when given. */
export function musicDownload(base: string, id: string, user?: TestUser, headers: Record<string, string> = {}): Promise<JsonResponse<any>> {
	return request(base, `/api/v1/music/${id}/download`, { method: 'POST', headers: { ...(user ? { cookie: user.cookie } : {}), ...headers } });
}

/** GET /api/v1/music/quota, signed in as `user` when given. */
export function musicQuota(base: string, user?: TestUser): Promise<JsonResponse<any>> {
	return request(base, '/api/v1/music/quota', { headers: user ? { cookie: user.cookie } : {} });
}

export async function storeFile(base: string, key: string, bytes: Uint8Array, contentType: string): Promise<void> {
	const res = await request(base, '/api/internal/test/store-file', {
		method: 'POST',
		json: { key, base64: Buffer.from(bytes).toString('base64'), contentType }
	});
	if (res.status !== 200) throw new Error(`store-file hook failed (${res.status}): ${res.text}`);
}

export async function setStorageFault(base: string, fault: 'none' | 'head' | 'sign'): Promise<void> {
	const res = await request(base, '/api/internal/test/storage-fault', { method: 'POST', json: { fault } });
	if (res.status !== 200) throw new Error(`storage-fault hook failed (${res.status}): ${res.text}`);
}

export { serverNow } from './http';

export async function grantOwnership(base: string, userId: string, productId: string): Promise<void> {
	await sql(base, `INSERT INTO product_ownerships (user_id, product_id, source) VALUES ($1, $2, 'purchase')`, [userId, productId]);
}

/** Sets how many units the user has used in the window that starts at `windowStart`. */
export async function setUsed(base: string, userId: string, windowStart: string, used: number): Promise<void> {
	await sql(
		base,
		`INSERT INTO music_quota_usage (user_id, window_start, used) VALUES ($1, $2, $3)
		 ON CONFLICT (user_id, window_start) DO UPDATE SET used = EXCLUDED.used`,
		[userId, windowStart, used]
	);
}
