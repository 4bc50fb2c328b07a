/**
 * Security properties over real HTTP: session cookies that were tampered
 * with, replayed after sign-out or signed by another server; signed file
 * links that were changed or have expired; same-origin bypass attempts;
 * account enumeration by status, body and timing; access to what another
 * user owns (paid music, top-ups, orders, ledger rows); gift-code guessing.
 *
 * Checks on endpoints that are still being built switch on by themselves
 * once the endpoint appears in docs/openapi.json (which CI keeps equal to the
 * live /openapi.json), and are written against the contract
 * (interface-spec.md), not against an implementation.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest, type RawResponse } from '../helpers/fuzz/raw-http';
import { advanceClock, clearOfWindowEdge, createUser, QUARTER_HOUR_WINDOW, request, sql, type TestUser } from '../helpers/http';
import { createProduct, grantOwnership, serverNow, storeFile } from '../helpers/music-fixtures';
import { startServer, type TestServer } from '../helpers/server';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';

const documented = new Set(
	Object.entries(JSON.parse(readFileSync('docs/openapi.json', 'utf8')).paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
		Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)
	)
);
const has = (...ops: string[]) => ops.every((op) => documented.has(op));

/** Server B's secrets are known here, so tests can sign for it on purpose. */
const OTHER_AUTH_SECRET = randomBytes(32).toString('base64url');
const OTHER_SIGNING_SECRET = randomBytes(32).toString('base64url');

let server: TestServer;
let other: TestServer;
const song = sampleFile('MUSIC', 'Bài hát Quê hương');

beforeAll(async () => {
	[server, other] = await Promise.all([
		startServer(),
		startServer({ env: { AUTH_SECRET: OTHER_AUTH_SECRET, SIGNING_SECRET: OTHER_SIGNING_SECRET } })
	]);
});
afterAll(async () => {
	await Promise.all([server?.stop(), other?.stop()]);
});
beforeEach(async () => {
	await request(server.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
	await request(server.url, '/api/internal/test/clock-reset', { method: 'POST' });
});

const quota = (cookie?: string, base = server.url) => request(base, '/api/v1/music/quota', { headers: cookie ? { cookie } : {} });
const whoami = (cookie: string) => request(server.url, '/api/auth/session', { headers: { cookie } });
const post = (path: string, json: unknown, headers: Record<string, string> = {}, base = server.url) =>
	request(base, path, { method: 'POST', json, headers });

function cookieValue(cookie: string): string {
	return cookie.slice(cookie.indexOf('=') + 1);
}

function signSession(token: string, secret: string): string {
	return `${token}.${createHmac('sha256', secret).update(`session\n${token}`).digest('base64url')}`;
}

function flip(s: string, i: number): string {
	return s.slice(0, i) + (s[i] === 'a' ? 'b' : 'a') + s.slice(i + 1);
}

function clearsSessionCookie(res: { headers: Headers }): boolean {
	return res.headers.getSetCookie().some((c) => /^auth\.session_data=;/.test(c) && /max-age=0/i.test(c));
}

describe('session cookies', () => {
	it('refuse every tampered form with 401 and clear it, while the genuine cookie keeps working', async () => {
		const user = await createUser(server.url);
		const someoneElse = await createUser(server.url);
		const value = cookieValue(user.cookie);
		const [token, mac] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
		const otherMac = cookieValue(someoneElse.cookie).split('.').at(-1)!;
		const forms = [
			`${flip(token, 0)}.${mac}`,
			`${flip(token, token.length - 1)}.${mac}`,
			`${token}.${flip(mac, 0)}`,
			`${token}.${mac.slice(0, -1)}`,
			`${token}.${otherMac}`,
			`${token}.`,
			token,
			`.${mac}`,
			`${mac}.${token}`,
			`${token}.${mac}.x`,
			`${token.toUpperCase()}.${mac}`,
			`${token} .${mac}`,
			`${token}.${Buffer.from(mac, 'base64url').toString('base64')}`,
			''
		];
		for (const form of forms) {
			const res = await quota(`auth.session_data=${form}`);
			expect(res.status, form).toBe(401);
			expect(res.body).toEqual({ code: 'unauthorized', message: expect.any(String) });
			if (form !== '') expect(clearsSessionCookie(res), form).toBe(true);
		}
		// A differently-cased cookie name is not the session cookie at all.
		expect((await quota(`AUTH.SESSION_DATA=${value}`)).status).toBe(401);
		expect((await quota(user.cookie)).status).toBe(200);
	});

	it('refuse a cookie replayed after sign-out (401), on every route that takes a session', async () => {
		const user = await createUser(server.url);
		expect((await quota(user.cookie)).status).toBe(200);
		const out = await post('/api/auth/sign-out', {}, { cookie: user.cookie });
		expect(out.status).toBe(200);
		expect(clearsSessionCookie(out)).toBe(true);

		const replay = await quota(user.cookie);
		expect(replay.status).toBe(401);
		expect(replay.body.code).toBe('unauthorized');
		expect((await whoami(user.cookie)).body).toBeNull();
		const download = await post(`/api/v1/music/${randomUUID()}/download`, {}, { cookie: user.cookie });
		expect(download.status).toBe(401);
		expect(download.body.error.code).toBe('unauthenticated');
		// Signing out again with the dead cookie changes nothing and reveals nothing.
		expect((await post('/api/auth/sign-out', {}, { cookie: user.cookie })).status).toBe(200);
		expect((await quota(user.cookie)).status).toBe(401);
	});

	it('refuse a cookie signed with another server\'s secret, even where its session exists', async () => {
		const user = await createUser(server.url);
		const token = cookieValue(user.cookie).slice(0, cookieValue(user.cookie).lastIndexOf('.'));
		// Give server B the very same session (by its hash), so only the signature differs.
		const email = `b-${randomUUID()}@test.hoclieu.vn`;
		const [row] = await sql<{ id: string }>(other.url, 'INSERT INTO users (email, name) VALUES ($1, $2) RETURNING id', [email, 'Cô Lan']);
		await sql(other.url, `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '20 days')`, [
			createHash('sha256').update(token).digest('hex'),
			row!.id
		]);

		const foreign = await quota(user.cookie, other.url);
		expect(foreign.status).toBe(401);
		expect(foreign.body.code).toBe('unauthorized');
		// Control: the same token signed with B's own secret is a valid session on B.
		const resigned = await quota(`auth.session_data=${signSession(token, OTHER_AUTH_SECRET)}`, other.url);
		expect(resigned.status).toBe(200);
		// And B's signature means nothing to A.
		expect((await quota(`auth.session_data=${signSession(token, OTHER_AUTH_SECRET)}`)).status).toBe(401);
	});
});

describe('signed file links (/files)', () => {
	let owner: TestUser;
	let first: URL;
	let second: URL;

	async function linkFor(title: string): Promise<URL> {
		const id = await createProduct(server.url, { priceVnd: '0', title });
		const [row] = await sql<{ file_key: string }>(server.url, 'SELECT file_key FROM products WHERE id = $1', [id]);
		await storeFile(server.url, row!.file_key, song.bytes, song.contentType);
		const res = await post(`/api/v1/music/${id}/download`, {}, { cookie: owner.cookie });
		expect(res.status, res.text).toBe(200);
		return new URL(res.body.signedUrl);
	}

	beforeAll(async () => {
		owner = await createUser(server.url);
		first = await linkFor('Bài hát thứ nhất');
		second = await linkFor('Bài hát thứ hai');
	});

	const fetchPath = (pathAndQuery: string) => rawRequest(server.url, { method: 'GET', path: pathAndQuery });
	const withQuery = (u: URL, query: string) => `${u.pathname}?${query}`;

	function expectForbidden(res: RawResponse, what: string) {
		expect(res.status, what).toBe(403);
		expect((res.json as any)?.error?.code, what).toBe('forbidden');
		expect(res.text).not.toContain('RIFF'); // no WAV bytes
	}

	it('refuse a signature, expiry or name moved from another link', async () => {
		const q1 = first.searchParams;
		const q2 = second.searchParams;
		const mix = (over: Record<string, string>) => {
			const q = new URLSearchParams(q1);
			for (const [k, v] of Object.entries(over)) q.set(k, v);
			return withQuery(first, q.toString());
		};
		expectForbidden(await fetchPath(mix({ sig: q2.get('sig')! })), 'signature of another key');
		expectForbidden(await fetchPath(mix({ sig: q2.get('sig')!, n: q2.get('n')! })), 'signature and name of another key');
		expectForbidden(await fetchPath(mix({ sig: q2.get('sig')!, n: q2.get('n')!, exp: q2.get('exp')! })), 'every parameter of another key');
		expectForbidden(await fetchPath(withQuery(second, q1.toString())), 'first link query on the second key');
		expect((await fetchPath(withQuery(first, q1.toString()))).status).toBe(200);
	});

	it('cannot be extended by duplicated or malformed parameters, and never answer 500', async () => {
		const q = first.searchParams;
		const base = `exp=${q.get('exp')}&n=${encodeURIComponent(q.get('n')!)}&sig=${q.get('sig')}`;
		expectForbidden(await fetchPath(withQuery(first, `exp=9999999999&${base}`)), 'a later expiry in front');
		for (const exp of ['', '-1', '1e10', '0x10', ' 1', '99999999999999999999', `${q.get('exp')}.0`, `0${q.get('exp')}`]) {
			const query = new URLSearchParams(q);
			query.set('exp', exp);
			expectForbidden(await fetchPath(withQuery(first, query.toString())), `exp=${exp}`);
		}
		for (const sig of ['', '%', '%00', 'x'.repeat(5_000), q.get('sig')!.toUpperCase()]) {
			expectForbidden(await fetchPath(withQuery(first, `exp=${q.get('exp')}&n=${encodeURIComponent(q.get('n')!)}&sig=${sig}`)), `sig=${sig.slice(0, 10)}`);
		}
	});

	it('are refused by a server with another signing secret, even for the same stored key', async () => {
		await storeFile(other.url, first.pathname.slice('/files/'.length), song.bytes, song.contentType);
		const res = await rawRequest(other.url, { method: 'GET', path: `${first.pathname}${first.search}` });
		expectForbidden(res, 'foreign signature');
	});

	it('work until their expiry and are refused from that second on', async () => {
		const link = await linkFor('Bài hát hết hạn');
		const exp = Number(link.searchParams.get('exp')) * 1000;
		const now = (await serverNow(server.url)).getTime();
		await advanceClock(server.url, exp - now - 1_000);
		expect((await fetchPath(`${link.pathname}${link.search}`)).status).toBe(200);
		await advanceClock(server.url, 1_000);
		const expired = await fetchPath(`${link.pathname}${link.search}`);
		expectForbidden(expired, 'expired');
		expect((expired.json as any).error.message).toMatch(/hết hạn/);
	});
});

describe('same-origin check on mutations', () => {
	const attempts = (own: string): [string, Record<string, string | string[]>][] => {
		const u = new URL(own);
		const port = Number(u.port);
		return [
			['Origin: null', { origin: 'null' }],
			['another port', { origin: `http://127.0.0.1:${port + 1}` }],
			['another scheme', { origin: `https://127.0.0.1:${port}` }],
			['localhost instead of the address', { origin: `http://localhost:${port}` }],
			['upper-case scheme and host', { origin: own.toUpperCase() }],
			['trailing dot', { origin: `http://127.0.0.1.:${port}` }],
			['trailing slash', { origin: `${own}/` }],
			['userinfo', { origin: `http://127.0.0.1:${port}@evil.example` }],
			['own origin as a prefix', { origin: `${own}.evil.example` }],
			['a list of origins', { origin: `${own}, https://evil.example` }],
			['two Origin headers', { origin: [own, 'https://evil.example'] }],
			['Sec-Fetch-Site: cross-site, no Origin', { 'sec-fetch-site': 'cross-site' }],
			['Sec-Fetch-Site: same-site, no Origin', { 'sec-fetch-site': 'same-site' }],
			['Sec-Fetch-Site in capitals', { 'sec-fetch-site': 'CROSS-SITE' }],
			['Sec-Fetch-Site: Same-Origin (wrong case)', { 'sec-fetch-site': 'Same-Origin' }],
			['Referer of the site but foreign Origin', { origin: 'https://evil.example', referer: `${own}/` }],
			['X-Forwarded-Host of the site', { origin: 'https://evil.example', 'x-forwarded-host': u.host }],
			['Host header matching the foreign Origin', { origin: 'http://evil.example', host: 'evil.example' }]
		];
	};

	it('refuses every bypass attempt with 403 forbidden and no side effect', async () => {
		const user = await createUser(server.url);
		const track = await createProduct(server.url, { priceVnd: '0' });
		const [row] = await sql<{ file_key: string }>(server.url, 'SELECT file_key FROM products WHERE id = $1', [track]);
		await storeFile(server.url, row!.file_key, song.bytes, song.contentType);
		const targets = [
			{ path: `/api/v1/music/${track}/download`, body: {} },
			{ path: '/api/auth/sign-out', body: {} },
			{ path: '/api/auth/sign-in/email', body: { email: user.email, password: 'không quan trọng' } }
		];
		for (const [what, headers] of attempts(server.url)) {
			for (const target of targets) {
				const res = await rawRequest(server.url, {
					method: 'POST',
					path: target.path,
					headers: { ...headers, cookie: user.cookie, 'content-type': 'application/json' },
					body: Buffer.from(JSON.stringify(target.body))
				});
				expect(res.status, `${what} → ${target.path}: ${res.text}`).toBe(403);
				expect((res.json as any).error.code).toBe('forbidden');
			}
		}
		// Nothing happened: no quota used, no download logged, still signed in.
		expect((await quota(user.cookie)).body.used).toBe(0);
		expect(await sql(server.url, 'SELECT 1 FROM music_download_logs WHERE user_id = $1', [user.userId])).toEqual([]);
		expect((await whoami(user.cookie)).body?.user.id).toBe(user.userId);

		// Control: the site itself and clients without browser headers get through.
		expect((await post(`/api/v1/music/${track}/download`, {}, { cookie: user.cookie, origin: server.url })).status).toBe(200);
		expect((await post(`/api/v1/music/${track}/download`, {}, { cookie: user.cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
		expect((await post(`/api/v1/music/${track}/download`, {}, { cookie: user.cookie })).status).toBe(200);
	});
});

describe('account enumeration', () => {
	/** Same request id on both calls, so the envelopes' `trace` is equal too and bodies can be compared byte for byte. */
	const probe = (path: string, json: unknown, requestId: string) => post(path, json, { 'x-request-id': requestId });
	const fresh = () => `gv-${randomUUID().slice(0, 12)}@truong.edu.vn`;
	const PASSWORD = 'Mật khẩu thật dài của cô Lan';

	async function account(): Promise<string> {
		const email = fresh();
		const res = await post('/api/auth/sign-up/email', { email, password: PASSWORD });
		expect(res.status, res.text).toBe(200);
		return email;
	}

	it.each([
		['/api/auth/sign-in/email', (email: string) => ({ email, password: 'không phải mật khẩu' })],
		['/api/auth/sign-in/email-otp', (email: string) => ({ email })],
		['/api/auth/sign-in/magic-link', (email: string) => ({ email })],
		['/api/auth/forget-password', (email: string) => ({ email })],
		['/api/internal/auth/otp/send', (email: string) => ({ email })],
		['/api/internal/auth/magic', (email: string) => ({ email })]
	])('%s answers an existing and an unknown address with the same status and the same bytes', async (path, body) => {
		const known = await account();
		const id = `enum-${randomUUID()}`;
		const a = await probe(path, body(known), id);
		const b = await probe(path, body(fresh()), id);
		expect(a.status).toBe(b.status);
		expect(a.text).toBe(b.text);
		expect(a.headers.get('content-type')).toBe(b.headers.get('content-type'));
		expect(a.headers.getSetCookie()).toEqual(b.headers.getSetCookie());
	});

	function median(xs: number[]): number {
		const s = [...xs].sort((x, y) => x - y);
		return s[Math.floor(s.length / 2)]!;
	}

	it.each([
		['/api/auth/sign-in/email', (email: string, i: number) => ({ email, password: `sai lần thứ ${i}` })],
		['/api/auth/forget-password', (email: string) => ({ email })],
		['/api/auth/sign-in/magic-link', (email: string) => ({ email })],
		['/api/auth/sign-in/email-otp', (email: string) => ({ email })]
	])('%s takes about as long for an existing address as for an unknown one', { timeout: 60_000 }, async (path, body) => {
		// Fresh addresses each round keep per-address limits out of the way; the ratio is loose on purpose.
		const known: number[] = [];
		const unknown: number[] = [];
		for (let i = 0; i < 11; i++) {
			const email = await account();
			await request(server.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
			const order = i % 2 === 0 ? [true, false] : [false, true];
			for (const existing of order) {
				const started = performance.now();
				const res = await post(path, body(existing ? email : fresh(), i));
				const ms = performance.now() - started;
				expect(res.status).toBeLessThan(500);
				(existing ? known : unknown).push(ms);
			}
		}
		const ratio = median(known) / median(unknown);
		expect(ratio, `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`).toBeGreaterThan(1 / 3);
		expect(ratio, `known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`).toBeLessThan(3);
	});
});

describe('what another user owns', () => {
	it('a paid track the caller did not buy: 403, no URL, no quota; its owner downloads it', async () => {
		const buyer = await createUser(server.url);
		const stranger = await createUser(server.url);
		const track = await createProduct(server.url, { priceVnd: '15000' });
		const [row] = await sql<{ file_key: string }>(server.url, 'SELECT file_key FROM products WHERE id = $1', [track]);
		await storeFile(server.url, row!.file_key, song.bytes, song.contentType);
		await grantOwnership(server.url, buyer.userId, track);

		const refused = await post(`/api/v1/music/${track}/download`, {}, { cookie: stranger.cookie });
		expect(refused.status).toBe(403);
		expect(refused.body.error.code).toBe('forbidden');
		expect(refused.text).not.toMatch(/signedUrl|\/files\//);
		expect((await quota(stranger.cookie)).body.used).toBe(0);
		// Knowing the file key does not help: there is no link without a signature.
		const guess = await rawRequest(server.url, { method: 'GET', path: `/files/${row!.file_key}` });
		expect(guess.status).toBe(403);

		const allowed = await post(`/api/v1/music/${track}/download`, {}, { cookie: buyer.cookie });
		expect(allowed.status).toBe(200);
		expect((await rawRequest(server.url, { method: 'GET', path: new URL(allowed.body.signedUrl).pathname + new URL(allowed.body.signedUrl).search })).status).toBe(200);
	});

	it.skipIf(!has('GET /api/v1/topup/denominations', 'POST /api/v1/topup/orders', 'GET /api/v1/topup/orders/{id}'))(
		"another user's top-up order: 404, byte-identical to an unknown id",
		async () => {
			const owner = await createUser(server.url);
			const intruder = await createUser(server.url);
			const denominations = await request(server.url, '/api/v1/topup/denominations');
			expect(denominations.status).toBe(200);
			expect(denominations.body.data.length, 'no active denomination to top up with').toBeGreaterThan(0);
			const created = await post('/api/v1/topup/orders', { denominationId: denominations.body.data[0].id }, { cookie: owner.cookie });
			expect(created.status, created.text).toBe(200);
			const id: string = created.body.data.id;

			expect((await request(server.url, `/api/v1/topup/orders/${id}`, { headers: { cookie: owner.cookie } })).status).toBe(200);
			const rid = `idor-${randomUUID()}`;
			const theirs = await request(server.url, `/api/v1/topup/orders/${id}`, { headers: { cookie: intruder.cookie, 'x-request-id': rid } });
			const unknown = await request(server.url, `/api/v1/topup/orders/${randomUUID()}`, { headers: { cookie: intruder.cookie, 'x-request-id': rid } });
			expect(theirs.status).toBe(404);
			expect(theirs.body.error.code).toBe('not_found');
			expect(theirs.text).toBe(unknown.text);
			expect(theirs.text).not.toContain(id);
			expect((await request(server.url, `/api/v1/topup/orders/${id}`)).status).toBe(401);
		}
	);

	it.skipIf(!has('POST /api/v1/checkout', 'GET /api/v1/checkout/{orderId}', 'GET /api/v1/checkout'))(
		"another user's order: 404 byte-identical to an unknown id, absent from their list; the order-access cookie opens only its own order",
		async () => {
			const owner = await createUser(server.url);
			const intruder = await createUser(server.url);
			const product = await createProduct(server.url, { type: 'LESSON_PLAN', priceVnd: '49000', title: 'Giáo án Toán lớp 1' });
			const created = await post('/api/v1/checkout', { productId: product, paymentMethod: 'qr_direct' }, { cookie: owner.cookie });
			expect(created.status, created.text).toBe(200);
			const id: string = created.body.data.id;
			const access = created.headers.getSetCookie().find((c) => c.startsWith(`order_access_${id}=`));
			expect(access, 'order_access cookie').toBeDefined();
			const accessPair = access!.split(';')[0]!;

			expect((await request(server.url, `/api/v1/checkout/${id}`, { headers: { cookie: owner.cookie } })).status).toBe(200);
			const rid = `idor-${randomUUID()}`;
			const poll = (orderId: string, cookie?: string) =>
				request(server.url, `/api/v1/checkout/${orderId}`, { headers: { 'x-request-id': rid, ...(cookie ? { cookie } : {}) } });
			const theirs = await poll(id, intruder.cookie);
			const unknown = await poll(randomUUID(), intruder.cookie);
			expect(theirs.status).toBe(404);
			expect(theirs.body.error.code).toBe('not_found');
			expect(theirs.text).toBe(unknown.text);
			expect((await poll(id)).text).toBe((await poll(randomUUID())).text);

			const list = await request(server.url, '/api/v1/checkout', { headers: { cookie: intruder.cookie } });
			expect(list.status).toBe(200);
			expect(list.body.data.map((o: { id: string }) => o.id)).not.toContain(id);

			// The access cookie alone opens its order (a guest's way of polling) …
			expect((await poll(id, accessPair)).status).toBe(200);
			// … but not another order, not under another order's name, and not once changed.
			const second = await post('/api/v1/checkout', { productId: await createProduct(server.url, { type: 'SLIDE', priceVnd: '29000' }), paymentMethod: 'qr_direct' }, { cookie: intruder.cookie });
			expect(second.status, second.text).toBe(200);
			const otherId: string = second.body.data.id;
			const value = accessPair.slice(accessPair.indexOf('=') + 1);
			expect((await poll(otherId, accessPair)).status).toBe(404);
			expect((await poll(otherId, `order_access_${otherId}=${value}`)).status).toBe(404);
			expect((await poll(id, `order_access_${id}=${flip(value, value.length - 1)}`)).status).toBe(404);
		}
	);

	it.skipIf(!has('GET /api/v1/wallet/ledger', 'GET /api/v1/wallet/balance'))(
		"the ledger shows only the caller's own rows, and another user's cursor reveals nothing",
		async () => {
			const owner = await createUser(server.url);
			const intruder = await createUser(server.url);
			// Credits through the wallet's test hook (TEST_HOOKS only), 25 rows so the owner's ledger has a second page.
			for (let i = 0; i < 25; i++) {
				const res = await post('/api/v1/_test/wallet/credit', { userId: owner.userId, amount: '1000', pocket: 'main', entryType: 'ADJUSTMENT', refId: randomUUID() });
				expect(res.status, res.text).toBe(200);
			}
			const mine = await request(server.url, '/api/v1/wallet/ledger?pageSize=10', { headers: { cookie: owner.cookie } });
			expect(mine.status).toBe(200);
			expect(mine.body.data).toHaveLength(10);
			expect(mine.body.hasMore).toBe(true);

			const theirs = await request(server.url, '/api/v1/wallet/ledger', { headers: { cookie: intruder.cookie } });
			expect(theirs.status).toBe(200);
			expect(theirs.body.data).toEqual([]);
			expect((await request(server.url, '/api/v1/wallet/balance', { headers: { cookie: intruder.cookie } })).body.data.total).toBe('0');

			const stolen = await request(server.url, `/api/v1/wallet/ledger?cursor=${encodeURIComponent(mine.body.nextCursor)}`, { headers: { cookie: intruder.cookie } });
			expect([200, 400]).toContain(stolen.status);
			if (stolen.status === 200) expect(stolen.body.data).toEqual([]);
			else expect(stolen.body.error.code).toBe('validation_error');
			expect((await request(server.url, '/api/v1/wallet/ledger')).status).toBe(401);
		}
	);

	it.skipIf(!has('POST /api/v1/giftcode/redeem'))('a burst of 50 simultaneous wrong gift codes from one account gets exactly the 5 tries a sequence would', async () => {
		await request(server.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW, 5_000);
		const guesser = await createUser(server.url);
		const results = await Promise.all(
			Array.from({ length: 50 }, () => post('/api/v1/giftcode/redeem', { code: `DOAN-${randomBytes(6).toString('hex').toUpperCase()}` }, { cookie: guesser.cookie }))
		);
		const byStatus = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
		// GIFTCODE_FAILURE_LIMIT is 5 by default: five are judged (and fail), every other one is refused unjudged.
		expect(byStatus).toEqual({ 404: 5, 429: 45 });
		await request(server.url, '/api/internal/test/ratelimit-reset', { method: 'POST' });
	});

	it.skipIf(!has('POST /api/v1/giftcode/redeem'))('gift-code guessing is stopped by the limiter: 429 with Retry-After after a handful of failures', async () => {
		await clearOfWindowEdge(server.url, QUARTER_HOUR_WINDOW);
		const guesser = await createUser(server.url);
		const redeem = (user: TestUser) => post('/api/v1/giftcode/redeem', { code: `DOAN-${randomBytes(6).toString('hex').toUpperCase()}` }, { cookie: user.cookie });
		let failures = 0;
		let blocked: Awaited<ReturnType<typeof redeem>> | undefined;
		for (let i = 0; i < 20 && !blocked; i++) {
			const res = await redeem(guesser);
			if (res.status === 429) blocked = res;
			else {
				expect(res.status, res.text).toBe(404);
				expect(res.body.error.code).toBe('not_found');
				failures++;
			}
		}
		expect(blocked, 'no 429 after 20 wrong codes').toBeDefined();
		expect(failures).toBeGreaterThanOrEqual(3);
		expect(failures).toBeLessThanOrEqual(10);
		expect(blocked!.body.error.code).toBe('rate_limited');
		expect(Number(blocked!.headers.get('retry-after'))).toBeGreaterThan(0);
		// Still blocked on the next try, and a fresh account from the same address does not get a new budget.
		expect((await redeem(guesser)).status).toBe(429);
		const accomplice = await createUser(server.url);
		let accompliceTries = 0;
		while (accompliceTries < 10 && (await redeem(accomplice)).status !== 429) accompliceTries++;
		expect(accompliceTries).toBeLessThan(10);
	});
});
