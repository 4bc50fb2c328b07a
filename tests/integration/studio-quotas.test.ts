/**
 * Per-author quotas of the open studio (issue 40, README "Limits and
 * quotas") over HTTP against the built server, with small limits: upload
 * slots per hour (429 + Retry-After from the limiter), bytes held by open
 * slots (429 + Retry-After until the oldest expires), bytes stored (422 with
 * the reason), products in review (422 with the reason); the sweep of
 * verified uploads no draft uses; the studio page's meter.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { insertCategory, type CategoryFixture } from '../helpers/catalog';
import { advanceClock, clearOfWindowEdge, createUser, HOUR_WINDOW, request, sql, type TestUser } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A PNG of exactly `size` bytes (the type is recognised by its head, the rest is padding). */
const pngOf = (size: number) => Uint8Array.from(Buffer.concat([PNG, randomBytes(size - PNG.byteLength)]));

const LIMITS = { slotsPerHour: 5, pendingBytes: 3000, storedBytes: 6000, inReview: 1, unattachedTtlHours: 2 };

let server: TestServer;
let staff: TestUser;
let category: CategoryFixture;

beforeAll(async () => {
	server = await startServer({
		env: {
			UPLOAD_SLOTS_PER_HOUR: String(LIMITS.slotsPerHour),
			UPLOAD_PENDING_BYTES_PER_AUTHOR: String(LIMITS.pendingBytes),
			UPLOAD_STORED_BYTES_PER_AUTHOR: String(LIMITS.storedBytes),
			STUDIO_IN_REVIEW_PER_AUTHOR: String(LIMITS.inReview),
			UPLOAD_UNATTACHED_TTL_HOURS: String(LIMITS.unattachedTtlHours)
		}
	});
	staff = await createUser(server.url, { role: 'staff' });
	const root = await insertCategory(server.url, { name: 'Giáo án', slug: `giao-an-${randomUUID().slice(0, 6)}` });
	category = await insertCategory(server.url, { name: 'Toán lớp 6', slug: 'toan-6', parent: root });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

function api(who: TestUser, path: string, json?: unknown) {
	return request(server.url, path, { method: json === undefined ? 'GET' : 'POST', ...(json !== undefined ? { json } : {}), headers: { origin: server.url, cookie: who.cookie } });
}

const author = () => createUser(server.url, { role: 'author' });

/** Declares a cover of `size` bytes without sending it. */
const declare = (who: TestUser, size: number, bytes = pngOf(size)) =>
	api(who, '/api/v1/studio/uploads', { purpose: 'cover', fileName: 'bia.png', contentType: 'image/png', sizeBytes: size, sha256: sha256(bytes) });

/** Slot → PUT → complete; the verified upload's id. */
async function uploaded(who: TestUser, bytes: Uint8Array, purpose: 'file' | 'cover' = 'cover'): Promise<string> {
	const d = purpose === 'file' ? { fileName: 'giao-an.pdf', contentType: 'application/pdf' } : { fileName: 'bia.png', contentType: 'image/png' };
	const slot = await api(who, '/api/v1/studio/uploads', { purpose, ...d, sizeBytes: bytes.byteLength, sha256: sha256(bytes) });
	expect(slot.status, slot.text).toBe(200);
	expect((await fetch(slot.body.data.put.url, { method: 'PUT', headers: slot.body.data.put.headers, body: Buffer.from(bytes) })).status).toBe(200);
	const done = await api(who, `/api/v1/studio/uploads/${slot.body.data.upload.id}/complete`, {});
	expect(done.status, done.text).toBe(200);
	return slot.body.data.upload.id;
}

async function uploadCount(who: TestUser): Promise<number> {
	const [row] = await sql<{ n: number }>(server.url, 'SELECT count(*)::int AS n FROM uploads WHERE owner_id = $1', [who.userId]);
	return row!.n;
}

async function storageKey(id: string): Promise<string> {
	const [row] = await sql<{ storage_key: string }>(server.url, 'SELECT storage_key FROM uploads WHERE id = $1', [id]);
	return row!.storage_key;
}
const objectExists = (key: string) => existsSync(join(server.dataDir, 'files', 'objects', key));

describe('upload slots per author and hour', () => {
	it('answers 429 rate_limited with Retry-After past UPLOAD_SLOTS_PER_HOUR, opens nothing, and counts per author', async () => {
		await clearOfWindowEdge(server.url, HOUR_WINDOW);
		const a = await author();
		for (let i = 0; i < LIMITS.slotsPerHour; i++) {
			const res = await declare(a, 100);
			expect(res.status, res.text).toBe(200);
			expect(res.headers.get('ratelimit-limit')).toBe(String(LIMITS.slotsPerHour));
			expect(res.headers.get('ratelimit-remaining')).toBe(String(LIMITS.slotsPerHour - 1 - i));
		}
		const refused = await declare(a, 100);
		expect(refused.status, refused.text).toBe(429);
		expect(refused.body.error.code).toBe('rate_limited');
		const retryAfter = Number(refused.headers.get('retry-after'));
		expect(retryAfter).toBeGreaterThan(0);
		expect(retryAfter).toBeLessThanOrEqual(3600);
		expect(await uploadCount(a)).toBe(LIMITS.slotsPerHour);

		const quota = await api(a, '/api/v1/studio/quota');
		expect(quota.status, quota.text).toBe(200);
		expect(quota.body.data.uploadSlotsPerHour).toMatchObject({ used: LIMITS.slotsPerHour, limit: LIMITS.slotsPerHour });
		// Another author's budget is untouched.
		expect((await declare(await author(), 100)).status).toBe(200);
	});
});

describe('bytes held by open slots', () => {
	it('answers 429 with Retry-After until the oldest open slot expires, then accepts', async () => {
		const a = await author();
		const first = await declare(a, 2500);
		expect(first.status, first.text).toBe(200);
		const refused = await declare(a, 1000);
		expect(refused.status, refused.text).toBe(429);
		expect(refused.body.error.code).toBe('rate_limited');
		expect(refused.body.error.details).toMatchObject({ reason: 'pending_bytes_quota', usedBytes: 2500, limitBytes: LIMITS.pendingBytes });
		expect(refused.body.error.message).toMatch(/chưa hoàn tất/);
		const retryAfter = Number(refused.headers.get('retry-after'));
		const secondsLeft = (Date.parse(first.body.data.upload.expiresAt) - Date.parse(first.body.data.upload.createdAt)) / 1000;
		expect(retryAfter).toBeGreaterThan(secondsLeft - 60);
		expect(retryAfter).toBeLessThanOrEqual(Math.ceil(secondsLeft));
		expect(await uploadCount(a)).toBe(1);
		expect((await api(a, '/api/v1/studio/quota')).body.data.pendingBytes).toEqual({ used: 2500, limit: LIMITS.pendingBytes });

		await advanceClock(server.url, retryAfter * 1000);
		expect((await declare(a, 1000)).status).toBe(200);
		expect((await api(a, '/api/v1/studio/quota')).body.data.pendingBytes).toEqual({ used: 1000, limit: LIMITS.pendingBytes });
	});
});

describe('slots declared at the same moment', () => {
	it('cannot together overshoot the bytes an author may hold open', async () => {
		const a = await author();
		const answers = await Promise.all(Array.from({ length: LIMITS.slotsPerHour }, () => declare(a, 1200)));
		const statuses = answers.map((r) => r.status).sort();
		expect(statuses, answers.map((r) => r.text).join('\n')).toEqual([200, 200, 429, 429, 429]);
		for (const r of answers.filter((x) => x.status === 429)) expect(r.body.error.details.reason).toBe('pending_bytes_quota');
		const [row] = await sql<{ n: number; bytes: number }>(server.url, 'SELECT count(*)::int AS n, sum(size_bytes)::int AS bytes FROM uploads WHERE owner_id = $1', [a.userId]);
		expect(row).toEqual({ n: 2, bytes: 2400 });
	});
});

describe('bytes stored and the sweep of unattached uploads', () => {
	it('answers 422 stored_bytes_quota past UPLOAD_STORED_BYTES_PER_AUTHOR; unattached uploads are swept with their bytes after the TTL, freeing room', async () => {
		const a = await author();
		const kept = await uploaded(a, pngOf(2500));
		const loose = await uploaded(a, pngOf(2500));
		const file = await uploaded(a, pdfBytes('Giáo án', [`Mã ${randomUUID()}`]), 'file');
		const [{ size }] = (await sql<{ size: number }>(server.url, 'SELECT size_bytes::int AS size FROM uploads WHERE id = $1', [file])) as [{ size: number }];
		const stored = 5000 + size;

		const refused = await declare(a, LIMITS.storedBytes - stored + 1);
		expect(refused.status, refused.text).toBe(422);
		expect(refused.body.error.code).toBe('state_violation');
		expect(refused.body.error.details).toMatchObject({ reason: 'stored_bytes_quota', usedBytes: stored, limitBytes: LIMITS.storedBytes });
		expect(refused.headers.get('retry-after')).toBeNull();
		expect((await api(a, '/api/v1/studio/quota')).body.data.storedBytes).toEqual({ used: stored, limit: LIMITS.storedBytes });

		// The sold file and one cover go into a draft; the other cover stays loose.
		const draft = await api(a, '/api/v1/studio/products', {
			title: 'Giáo án Toán 6',
			description: 'Giáo án chi tiết 5 tiết.',
			categoryId: category.id,
			type: 'LESSON_PLAN',
			priceVnd: '35000',
			tags: [],
			fileUploadId: file,
			coverUploadId: kept
		});
		expect(draft.status, draft.text).toBe(200);
		const looseKey = await storageKey(loose);
		expect(objectExists(looseKey)).toBe(true);

		// Not yet: an upload is swept only once UPLOAD_UNATTACHED_TTL_HOURS have passed.
		await advanceClock(server.url, (LIMITS.unattachedTtlHours - 1) * 3_600_000);
		expect((await request(server.url, '/api/v1/_test/uploads/sweep', { method: 'POST', json: {} })).body.data.unattached).toBe(0);
		await advanceClock(server.url, 3_600_000 + 1000);
		const sweep = await request(server.url, '/api/v1/_test/uploads/sweep', { method: 'POST', json: {} });
		expect(sweep.body.data.unattached).toBeGreaterThanOrEqual(1);

		const rows = await sql<{ id: string; status: string; failure_reason: string | null; swept: boolean }>(
			server.url,
			'SELECT id, status, failure_reason, swept_at IS NOT NULL AS swept FROM uploads WHERE owner_id = $1 ORDER BY created_at',
			[a.userId]
		);
		expect(rows.find((r) => r.id === loose)).toEqual({ id: loose, status: 'expired', failure_reason: 'unattached', swept: true });
		expect(rows.filter((r) => r.id !== loose).map((r) => r.status)).toEqual(['verified', 'verified']);
		expect(objectExists(looseKey)).toBe(false);
		expect(objectExists(await storageKey(kept))).toBe(true);
		expect((await api(a, '/api/v1/studio/quota')).body.data.storedBytes).toEqual({ used: stored - 2500, limit: LIMITS.storedBytes });
		expect((await declare(a, LIMITS.storedBytes - stored + 1)).status).toBe(200);
		// The swept upload can no longer be attached.
		const attach = await request(server.url, `/api/v1/studio/products/${draft.body.data.id}`, {
			method: 'PATCH',
			json: { coverUploadId: loose },
			headers: { origin: server.url, cookie: a.cookie }
		});
		expect(attach.status, attach.text).toBe(400);
		expect(attach.body.error.details.reason).toBe('upload_not_usable');
		// A second pass finds nothing.
		expect((await request(server.url, '/api/v1/_test/uploads/sweep', { method: 'POST', json: {} })).body.data.unattached).toBe(0);
	});
});

describe('products in review', () => {
	it('answers 422 in_review_quota past STUDIO_IN_REVIEW_PER_AUTHOR, shown on the studio page, until staff decide', async () => {
		const a = await author();
		const drafts: string[] = [];
		for (const title of ['Giáo án Hình học', 'Giáo án Đại số']) {
			const fileUploadId = await uploaded(a, pdfBytes(title, [`Mã ${randomUUID()}`]), 'file');
			const coverUploadId = await uploaded(a, pngOf(200));
			const res = await api(a, '/api/v1/studio/products', { title, description: 'Giáo án chi tiết.', categoryId: category.id, type: 'LESSON_PLAN', priceVnd: '20000', tags: [], fileUploadId, coverUploadId });
			expect(res.status, res.text).toBe(200);
			drafts.push(res.body.data.id);
		}
		expect((await api(a, `/api/v1/studio/products/${drafts[0]}/submit`, {})).status).toBe(200);
		const refused = await api(a, `/api/v1/studio/products/${drafts[1]}/submit`, {});
		expect(refused.status, refused.text).toBe(422);
		expect(refused.body.error.code).toBe('state_violation');
		expect(refused.body.error.details).toEqual({ reason: 'in_review_quota', used: 1, limit: LIMITS.inReview });
		expect(refused.body.error.message).toMatch(/chờ duyệt/);
		const [second] = await sql<{ status: string }>(server.url, 'SELECT status FROM products WHERE id = $1', [drafts[1]]);
		expect(second!.status).toBe('draft');

		expect((await api(a, '/api/v1/studio/quota')).body.data.productsInReview).toEqual({ used: 1, limit: LIMITS.inReview });
		const page = await request(server.url, '/tac-gia', { headers: { cookie: a.cookie } });
		expect(page.status).toBe(200);
		expect(page.text).toContain('Hạn mức của bạn');
		expect(page.text).toMatch(/Học liệu đang chờ duyệt<\/dt>[\s\S]*?1\/1/);

		expect((await api(staff, `/api/v1/admin/products/${drafts[0]}/approve`, {})).status).toBe(200);
		expect((await api(a, `/api/v1/studio/products/${drafts[1]}/submit`, {})).status).toBe(200);
	});
});
