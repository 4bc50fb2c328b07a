/**
 * Classroom music over HTTP against the built server with
 * the embedded defaults: PGlite (or PostgreSQL with TEST_DATABASE_URL) and
 * FsStorage, whose signed /files links must return the stored bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import {
	createFreeTrack,
	createProduct,
	grantOwnership,
	musicDownload,
	musicQuota,
	serverNow,
	setStorageFault,
	setUsed,
	song,
	type TrackOptions
} from '../helpers/music-fixtures';
import { startServer, type TestServer } from '../helpers/server';
import { vietnamMonthWindow } from '../../src/lib/server/music/quota-window';

let server: TestServer;

beforeAll(async () => {
	server = await startServer();
});
afterAll(async () => {
	await server?.stop();
});

const quota = (user?: TestUser) => musicQuota(server.url, user);
const download = (id: string, user?: TestUser, headers: Record<string, string> = {}) => musicDownload(server.url, id, user, headers);
const freeTrack = (over: TrackOptions = {}) => createFreeTrack(server.url, over);

async function usedNow(user: TestUser): Promise<number> {
	const res = await quota(user);
	expect(res.status).toBe(200);
	return res.body.used;
}

async function logsOf(user: TestUser) {
	return sql<{ product_id: string; reason: string; quota_used: boolean }>(
		server.url,
		'SELECT product_id, reason, quota_used FROM music_download_logs WHERE user_id = $1 ORDER BY created_at',
		[user.userId]
	);
}

describe('GET /api/v1/music/quota', () => {
	it('answers 401 in the legacy flat shape without a session', async () => {
		const res = await quota();
		expect(res.status).toBe(401);
		expect(Object.keys(res.body).sort()).toEqual(['code', 'message']);
		expect(res.body.code).toBe('unauthorized');
		expect(res.body.message).toMatch(/đăng nhập/);
	});

	it('shows a free user the monthly limit and the start of next month in Vietnam time', async () => {
		const user = await createUser(server.url);
		const res = await quota(user);
		expect(res.status).toBe(200);
		const window = vietnamMonthWindow(await serverNow(server.url));
		expect(res.body).toEqual({ isVip: false, used: 0, limit: 10, resetsAt: window.end.toISOString() });
	});

	it('shows VIP members as unlimited, until their membership lapses', async () => {
		const vip = await createUser(server.url, { isVip: true });
		const res = await quota(vip);
		expect(res.body).toMatchObject({ isVip: true, used: 0, limit: 'unlimited' });
		await sql(server.url, `UPDATE users SET vip_until = now() - interval '1 day' WHERE id = $1`, [vip.userId]);
		expect((await quota(vip)).body).toMatchObject({ isVip: false, limit: 10 });
	});
});

describe('POST /api/v1/music/{id}/download', () => {
	it('answers 401 in the standard envelope without a session', async () => {
		const res = await download(await freeTrack());
		expect(res.status).toBe(401);
		expect(res.body.error).toMatchObject({ code: 'unauthenticated', message: expect.any(String) });
	});

	it('answers 400 for a malformed id, 404 for an unknown id or a product that is not music', async () => {
		const user = await createUser(server.url);
		const bad = await download('not-a-uuid', user);
		expect(bad.status).toBe(400);
		expect(bad.body.error.code).toBe('validation_error');
		expect(bad.body.error.details.fields[0].path).toBe('id');

		const unknown = await download('00000000-0000-4000-8000-000000000000', user);
		expect(unknown.status).toBe(404);
		expect(unknown.body.error.code).toBe('not_found');

		const lessonPlan = await createProduct(server.url, { type: 'LESSON_PLAN', priceVnd: '0' });
		expect((await download(lessonPlan, user)).status).toBe(404);
		const unpublished = await freeTrack({ isPublished: false });
		expect((await download(unpublished, user)).status).toBe(404);
		expect(await usedNow(user)).toBe(0);
	});

	it('answers 403 forbidden for a paid track the caller does not own', async () => {
		const user = await createUser(server.url);
		const paid = await freeTrack({ priceVnd: '15000' });
		const res = await download(paid, user);
		expect(res.status).toBe(403);
		expect(res.body.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/mua/) });
		// A sale that has ended does not make it free.
		const ended = await freeTrack({ priceVnd: '15000', salePriceVnd: '0', saleEndsAt: '2000-01-01T00:00:00Z' });
		expect((await download(ended, user)).status).toBe(403);
		expect(await usedNow(user)).toBe(0);
	});

	it('refuses cross-site requests (same-origin check)', async () => {
		const user = await createUser(server.url);
		const res = await download(await freeTrack(), user, { origin: 'https://evil.example' });
		expect(res.status).toBe(403);
		expect(await usedNow(user)).toBe(0);
	});

	it('grants a free track for one quota unit, logs it, and the signed URL returns the file', async () => {
		const user = await createUser(server.url);
		const id = await freeTrack();
		const before = (await serverNow(server.url)).getTime();
		const res = await download(id, user);
		expect(res.status).toBe(200);
		expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'logId', 'signedUrl']);
		const expiresAt = Date.parse(res.body.expiresAt);
		expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 299_000);
		expect(expiresAt).toBeLessThanOrEqual(before + 302_000);
		expect(res.headers.get('ratelimit-limit')).toBe('30');
		expect(res.headers.get('ratelimit-remaining')).toBe('29');

		const file = await fetch(res.body.signedUrl);
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('audio/wav');
		expect(file.headers.get('content-length')).toBe(String(song.bytes.byteLength));
		expect(file.headers.get('content-disposition')).toBe(
			`attachment; filename="Bai hat Que huong.wav"; filename*=UTF-8''B%C3%A0i%20h%C3%A1t%20Qu%C3%AA%20h%C6%B0%C6%A1ng.wav`
		);
		expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(song.bytes))).toBe(true);

		expect(await usedNow(user)).toBe(1);
		const logs = await logsOf(user);
		expect(logs).toEqual([{ product_id: id, reason: 'free', quota_used: true }]);
		const [entry] = await sql<{ id: string }>(server.url, 'SELECT id FROM music_download_logs WHERE user_id = $1', [user.userId]);
		expect(res.body.logId).toBe(entry!.id);
	});

	it('treats a running sale or flash sale at 0 đ as a free track', async () => {
		const user = await createUser(server.url);
		const onSale = await freeTrack({ priceVnd: '20000', salePriceVnd: '0' });
		expect((await download(onSale, user)).status).toBe(200);
		const flash = await freeTrack({ priceVnd: '20000' });
		await sql(
			server.url,
			`INSERT INTO flash_sales (product_id, starts_at, ends_at, sale_price_vnd) VALUES ($1, $2, $3, 0)`,
			[flash, new Date(Date.now() - 86_400_000 * 400).toISOString(), new Date(Date.now() + 86_400_000 * 400).toISOString()]
		);
		expect((await download(flash, user)).status).toBe(200);
		expect(await usedNow(user)).toBe(2);
	});

	it('lets owners download without using quota, even when the quota is spent or the track unpublished', async () => {
		const user = await createUser(server.url);
		const window = vietnamMonthWindow(await serverNow(server.url));
		await setUsed(server.url, user.userId, window.start.toISOString(), 10);
		const paid = await freeTrack({ priceVnd: '25000' });
		await grantOwnership(server.url, user.userId, paid);
		const res = await download(paid, user);
		expect(res.status).toBe(200);
		const file = await fetch(res.body.signedUrl);
		expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(song.bytes))).toBe(true);

		const hidden = await freeTrack({ priceVnd: '25000', isPublished: false });
		await grantOwnership(server.url, user.userId, hidden);
		expect((await download(hidden, user)).status).toBe(200);

		expect(await usedNow(user)).toBe(10);
		expect((await logsOf(user)).map((l) => [l.reason, l.quota_used])).toEqual([
			['owned', false],
			['owned', false]
		]);
	});

	it('answers 429 quota_exceeded with used, limit and resetsAt once the monthly quota is spent', async () => {
		const user = await createUser(server.url);
		const id = await freeTrack();
		for (let i = 0; i < 10; i++) expect((await download(id, user)).status).toBe(200);
		const res = await download(id, user);
		expect(res.status).toBe(429);
		const window = vietnamMonthWindow(await serverNow(server.url));
		expect(res.body.error).toMatchObject({
			code: 'quota_exceeded',
			message: expect.stringMatching(/hết 10 lượt tải/),
			used: 10,
			limit: 10,
			resetsAt: window.end.toISOString()
		});
		expect(await usedNow(user)).toBe(10);
		expect(await logsOf(user)).toHaveLength(10);
	});

	it('never limits VIP members, and still counts their downloads', async () => {
		const vip = await createUser(server.url, { isVip: true });
		const window = vietnamMonthWindow(await serverNow(server.url));
		await setUsed(server.url, vip.userId, window.start.toISOString(), 500);
		const res = await download(await freeTrack(), vip);
		expect(res.status).toBe(200);
		expect((await quota(vip)).body).toMatchObject({ isVip: true, used: 501, limit: 'unlimited' });
	});

	it('answers 503 and uses no quota when the file is missing or storage fails', async () => {
		const user = await createUser(server.url);
		const notStored = await createProduct(server.url, { priceVnd: '0' }); // key set, bytes never stored
		const noFile = await createProduct(server.url, { priceVnd: '0', fileKey: null });
		for (const id of [notStored, noFile]) {
			const res = await download(id, user);
			expect(res.status).toBe(503);
			expect(res.body.error).toMatchObject({ code: 'service_unavailable', message: expect.any(String) });
		}
		const id = await freeTrack();
		try {
			await setStorageFault(server.url, 'head');
			expect((await download(id, user)).status).toBe(503);
			// Signing fails after the unit was taken inside the transaction: it must come back.
			await setStorageFault(server.url, 'sign');
			const res = await download(id, user);
			expect(res.status).toBe(503);
			expect(res.body.error.code).toBe('service_unavailable');
		} finally {
			await setStorageFault(server.url, 'none');
		}
		expect(await usedNow(user)).toBe(0);
		expect(await logsOf(user)).toHaveLength(0);
		expect((await download(id, user)).status).toBe(200);
		expect(await usedNow(user)).toBe(1);
	});
});

describe('signed file links (FsStorage)', () => {
	let url: URL;
	beforeAll(async () => {
		const user = await createUser(server.url);
		url = new URL((await download(await freeTrack(), user)).body.signedUrl);
	});

	const variant = (change: (u: URL) => void) => {
		const u = new URL(url);
		change(u);
		return fetch(u);
	};

	it('serves the link as issued', async () => {
		expect(url.pathname).toMatch(/^\/files\/products\/[0-9a-f-]{36}\/bai-hat\.wav$/);
		expect((await fetch(url)).status).toBe(200);
	});

	it('answers 403 to a tampered signature, key, name or expiry', async () => {
		const sig = url.searchParams.get('sig')!;
		const tampered = [
			(u: URL) => u.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)),
			(u: URL) => u.searchParams.delete('sig'),
			(u: URL) => (u.pathname = u.pathname.replace('bai-hat', 'bai-hat-2')),
			(u: URL) => u.searchParams.set('n', 'Khác.wav'),
			(u: URL) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 86_400))
		];
		for (const change of tampered) {
			const res = await variant(change);
			expect(res.status).toBe(403);
			expect((await res.json()).error.code).toBe('forbidden');
		}
	});

	it('cannot be turned into a path out of the files directory', async () => {
		for (const path of ['/files/..%2f..%2fdev-secrets.json', '/files/%2e%2e/%2e%2e/dev-secrets.json', '/files/products/..%5c..%5cdev-secrets.json']) {
			const res = await variant((u) => (u.pathname = path));
			expect([403, 404]).toContain(res.status);
			expect(await res.text()).not.toContain('signingSecret');
		}
	});

	it('answers a malformed path (400) and other methods (405 with Allow) in the JSON envelope, not an HTML page', async () => {
		// Found while adding /files to the fuzz suite: both came back as SvelteKit's HTML page or plain text.
		const malformed = await fetch(`${server.url}/files/products/%E0%A4%A?exp=1&n=x&sig=y`);
		expect(malformed.status).toBe(400);
		expect(malformed.headers.get('content-type')).toMatch(/^application\/json/);
		expect((await malformed.json()).error.code).toBe('validation_error');
		const post = await fetch(url, { method: 'POST' });
		expect(post.status).toBe(405);
		expect(post.headers.get('allow')).toBe('GET, HEAD, PUT');
		expect((await post.json()).error.code).toBe('method_not_allowed');
	});

	it('answers 403 once the link has expired', async () => {
		await advanceClock(server.url, 301_000);
		const res = await fetch(url);
		expect(res.status).toBe(403);
		expect((await res.json()).error.message).toMatch(/hết hạn/);
	});
});

describe('quota window reset', () => {
	it('starts a fresh window at 00:00 on the 1st, Vietnam time', async () => {
		const window = vietnamMonthWindow(await serverNow(server.url));
		await advanceClock(server.url, window.end.getTime() - (await serverNow(server.url)).getTime() - 30_000);
		const user = await createUser(server.url);
		await setUsed(server.url, user.userId, window.start.toISOString(), 10);
		const id = await freeTrack();
		const refused = await download(id, user);
		expect(refused.status).toBe(429);
		expect(refused.body.error.resetsAt).toBe(window.end.toISOString());

		await advanceClock(server.url, 31_000);
		const next = vietnamMonthWindow(await serverNow(server.url));
		expect(next.start.toISOString()).toBe(window.end.toISOString());
		expect((await download(id, user)).status).toBe(200);
		expect((await quota(user)).body).toMatchObject({ used: 1, limit: 10, resetsAt: next.end.toISOString() });
	});
});

describe('unexpected failures', () => {
	it('answer 500 internal: legacy shape on the quota route, standard envelope on downloads', async () => {
		const user = await createUser(server.url);
		const id = await freeTrack();
		await sql(server.url, 'ALTER TABLE music_quota_usage RENAME TO music_quota_usage_hidden');
		try {
			const q = await quota(user);
			expect(q.status).toBe(500);
			expect(q.body).toEqual({ code: 'internal', message: expect.any(String) });
			const d = await download(id, user);
			expect(d.status).toBe(500);
			expect(d.body.error.code).toBe('internal');
			expect(d.text).not.toContain('music_quota_usage');
		} finally {
			await sql(server.url, 'ALTER TABLE music_quota_usage_hidden RENAME TO music_quota_usage');
		}
	});
});

describe('music service disabled by configuration', () => {
	let off: TestServer;
	beforeAll(async () => {
		off = await startServer({ env: { MUSIC_ENABLED: 'false' } });
	});
	afterAll(async () => {
		await off?.stop();
	});

	it('answers 503: legacy shape on the quota route, standard envelope on downloads', async () => {
		const user = await createUser(off.url);
		const q = await request(off.url, '/api/v1/music/quota', { headers: { cookie: user.cookie } });
		expect(q.status).toBe(503);
		expect(q.body).toEqual({ code: 'service_unavailable', message: expect.stringMatching(/tạm ngừng/) });
		const d = await request(off.url, '/api/v1/music/00000000-0000-4000-8000-000000000000/download', {
			method: 'POST',
			headers: { cookie: user.cookie }
		});
		expect(d.status).toBe(503);
		expect(d.body.error.code).toBe('service_unavailable');
	});
});
