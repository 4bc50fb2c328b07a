/**
 * Round-trip budgets (issue 15, item 1): how many times the server waits on
 * PostgreSQL to answer one request, counted on the wire by a proxy between
 * the server and PostgreSQL (tests/helpers/pg-round-trips.ts: client Sync and
 * simple Query messages). A statement that is not prepared costs two (Parse +
 * Describe, then Bind + Execute), so these budgets also catch hot statements
 * that stopped running as named prepared statements.
 *
 * Each operation is measured a few times and the smallest count is asserted:
 * the background jobs (upload expiry, payment sweep) may share the proxy and
 * can only add to a count, never take from it. Work the server does after
 * answering (the receipt of a wallet order) counts, up to the moment the
 * server goes quiet.
 *
 * PGlite runs inside the server's process, with no socket to count on: these
 * tests need PostgreSQL (TEST_DATABASE_URL), which the CI gives them in its
 * PostgreSQL phase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCategory, insertProducts } from '../helpers/catalog';
import { checkout, sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { creditWallet } from '../helpers/money';
import { describeRoundTrips, startCountingProxy, type CountingProxy } from '../helpers/pg-round-trips';
import { startServer, type TestServer } from '../helpers/server';

const pg = process.env.TEST_DATABASE_URL;

/** The budgets: a change that needs more must say why here. */
const BUDGET = {
	/** Session (1), checkout_wallet (opening read and paying statement, no BEGIN/COMMIT: ADR 013), the receipt's outcome. */
	walletCheckout: 3,
	/** One prepared statement. */
	productDetail: 1,
	/** Session (1) and the detail with isPurchased (1). */
	productDetailSignedIn: 2,
	/**
	 * A first query, no hit in the cache: the ranked hits and the page. The catalog
	 * version and the vocabulary are in memory (ADR 012).
	 */
	search: 2,
	/** One prepared statement (no renewal, no last-seen write). */
	sessionLookup: 1
};

const REPEATS = 3;

describe.skipIf(!pg)('round trips to PostgreSQL per operation (needs TEST_DATABASE_URL: PGlite has no socket to count on)', () => {
	let proxy: CountingProxy;
	let server: TestServer;
	let base: string;
	let user: TestUser;

	beforeAll(async () => {
		const target = new URL(pg!);
		proxy = await startCountingProxy(target.hostname, Number(target.port || 5432));
		server = await startServer({
			databaseUrl: (url) => {
				const u = new URL(url);
				u.port = String(proxy.port);
				return u.toString();
			},
			env: {
				TRUST_PROXY: 'true',
				CHECKOUT_RATE_LIMIT: '1000',
				RATE_LIMIT_SEARCH_MAX: '100000',
				// The sweep and the receipts job stay out of the counts.
				PAYMENT_SWEEP_INTERVAL_MS: String(60 * 60_000)
			}
		});
		base = server.url;
		user = await createUser(base);
	}, 120_000);
	afterAll(async () => {
		await server?.stop();
		await proxy?.close();
	});

	/** The fewest round trips `run` took over REPEATS runs (each gets a fresh `setup`), with the trace of that run. */
	async function measure<T>(what: string, setup: (i: number) => Promise<T>, run: (value: T) => Promise<void>): Promise<number> {
		let best = Infinity;
		let trace = '';
		for (let i = 0; i < REPEATS; i++) {
			const value = await setup(i);
			// A first use of a pool connection also pays its connection set-up and type fetch: warm them all.
			await proxy.settle(100);
			proxy.reset();
			await run(value);
			await proxy.settle();
			const n = proxy.count();
			if (n < best) {
				best = n;
				trace = describeRoundTrips(proxy.events());
			}
		}
		console.log(`round trips: ${what}: ${best}\n${trace}`);
		return best;
	}

	it(`a wallet checkout, its receipt included, takes at most ${BUDGET.walletCheckout} round trips`, async () => {
		await creditWallet(base, user.userId, '1000000', 'main');
		await creditWallet(base, user.userId, '5000', 'bonus');
		// Warm-up: every pool connection the checkout may use has prepared its statements once.
		for (let i = 0; i < 3; i++) {
			const p = await sellable(base, { priceVnd: '20000' });
			expect((await checkout(base, { productId: p.id, paymentMethod: 'wallet' }, { user })).status).toBe(200);
		}
		const orders: string[] = [];
		const n = await measure(
			'wallet checkout',
			() => sellable(base, { priceVnd: '20000' }),
			async (p) => {
				const res = await checkout(base, { productId: p.id, paymentMethod: 'wallet' }, { user });
				expect(res.status, res.text).toBe(200);
				expect(res.body.data.status).toBe('PAID');
				orders.push(res.body.data.id);
			}
		);
		expect(n).toBeLessThanOrEqual(BUDGET.walletCheckout);
		// What the folded statements must still have done.
		const rows = await sql<{ status: string; receipt_status: string; owned: boolean; ledger: number }>(
			base,
			`SELECT o.status, o.receipt_status,
				EXISTS (SELECT 1 FROM product_ownerships w WHERE w.user_id = o.user_id AND w.product_id = o.product_id AND w.order_id = o.id) AS owned,
				(SELECT count(*)::int FROM wallet_ledger l WHERE l.ref_type = 'order' AND l.ref_id = o.id::text) AS ledger
			FROM orders o WHERE o.id = ANY(string_to_array($1, ',')::uuid[])`,
			[orders.join(',')]
		);
		expect(rows).toHaveLength(REPEATS);
		for (const r of rows) expect(r).toMatchObject({ status: 'PAID', receipt_status: 'suppressed', owned: true });
		await expectMoneyInvariants(base);
	});

	it(`product detail takes ${BUDGET.productDetail} round trip anonymously, ${BUDGET.productDetailSignedIn} signed in`, async () => {
		const category = await insertCategory(base, { name: 'Toán', slug: `toan-${Date.now().toString(36)}` });
		const ids = await insertProducts(base, [{ categoryId: category.id, title: 'Giáo án Hình học lớp 6', slug: 'giao-an-hinh-hoc-lop-6', priceVnd: 30000 }]);
		expect(ids).toHaveLength(1);
		const path = `/api/v1/catalog/products/${category.path}/giao-an-hinh-hoc-lop-6`;
		const get = async (cookie?: string) => {
			const res = await request(base, path, { headers: cookie ? { cookie } : {} });
			expect(res.status, res.text).toBe(200);
		};
		await get();
		await get(user.cookie);
		expect(await measure('product detail, anonymous', async () => undefined, () => get())).toBeLessThanOrEqual(BUDGET.productDetail);
		expect(await measure('product detail, signed in', async () => undefined, () => get(user.cookie))).toBeLessThanOrEqual(BUDGET.productDetailSignedIn);
	});

	it(`a search that misses the cache takes at most ${BUDGET.search} round trips`, async () => {
		const category = await insertCategory(base, { name: 'Ngữ văn', slug: `ngu-van-${Date.now().toString(36)}` });
		const words = ['truyen', 'kieu', 'luc', 'van', 'tien', 'chi', 'pheo', 'vo', 'nhat'];
		await insertProducts(
			base,
			words.map((w, i) => ({ categoryId: category.id, title: `Giáo án ${w} bài ${i}`, slug: `giao-an-${w}-${i}`, priceVnd: 10000 + i }))
		);
		const search = async (q: string) => {
			const res = await request(base, `/api/v1/search?q=${encodeURIComponent(q)}`);
			expect(res.status, res.text).toBe(200);
			// A page to read: the count includes reading it.
			expect((res.body as { data: unknown[] }).data.length, q).toBeGreaterThan(0);
		};
		await search('giao an');
		// A different query every time: the hit cache cannot answer it; the vocabulary of this
		// catalog version is in memory by now (the first search started its load).
		const n = await measure('search, first query', async (i) => `giao an ${words[i]} bai`, search);
		expect(n).toBeLessThanOrEqual(BUDGET.search);
	});

	it(`the session lookup takes ${BUDGET.sessionLookup} round trip`, async () => {
		const get = async () => {
			const res = await request(base, '/api/auth/session', { headers: { cookie: user.cookie } });
			expect(res.status, res.text).toBe(200);
			expect(res.body).toMatchObject({ user: { id: user.userId } });
		};
		await get();
		expect(await measure('session lookup', async () => undefined, get)).toBeLessThanOrEqual(BUDGET.sessionLookup);
	});
});
