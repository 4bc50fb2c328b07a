/**
 * Property-based fuzzing of every documented operation, /api/auth,
 * /api/internal/auth and /api/health included, read generically from
 * /openapi.json alone (no hand list), and of the one raw route outside it
 * that takes input (signed file links), against the built server.
 * Thousands of malformed and boundary requests; every answer must be a
 * documented status with the documented body, never a 500 or a hang, and
 * /api/health must stay 200 after each operation's property.
 *
 * Seeded and bounded: FUZZ_SEED (default below) and FUZZ_RUNS (cases per
 * operation) make every run the same and its duration predictable.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLinkOperation } from '../helpers/fuzz/file-links';
import { operationsOf, type OpenApiDocument, type Operation } from '../helpers/fuzz/operations';
import { rawRequest, header } from '../helpers/fuzz/raw-http';
import { validCaseArbitrary } from '../helpers/fuzz/cases';
import { formatReport, fuzzOperation, makeClients, type Clients, type FuzzSettings, type OperationReport } from '../helpers/fuzz/runner';
import { ValuePool } from '../helpers/fuzz/value-pool';
import { sql } from '../helpers/http';
import { createGiftCodes, createPromo, creditWallet } from '../helpers/money';
import { createProduct, grantOwnership, storeFile } from '../helpers/music-fixtures';
import { startServer, type TestServer } from '../helpers/server';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const BODY_LIMIT = 64 * 1024;
const GENEROUS = '1000000';

fc.configureGlobal({ seed: SEED, numRuns: RUNS });

const settings: FuzzSettings = { seed: SEED, runs: RUNS, bodyLimit: BODY_LIMIT, slowMs: 8_000 };

// The committed document names the operations (tests are declared before the
// server starts); the live document, which CI keeps identical, supplies the schemas.
const committed = operationsOf(JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as OpenApiDocument);

let server: TestServer;
/** One signed-in user for every documented operation, so ids one operation creates are reachable from another. */
let shared: Clients;
let live = new Map<string, Operation>();
const pool = new ValuePool();
const reports: OperationReport[] = [];

beforeAll(async () => {
	server = await startServer({
		env: {
			BODY_LIMIT_BYTES: String(BODY_LIMIT),
			LOG_LEVEL: 'warn',
			// Limits high enough that the fuzzer reaches the code behind them; 429 stays a documented answer.
			AUTH_RATE_PER_EMAIL: GENEROUS,
			AUTH_RATE_PER_IP: GENEROUS,
			AUTH_MAIL_PER_EMAIL: GENEROUS,
			AUTH_MAIL_PER_IP: GENEROUS,
			MUSIC_DOWNLOAD_RATE_PER_MINUTE: GENEROUS,
			RATE_LIMIT_SEARCH_MAX: GENEROUS,
			TOPUP_ORDER_RATE_LIMIT: GENEROUS,
			TOPUP_PROMO_RATE_LIMIT: GENEROUS,
			GIFTCODE_FAILURE_LIMIT: GENEROUS,
			CHECKOUT_RATE_LIMIT: GENEROUS,
			CHECKOUT_PROMO_RATE_LIMIT: GENEROUS,
			DOWNLOAD_TOKEN_RATE_LIMIT: GENEROUS,
			// A small demo catalog on PGlite and PostgreSQL alike, so ids and paths exist.
			SEED_ON_EMPTY: 'true',
			SEED_PRODUCTS: '60'
		}
	});
	const doc = await rawRequest(server.url, { method: 'GET', path: '/openapi.json' });
	expect(doc.status).toBe(200);
	live = new Map(operationsOf(doc.json as OpenApiDocument).map((op) => [op.id, op]));
	shared = await makeClients(server.url, SEED);
	await fixtures();
	await primePool();
});

afterAll(async () => {
	await server?.stop();
});

/**
 * Rows valid requests can reach, made through the test hooks: music tracks
 * with their files (free, paid, paid and owned), ledger pages, gift codes and
 * a top-up promo, offered to the generators through the pool.
 */
async function fixtures(): Promise<void> {
	const song = sampleFile('MUSIC', 'Bài hát Quê hương');
	for (const [price, owned] of [['0', false], ['0', false], ['15000', false], ['15000', true]] as const) {
		const id = await createProduct(server.url, { priceVnd: price, title: 'Bài hát Quê hương' });
		const [row] = await sql<{ file_key: string }>(server.url, 'SELECT file_key FROM products WHERE id = $1', [id]);
		await storeFile(server.url, row!.file_key, song.bytes, song.contentType);
		if (owned) await grantOwnership(server.url, shared.user.userId, id);
		pool.add('id', id, true);
	}
	for (let i = 0; i < 25; i++) await creditWallet(server.url, shared.user.userId, '1000');
	for (const code of (await createGiftCodes(server.url, { amountVnd: '2000', count: 5 })).codes) pool.add('code', code, true);
	pool.add('code', (await createPromo(server.url, { code: 'FUZZ10', appliesTo: 'TOPUP', kind: 'PERCENT', percentOff: 10 })).code, true);
	pool.add('code', (await createPromo(server.url, { code: 'FUZZMUA', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000' })).code, true);
}

/**
 * Valid reads, signed in and anonymous, twice over: what the first round
 * learns (category paths, product ids, cursors) makes the second round's
 * requests reach real rows, and the fuzzing after it too.
 */
async function primePool(): Promise<void> {
	for (let round = 0; round < 2; round++) {
		for (const op of live.values()) {
			if (op.method !== 'GET') continue;
			for (const c of fc.sample(validCaseArbitrary(op, pool), { seed: SEED + round, numRuns: 4 })) {
				for (const cookie of [undefined, shared.user.cookie]) {
					const res = await rawRequest(server.url, { method: 'GET', path: c.path, headers: cookie ? { cookie } : {} });
					if (res.status === 200) pool.collect(res.json, op.id);
				}
			}
		}
	}
}

async function expectHealthy(): Promise<void> {
	const res = await rawRequest(server.url, { method: 'GET', path: '/api/health' });
	expect(res.status, res.text).toBe(200);
	expect(res.json).toMatchObject({ status: 'ok' });
}

async function run(op: Operation, clients?: Clients): Promise<void> {
	const report = await fuzzOperation(server.url, op, pool, settings, clients);
	reports.push(report);
	console.log(formatReport(report));
	await expectHealthy();
	expect(report.failure, report.failure).toBeUndefined();
}

describe('fuzzing the documented operations', () => {
	it('the live /openapi.json lists the same operations as docs/openapi.json', () => {
		expect([...live.keys()].sort()).toEqual(committed.map((op) => op.id).sort());
	});

	for (const { id, method, path } of committed) {
		it(`${method} ${path} (${id})`, { timeout: 180_000 }, async () => {
			const op = live.get(id);
			expect(op, `${id} missing from the live document`).toBeDefined();
			// The /api/auth flows change the caller's own session (sign-out, a password reset): never the shared one.
			await run(op!, path.startsWith('/api/auth/') ? undefined : shared);
		});
	}
});

describe('fuzzing the raw route outside the document (ADR 010)', () => {
	it('GET /files/{key} (signed file links)', { timeout: 180_000 }, () => run(fileLinkOperation()));
});

describe('methods a path does not serve', () => {
	const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
	it('answer 405 method_not_allowed in the envelope, with Allow', async () => {
		const byPath = new Map<string, Set<string>>();
		for (const op of committed) byPath.set(op.path, (byPath.get(op.path) ?? new Set()).add(op.method));
		let cases = 0;
		for (const [path, served] of byPath) {
			const concrete = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
			for (const method of METHODS.filter((m) => !served.has(m))) {
				const res = await rawRequest(server.url, { method, path: concrete, headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') });
				cases++;
				expect(res.status, `${method} ${concrete}: ${res.text}`).toBe(405);
				expect((res.json as any)?.error?.code).toBe('method_not_allowed');
				const allow = header(res, 'allow') ?? '';
				for (const m of served) expect(allow, `${method} ${concrete}`).toContain(m);
			}
		}
		reports.push({ op: { id: 'unserved methods' } as Operation, cases, requests: cases, statuses: new Map([[405, cases]]), ms: 0 });
		await expectHealthy();
	});
});

describe('request heads beyond Node\'s limit', () => {
	it('get 431 from Node itself, and the server stays healthy', async () => {
		for (const path of ['/api/v1/music/quota?x=' + 'y'.repeat(20_000), '/api/v1/music/' + 'z'.repeat(20_000) + '/download']) {
			const res = await rawRequest(server.url, { method: path.endsWith('download') ? 'POST' : 'GET', path });
			expect(res.status).toBe(431);
		}
		await expectHealthy();
	});
});

describe('after fuzzing', () => {
	it('the server is healthy, logged no unexpected error, and the summary is printed', async () => {
		await expectHealthy();
		const unexpected = server.logs.filter((line) => /unexpected error|unhandled/i.test(line));
		expect(unexpected.slice(0, 5)).toEqual([]);
		const cases = reports.reduce((n, r) => n + r.cases, 0);
		const failures = reports.filter((r) => r.failure).length;
		const operations = reports.filter((r) => r.op.path).length;
		console.log(`fuzz: ${cases} cases over ${operations} operations, ${failures} failures (seed ${SEED}, ${RUNS} runs per operation)`);
		expect(failures).toBe(0);
	});
});
