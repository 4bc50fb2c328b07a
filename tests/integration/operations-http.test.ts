/**
 * Issue 14, items 3 and 7, on the built server: the security headers on a
 * page, an API route, a discovery document and a signed file download (HSTS
 * only in production); gzip/brotli that decode to the very bytes of the
 * uncompressed answer; the Prometheus /metrics endpoint behind its token,
 * parsed with a real text-format parser; request ids on log lines.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import parsePrometheusTextFormat, { type PrometheusFamily as Family } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request, sql } from '../helpers/http';
import { createProduct, storeFile } from '../helpers/music-fixtures';
import { freePort, startServer, type TestServer } from '../helpers/server';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';

const METRICS_TOKEN = randomBytes(32).toString('base64url');

let server: TestServer;
let production: TestServer;

beforeAll(async () => {
	[server, production] = await Promise.all([
		// A fast payments sweep, so /metrics has job runs to show.
		startServer({ env: { SEED_ON_EMPTY: 'true', SEED_PRODUCTS: '30', METRICS_TOKEN, LOG_LEVEL: 'debug', PAYMENT_SWEEP_INTERVAL_MS: '250' } }),
		startServer({
			env: {
				NODE_ENV: 'production',
				TEST_HOOKS: 'false',
				AUTH_SECRET: randomBytes(32).toString('base64url'),
				SIGNING_SECRET: randomBytes(32).toString('base64url'),
				PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
				PAYMENT_BANK_BIN: '970436',
				PAYMENT_BANK_NAME: 'Vietcombank',
				PAYMENT_ACCOUNT_NUMBER: '0071000123456',
				PAYMENT_ACCOUNT_NAME: 'CONG TY HOCLIEU'
			}
		})
	]);
}, 180_000);

afterAll(async () => {
	await Promise.all([server?.stop(), production?.stop()]);
});

interface Raw {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	/** The bytes as they came over the wire (still encoded). */
	body: Buffer;
}

/** node:http, because fetch would decode the body and hide what the server sent. */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
	const url = new URL(path, base);
	return new Promise((resolve, reject) => {
		const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
			res.on('error', reject);
		});
		req.on('error', reject);
		req.end();
	});
}

function decode(res: Raw): Buffer {
	const encoding = res.headers['content-encoding'];
	if (encoding === 'br') return brotliDecompressSync(res.body);
	if (encoding === 'gzip') return gunzipSync(res.body);
	expect(encoding, 'unknown content-encoding').toBeUndefined();
	return res.body;
}

const header = (res: Raw, name: string) => res.headers[name] as string | undefined;

async function signedFileLink(base: string): Promise<string> {
	const song = sampleFile('MUSIC', 'Bài hát kiểm tra tiêu đề');
	const owner = await createUser(base);
	const id = await createProduct(base, { priceVnd: '0', title: 'Bài hát kiểm tra tiêu đề' });
	const [row] = await sql<{ file_key: string }>(base, 'SELECT file_key FROM products WHERE id = $1', [id]);
	await storeFile(base, row!.file_key, song.bytes, song.contentType);
	const res = await request(base, `/api/v1/music/${id}/download`, { method: 'POST', json: {}, headers: { cookie: owner.cookie } });
	expect(res.status, res.text).toBe(200);
	const link = new URL(res.body.signedUrl);
	return link.pathname + link.search;
}

async function homeHtml(): Promise<string> {
	const res = await raw(server.url, '/');
	expect(res.status).toBe(200);
	return res.body.toString('utf8');
}

/** `referrer`: a route that declares its own stricter policy keeps it (a signed file link carries its signature in the URL). */
function expectCommonHeaders(res: Raw, what: string, referrer = 'strict-origin-when-cross-origin') {
	expect(header(res, 'x-frame-options'), what).toBe('DENY');
	expect(header(res, 'x-content-type-options'), what).toBe('nosniff');
	expect(header(res, 'referrer-policy'), what).toBe(referrer);
	expect(header(res, 'permissions-policy'), what).toMatch(/camera=\(\).*microphone=\(\).*payment=\(\)/);
	expect(header(res, 'content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
}

describe('security headers', () => {
	it("pages get SvelteKit's nonce-based CSP, with no inline scripts allowed", async () => {
		const res = await raw(server.url, '/');
		expect(res.status).toBe(200);
		expectCommonHeaders(res, 'home page');
		const csp = header(res, 'content-security-policy')!;
		const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
		expect(scriptSrc).toContain("'self'");
		expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
		expect(scriptSrc).not.toContain('unsafe-inline');
		expect(scriptSrc).not.toContain('unsafe-eval');
		expect(csp).toContain("object-src 'none'");
		// The nonce in the header is the one on the page's inline start-up script.
		const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
		expect(res.body.toString('utf8')).toContain(`nonce="${nonce}"`);
		// Two pages, two nonces.
		const again = header(await raw(server.url, '/'), 'content-security-policy')!;
		expect(again).not.toBe(csp);
		expect(header(res, 'strict-transport-security')).toBeUndefined();
	});

	it('the JSON API, discovery documents and signed file downloads get the strict policy', async () => {
		const link = await signedFileLink(server.url);
		for (const path of ['/api/v1/catalog/categories', '/openapi.json', '/llms.txt', '/api/v1/does-not-exist', link]) {
			const res = await raw(server.url, path);
			expect(res.status, path).toBe(path.includes('does-not-exist') ? 404 : 200);
			expectCommonHeaders(res, path, path === link ? 'no-referrer' : undefined);
			expect(header(res, 'content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
			expect(header(res, 'strict-transport-security'), path).toBeUndefined();
		}
	});

	it('/api-docs/swagger allows only its own scripts (the start-up call is a served file, not inline)', async () => {
		const res = await raw(server.url, '/api-docs/swagger');
		expectCommonHeaders(res, '/api-docs/swagger');
		const csp = header(res, 'content-security-policy')!;
		expect(csp).toContain("script-src 'self'");
		expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
		const html = res.body.toString('utf8');
		expect(html).not.toMatch(/<script>/);
		const init = await raw(server.url, '/api-docs/assets/swagger-init.js');
		expect(init.status).toBe(200);
		expect(init.body.toString('utf8')).toContain('SwaggerUIBundle(');
	});

	it('production adds HSTS to pages, the API, discovery documents and file downloads', async () => {
		for (const path of ['/', '/api/v1/catalog/categories', '/openapi.json']) {
			const res = await raw(production.url, path);
			expect(res.status, path).toBe(200);
			expectCommonHeaders(res, path);
			expect(header(res, 'strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
		}
		const missing = await raw(production.url, '/files/none/x.pdf?exp=1&n=x&sig=x');
		expect(missing.status).toBe(403);
		expect(header(missing, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
		expect(header(missing, 'content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
	});
});

describe('compression', () => {
	async function expectSameBytes(path: string, minBytes: number) {
		const plain = await raw(server.url, path);
		expect(plain.status, path).toBe(200);
		expect(header(plain, 'content-encoding'), path).toBeUndefined();
		expect(plain.body.length, path).toBeGreaterThan(minBytes);
		for (const [accept, expected] of [
			['br, gzip', 'br'],
			['gzip, deflate', 'gzip'],
			['br;q=0, gzip', 'gzip'],
			['gzip;q=0, *;q=0.5', 'br']
		] as const) {
			const res = await raw(server.url, path, { 'accept-encoding': accept });
			expect(res.status, `${path} ${accept}`).toBe(200);
			expect(header(res, 'content-encoding'), `${path} ${accept}`).toBe(expected);
			expect(header(res, 'vary') ?? '', path).toMatch(/accept-encoding/i);
			expect(res.body.length, `${path} ${accept}`).toBeLessThan(plain.body.length);
			const decoded = decode(res);
			if (path === '/' || path.startsWith('/san-pham/')) {
				// Pages carry a fresh nonce and flash-sale countdowns rendered at the current second; apart from those the bytes are the same.
				const strip = (b: Buffer) =>
					b
						.toString('utf8')
						.replace(/nonce="[^"]+"/g, 'nonce=""')
						.replace(/\b\d{2}:\d{2}:\d{2}\b/g, 'hh:mm:ss');
				expect(strip(decoded), `${path} ${accept}`).toBe(strip(plain.body));
			} else {
				expect(decoded.equals(plain.body), `${path} ${accept}`).toBe(true);
			}
		}
		const refused = await raw(server.url, path, { 'accept-encoding': 'br;q=0, gzip;q=0' });
		expect(header(refused, 'content-encoding')).toBeUndefined();
		const head = await raw(server.url, path, { 'accept-encoding': 'br, gzip' }, 'HEAD');
		expect(head.body.length).toBe(0);
	}

	it('the home page, a product page and JSON decode to the uncompressed bytes', async () => {
		const html = await homeHtml();
		const product = /href="(\/san-pham\/[^"]+)"/.exec(html)?.[1];
		expect(product, 'home page links a product').toBeTruthy();
		await expectSameBytes('/', 1024);
		await expectSameBytes(product!, 1024);
		await expectSameBytes('/openapi.json', 1024);
	});

	it('the JS bundle is served precompressed, with immutable caching', async () => {
		const html = await homeHtml();
		const scripts = [...html.matchAll(/(\/_app\/immutable\/[^"']+\.js)/g)].map((m) => m[1]!);
		expect(scripts.length).toBeGreaterThan(0);
		// The largest referenced chunk, so there is something to compress.
		const sized = await Promise.all(scripts.map(async (s) => ({ s, n: (await raw(server.url, s)).body.length })));
		const biggest = sized.sort((a, b) => b.n - a.n)[0]!.s;
		const plain = await raw(server.url, biggest);
		expect(header(plain, 'cache-control')).toMatch(/immutable/);
		for (const [accept, expected] of [
			['br, gzip', 'br'],
			['gzip', 'gzip']
		] as const) {
			const res = await raw(server.url, biggest, { 'accept-encoding': accept });
			expect(header(res, 'content-encoding'), accept).toBe(expected);
			expect(header(res, 'cache-control')).toMatch(/immutable/);
			expect(decode(res).equals(plain.body), accept).toBe(true);
		}
	});

	it('is never applied to small bodies, file downloads or ranges', async () => {
		const small = await raw(server.url, '/api/v1/does-not-exist', { 'accept-encoding': 'br, gzip' });
		expect(small.body.length).toBeLessThan(1024);
		expect(header(small, 'content-encoding')).toBeUndefined();
		const link = await signedFileLink(server.url);
		const file = await raw(server.url, link, { 'accept-encoding': 'br, gzip' });
		expect(file.status).toBe(200);
		expect(file.body.length).toBeGreaterThan(1024);
		expect(header(file, 'content-encoding')).toBeUndefined();
		const ranged = await raw(server.url, '/openapi.json', { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' });
		expect(header(ranged, 'content-encoding')).toBeUndefined();
	});
});

describe('/metrics', () => {
	async function scrape(): Promise<Family[]> {
		const res = await raw(server.url, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
		expect(res.status).toBe(200);
		expect(header(res, 'content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
		return parsePrometheusTextFormat(res.body.toString('utf8'));
	}

	/**
	 * The latency series of GET /api/v1/catalog/categories 2xx. The parser folds
	 * every label set of a histogram into one object (and drops labelled _count
	 * and _sum lines), so it is given that one series, with its HELP and TYPE
	 * lines, to parse.
	 */
	async function categoriesHistogram() {
		const res = await raw(server.url, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
		const name = 'hoclieu_http_request_duration_seconds';
		const series = res.body
			.toString('utf8')
			.split('\n')
			.filter(
				(l) =>
					l.startsWith(`# HELP ${name} `) ||
					l.startsWith(`# TYPE ${name} `) ||
					(l.startsWith(name) && l.includes('method="GET"') && l.includes('route="/api/v1/catalog/categories"') && l.includes('status_class="2xx"'))
			);
		// With one series left its labels say nothing more; only `le` is kept, the shape the parser folds correctly.
		const unlabelled = series.map((l) => l.replace(/\{([^}]*)\}/, (_, inner: string) => {
			const le = /le="[^"]*"/.exec(inner)?.[0];
			return le ? `{${le}}` : '';
		}));
		const [family] = parsePrometheusTextFormat(unlabelled.join('\n') + '\n');
		expect(family!.metrics).toHaveLength(1);
		return family!.metrics[0]!;
	}

	const categoriesCount = (families: Family[]) =>
		Number(
			families
				.find((f) => f.name === 'hoclieu_http_requests_total')
				?.metrics.find((m) => m.labels?.route === '/api/v1/catalog/categories' && m.labels?.method === 'GET' && m.labels?.status_class === '2xx')
				?.value ?? 0
		);

	it('answers 401 without the token and 404 where no token is configured', async () => {
		expect((await raw(server.url, '/metrics')).status).toBe(401);
		expect((await raw(server.url, '/metrics', { authorization: 'Bearer wrong' })).status).toBe(401);
		expect((await raw(production.url, '/metrics')).status).toBe(404);
		expect((await raw(production.url, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(404);
	});

	it('counts requests per route id, with a latency histogram, and reports the process, pool and rate-limit store', async () => {
		const before = categoriesCount(await scrape());
		for (let i = 0; i < 3; i++) expect((await raw(server.url, '/api/v1/catalog/categories')).status).toBe(200);
		const families = await scrape();
		expect(categoriesCount(families)).toBe(before + 3);

		const histogram = families.find((f) => f.name === 'hoclieu_http_request_duration_seconds')!;
		expect(histogram.type).toBe('HISTOGRAM');
		const sample = await categoriesHistogram();
		expect(Number(sample.count)).toBeGreaterThanOrEqual(3);
		const bounds = Object.keys(sample.buckets!).sort((a, b) => (a === '+Inf' ? Infinity : Number(a)) - (b === '+Inf' ? Infinity : Number(b)));
		expect(bounds.length).toBeGreaterThan(5);
		expect(bounds).toContain('+Inf');
		expect(Number(sample.buckets!['+Inf'])).toBe(Number(sample.count));
		// Cumulative buckets never decrease.
		const counts = bounds.map((b) => Number(sample.buckets![b]));
		expect(counts).toEqual([...counts].sort((a, b) => a - b));

		// Routes are labelled by their id, never by the raw path.
		const routes = families.find((f) => f.name === 'hoclieu_http_requests_total')!.metrics.map((m) => m.labels!.route);
		expect(routes.some((r) => r!.startsWith('/san-pham/') && !r!.includes('['))).toBe(false);

		const names = new Set(families.map((f) => f.name));
		for (const n of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds', 'hoclieu_db_pool_max_connections', 'hoclieu_rate_limit_store_up', 'hoclieu_job_runs_total']) {
			expect(names, n).toContain(n);
		}
		const store = families.find((f) => f.name === 'hoclieu_rate_limit_store_up')!.metrics[0]!;
		expect(store.labels!.kind).toBe(process.env.TEST_REDIS_URL ? 'redis' : 'memory');
		expect(store.value).toBe('1');
		const pool = families.find((f) => f.name === 'hoclieu_db_pool_max_connections')!.metrics[0]!;
		expect(pool.labels!.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
		expect(pool.value).toBe(process.env.TEST_DATABASE_URL ? '10' : '1');
		const server_connections = families.find((f) => f.name === 'hoclieu_db_server_connections');
		if (process.env.TEST_DATABASE_URL) {
			// The scrape's own query is one active connection.
			expect(Number(server_connections!.metrics.find((m) => m.labels!.state === 'active')!.value)).toBeGreaterThanOrEqual(1);
		} else {
			expect(server_connections?.metrics ?? []).toEqual([]);
		}
	});

	it('counts background job runs by job and outcome', async () => {
		const runs = (families: Family[]) =>
			Number(
				families.find((f) => f.name === 'hoclieu_job_runs_total')?.metrics.find((m) => m.labels?.job === 'payment-expiry' && m.labels?.outcome === 'success')?.value ?? 0
			);
		const deadline = Date.now() + 10_000;
		let first = runs(await scrape());
		while (first === 0 && Date.now() < deadline) {
			await new Promise((r) => setTimeout(r, 100));
			first = runs(await scrape());
		}
		expect(first).toBeGreaterThan(0);
		let later = first;
		while (later === first && Date.now() < deadline) {
			await new Promise((r) => setTimeout(r, 100));
			later = runs(await scrape());
		}
		expect(later).toBeGreaterThan(first);
		const durations = (await scrape()).find((f) => f.name === 'hoclieu_job_duration_seconds')!;
		expect(durations.type).toBe('HISTOGRAM');
	});

	it('shows a rate-limit store that does not answer as down', async () => {
		const closed = await freePort();
		const broken = await startServer({ env: { METRICS_TOKEN, LOG_LEVEL: 'error', REDIS_URL: `redis://127.0.0.1:${closed}` }, waitFor: 'prepared' });
		try {
			const res = await raw(broken.url, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
			expect(res.status).toBe(200);
			const store = parsePrometheusTextFormat(res.body.toString('utf8')).find((f) => f.name === 'hoclieu_rate_limit_store_up')!;
			expect(store.metrics).toEqual([{ labels: { kind: 'redis' }, value: '0' }]);
			// Searches that meet the dead store open the breaker (RATE_LIMIT_BREAKER_FAILURES, default 3).
			for (let i = 0; i < 3; i++) expect((await raw(broken.url, `/api/v1/search?q=toan${i}`)).status).toBe(200);
			const after = await raw(broken.url, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
			const breaker = parsePrometheusTextFormat(after.body.toString('utf8')).find((f) => f.name === 'hoclieu_rate_limit_breaker_state')!;
			expect(breaker.metrics).toContainEqual({ labels: { state: 'open' }, value: '1' });
			expect(breaker.metrics).toContainEqual({ labels: { state: 'closed' }, value: '0' });
		} finally {
			await broken.stop();
		}
	}, 60_000);
});

describe('logs', () => {
	const lines = () =>
		server.logs.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);

	async function logLine(match: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown> | undefined> {
		const deadline = Date.now() + 5_000;
		for (;;) {
			const found = lines().find(match);
			if (found || Date.now() > deadline) return found;
			await new Promise((r) => setTimeout(r, 50));
		}
	}

	it('each request ends with one access line: method, route id, status, duration, request id', async () => {
		const requestId = `test-${randomBytes(8).toString('hex')}`;
		const res = await raw(server.url, '/api/v1/catalog/categories', { 'x-request-id': requestId });
		expect(header(res, 'x-request-id')).toBe(requestId);
		const access = await logLine((l) => l.msg === 'request' && l.requestId === requestId);
		expect(access).toMatchObject({ level: 'debug', method: 'GET', route: '/api/v1/catalog/categories', status: 200, requestId });
		expect(typeof access!.durationMs).toBe('number');
		expect(lines().filter((l) => l.msg === 'request' && l.requestId === requestId)).toHaveLength(1);
	});

	it('lines written deep inside a request (the mailer) carry the request id without being handed it', async () => {
		const user = await createUser(server.url);
		const requestId = `test-${randomBytes(8).toString('hex')}`;
		const res = await request(server.url, '/api/auth/sign-in/email-otp', {
			method: 'POST',
			json: { email: user.email },
			headers: { 'x-request-id': requestId }
		});
		expect(res.status, res.text).toBe(200);
		const mail = await logLine((l) => typeof l.msg === 'string' && l.msg.startsWith('mail delivery suppressed') && l.requestId === requestId);
		expect(mail, 'the mailer log line names the request').toBeDefined();
	});
});
