/**
 * `npm run bench`: a bounded loopback benchmark of the built server against a
 * bare floor server, on the machine's PostgreSQL.
 *
 * 1. creates a fresh database, migrates it and seeds 100 000 products (the seed CLI);
 * 2. adds 1 000 users with sessions and funded wallets (SQL, consistent ledger);
 * 3. starts `node build` (production mode, limits raised by configuration) and the floor;
 * 4. runs autocannon at 10 and 50 connections per scenario, samples the server's peak RSS;
 * 5. checks the money invariants after the wallet checkouts;
 * 6. prints a Markdown table and writes JSON to bench-results/.
 *
 * Everything targets 127.0.0.1 and every run is bounded by BENCH_SECONDS.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import postgres from 'postgres';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4300);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 4301);
const AUTH_SECRET = randomBytes(32).toString('base64url');
const SIGNING_SECRET = randomBytes(32).toString('base64url');
const ORIGIN = `http://127.0.0.1:${APP_PORT}`;

const dbName = `hoclieu_bench_${Date.now().toString(36)}`;
const dbUrl = (() => {
	const u = new URL(ADMIN_URL);
	u.pathname = `/${dbName}`;
	return u.toString();
})();

function run(cmd: string, args: string[], env: Record<string, string>): void {
	const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
	if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
}

/** Waits until `url` answers below 500 (the floor answers 404 to an unknown product, and that is up). */
async function waitListening(url: string, child: ChildProcess): Promise<void> {
	for (let i = 0; i < 600; i++) {
		if (child.exitCode !== null) throw new Error(`${url} exited early (${child.exitCode})`);
		try {
			if ((await fetch(url)).status < 500) return;
		} catch {
			/* not listening yet */
		}
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`${url} never answered`);
}

/** Peak resident set size (VmHWM) of a process, in MB. */
function peakRssMb(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
	return Math.round(kb / 1024);
}

interface Scenario {
	name: string;
	target: 'app' | 'floor';
	/** autocannon options beyond url/connections/duration. */
	options: () => Partial<autocannon.Options>;
}

interface Result {
	scenario: string;
	connections: number;
	requestsPerSec: number;
	p50: number;
	p99: number;
	max: number;
	non2xx: number;
	errors: number;
	total: number;
}

async function cannon(url: string, connections: number, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
	return autocannon({ url, connections, duration: SECONDS, pipelining: 1, ...options } as autocannon.Options);
}

async function main(): Promise<void> {
	const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
	await admin.unsafe(`CREATE DATABASE "${dbName}"`);
	const sql = postgres(dbUrl, { max: 4, onnotice: () => {} });
	const children: ChildProcess[] = [];
	try {
		// Production refuses to start without a real-looking bank account and webhook key (README "Modes").
		const payment = {
			PAYMENT_BANK_BIN: '970436',
			PAYMENT_BANK_NAME: 'Vietcombank',
			PAYMENT_ACCOUNT_NUMBER: '1023456789',
			PAYMENT_ACCOUNT_NAME: 'HOCLIEU BENCH',
			PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64url')
		};
		const env = { DATABASE_URL: dbUrl, NODE_ENV: 'production', AUTH_SECRET, SIGNING_SECRET, ORIGIN, LOG_LEVEL: 'warn', ...payment };
		console.log(`== migrating and seeding ${PRODUCTS} products into ${dbName}`);
		const seedStarted = Date.now();
		run('npx', ['tsx', 'scripts/migrate.ts'], env);
		run('npx', ['tsx', 'scripts/seed.ts', '--products', String(PRODUCTS)], env);
		const seedSeconds = (Date.now() - seedStarted) / 1000;

		console.log(`== ${USERS} users with sessions and funded wallets`);
		const cookies = await createUsers(sql, USERS);

		const appEnv = { ...env, PORT: String(APP_PORT), HOST: '127.0.0.1', ...raisedLimits() };
		const app = spawn(process.execPath, [resolve('build/index.js')], { env: { ...process.env, ...appEnv }, stdio: 'inherit' });
		// Node itself with tsx's loader (not npx), so the SIGTERM at the end reaches the server.
		const floor = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floor-server.ts'], {
			env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(FLOOR_PORT) },
			stdio: 'inherit'
		});
		children.push(app, floor);
		await waitListening(`${ORIGIN}/api/health`, app);
		await waitListening(`http://127.0.0.1:${FLOOR_PORT}/product/none/none`, floor);

		const fixtures = await loadFixtures(sql);
		const scenarios = buildScenarios(fixtures, cookies);
		const results: Result[] = [];
		for (const s of scenarios) {
			for (const connections of [10, 50]) {
				const base = s.target === 'app' ? ORIGIN : `http://127.0.0.1:${FLOOR_PORT}`;
				await cannon(base, connections, { ...s.options(), duration: 2 }); // warm-up
				const r = await cannon(base, connections, s.options());
				results.push({
					scenario: s.name,
					connections,
					requestsPerSec: Math.round(r.requests.average),
					p50: r.latency.p50,
					p99: r.latency.p99,
					max: r.latency.max,
					non2xx: r.non2xx,
					errors: r.errors,
					total: r.requests.total
				});
				console.log(`   ${s.name} @${connections}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
			}
		}
		const rss = peakRssMb(app.pid!);
		const invariants = await checkInvariants(sql);
		report(results, rss, invariants, seedSeconds);
	} finally {
		// The servers must be gone before their database is dropped under them.
		await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((done) => { c.once('exit', done); c.kill('SIGTERM'); }))));
		await sql.end();
		await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
		await admin.end();
	}
}

/** Limits raised by configuration for the run; the limiter code path stays on. */
function raisedLimits(): Record<string, string> {
	return {
		RATE_LIMIT_SEARCH_MAX: '100000000',
		CHECKOUT_RATE_LIMIT: '100000000',
		MUSIC_DOWNLOAD_RATE_PER_MINUTE: '100000000'
	};
}

async function createUsers(sql: postgres.Sql, n: number): Promise<string[]> {
	const cookies: string[] = [];
	const rows = [];
	for (let i = 0; i < n; i++) {
		const token = randomBytes(25).toString('hex');
		const sig = createHmac('sha256', AUTH_SECRET).update(`session\n${token}`).digest('base64url');
		cookies.push(`auth.session_data=${token}.${sig}`);
		rows.push({ i, token, hash: createHash('sha256').update(token).digest('hex') });
	}
	for (let start = 0; start < n; start += 500) {
		const chunk = rows.slice(start, start + 500);
		const users = await sql`
			INSERT INTO users ${sql(chunk.map((r) => ({ email: `bench-${r.i}-${dbName}@bench.hoclieu.vn`, name: `Giáo viên ${r.i}` })))}
			RETURNING id`;
		await sql`INSERT INTO sessions ${sql(chunk.map((r, j) => ({ id: r.hash, user_id: users[j]!.id, expires_at: new Date(Date.now() + 86_400_000) })))}`;
		const balance = 20_000_000n;
		await sql`INSERT INTO wallets ${sql(users.map((u) => ({ user_id: u.id, main: balance.toString(), bonus: '0' })))}`;
		await sql`INSERT INTO wallet_ledger ${sql(
			users.map((u) => ({
				user_id: u.id,
				entry_type: 'ADJUSTMENT',
				direction: 'CREDIT',
				pocket: 'main',
				amount: balance.toString(),
				balance_after: balance.toString(),
				ref_type: 'bench',
				ref_id: u.id,
				note: 'Nạp sẵn cho benchmark'
			}))
		)}`;
	}
	return cookies;
}

interface Fixtures {
	productPaths: string[];
	/** Distinct title fragments: every search of the cold scenario misses the hit cache. */
	coldQueries: string[];
	deepCategory: string;
	deepCursor: string | null;
	buyable: string[];
}

async function loadFixtures(sql: postgres.Sql): Promise<Fixtures> {
	const paths = await sql<{ p: string }[]>`
		SELECT c.path || '/' || p.slug AS p FROM products p JOIN categories c ON c.id = p.category_id
		WHERE p.is_published ORDER BY p.id LIMIT 2000`;
	const [cat] = await sql<{ path: string }[]>`
		SELECT c.path FROM categories c JOIN products p ON p.category_id = c.id
		GROUP BY c.path ORDER BY count(*) DESC LIMIT 1`;
	const titles = await sql<{ title: string }[]>`SELECT title FROM products WHERE is_published ORDER BY md5(id::text) LIMIT 30000`;
	// Every three-word window of the titles, in an order unrelated to the titles, so that
	// neither run wraps around within the hit cache's lifetime and neighbours share no title.
	const windows = new Set(titles.flatMap(({ title }) => {
		const words = title.toLowerCase().split(/[\s–:,()]+/).filter(Boolean);
		return words.slice(0, Math.max(1, words.length - 2)).map((_, k) => words.slice(k, k + 3).join(' '));
	}));
	const coldQueries = [...windows]
		.map((q) => ({ q, order: createHash('md5').update(q).digest('hex') }))
		.sort((a, b) => a.order.localeCompare(b.order))
		.map(({ q }) => q);
	const buyable = await sql<{ id: string }[]>`
		SELECT id FROM products WHERE is_published AND price_vnd > 0 AND price_vnd <= 200000 ORDER BY random() LIMIT 60000`;
	// A deep cursor: walk 20 pages of the filtered listing first.
	let cursor: string | null = null;
	for (let i = 0; i < 20; i++) {
		const q: string = `${ORIGIN}/api/v1/catalog/categories/${cat!.path}?sort=popular&type=LESSON_PLAN&pageSize=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
		const body = (await (await fetch(q)).json()) as { nextCursor: string | null };
		if (!body.nextCursor) break;
		cursor = body.nextCursor;
	}
	return { productPaths: paths.map((r) => r.p), coldQueries, deepCategory: cat!.path, deepCursor: cursor, buyable: buyable.map((r) => r.id) };
}

function rotating<T>(items: T[]): () => T {
	let i = 0;
	return () => items[i++ % items.length]!;
}

function buildScenarios(f: Fixtures, cookies: string[]): Scenario[] {
	const encode = (p: string) => p.split('/').map(encodeURIComponent).join('/');
	const detailPaths = rotating(f.productPaths.map(encode));
	const queries = rotating(['giáo án toán lớp 1', 'bai giang tieng viet', 'nhạc thiếu nhi']);
	// Shared by both connection counts and the warm-ups, so no fragment is ever searched twice.
	const coldQueries = rotating(f.coldQueries);
	const cookie = rotating(cookies);
	let next = 0;
	return [
		{ name: 'floor: product detail (node:http + postgres.js)', target: 'floor', options: () => ({ requests: [{ setupRequest: (r) => ({ ...r, path: `/product/${detailPaths()}` }) }] }) },
		{ name: 'product detail', target: 'app', options: () => ({ requests: [{ setupRequest: (r) => ({ ...r, path: `/api/v1/catalog/products/${detailPaths()}` }) }] }) },
		{
			name: 'category listing (type filter, deep cursor)',
			target: 'app',
			options: () => ({
				requests: [{ path: `/api/v1/catalog/categories/${encode(f.deepCategory)}?sort=popular&type=LESSON_PLAN&pageSize=12${f.deepCursor ? `&cursor=${encodeURIComponent(f.deepCursor)}` : ''}` }]
			})
		},
		{ name: 'search (3 Vietnamese queries, repeated)', target: 'app', options: () => ({ requests: [{ setupRequest: (r) => ({ ...r, path: `/api/v1/search?q=${encodeURIComponent(queries())}` }) }] }) },
		{ name: 'search (distinct title fragments, no cache hits)', target: 'app', options: () => ({ requests: [{ setupRequest: (r) => ({ ...r, path: `/api/v1/search?q=${encodeURIComponent(coldQueries())}` }) }] }) },
		{ name: 'wallet balance', target: 'app', options: () => ({ requests: [{ setupRequest: (r) => ({ ...r, path: '/api/v1/wallet/balance', headers: { cookie: cookie() } }) }] }) },
		{
			name: 'wallet checkout (a different product each time)',
			target: 'app',
			options: () => ({
				requests: [
					{
						setupRequest: (r) => {
							const n = next++;
							return {
								...r,
								method: 'POST',
								path: '/api/v1/checkout',
								headers: { 'content-type': 'application/json', cookie: cookies[n % cookies.length]! },
								body: JSON.stringify({ productId: f.buyable[n % f.buyable.length], paymentMethod: 'wallet' })
							};
						}
					}
				]
			})
		}
	];
}

interface Invariants {
	wallets: number;
	ledgerMismatches: number;
	negativePockets: number;
	paidWalletOrders: number;
}

async function checkInvariants(sql: postgres.Sql): Promise<Invariants> {
	const [w] = await sql<{ n: string }[]>`SELECT count(*)::text AS n FROM wallets`;
	const [mismatch] = await sql<{ n: string }[]>`
		SELECT count(*)::text AS n FROM wallets w
		LEFT JOIN (SELECT user_id, sum(CASE WHEN direction = 'CREDIT' THEN amount ELSE -amount END) AS s FROM wallet_ledger GROUP BY user_id) l ON l.user_id = w.user_id
		WHERE coalesce(l.s, 0) <> w.main + w.bonus`;
	const [neg] = await sql<{ n: string }[]>`SELECT count(*)::text AS n FROM wallets WHERE main < 0 OR bonus < 0`;
	const [paid] = await sql<{ n: string }[]>`SELECT count(*)::text AS n FROM orders WHERE status = 'PAID' AND payment_method = 'wallet'`;
	return { wallets: Number(w!.n), ledgerMismatches: Number(mismatch!.n), negativePockets: Number(neg!.n), paidWalletOrders: Number(paid!.n) };
}

/** The issue's targets for this 2-core machine, each with whether this run met it. */
function targets(results: Result[], floor10: Result, rssMb: number): [string, boolean][] {
	const at10 = (prefix: string) => results.filter((r) => r.scenario.startsWith(prefix) && r.connections === 10);
	const detail = at10('product detail')[0]!;
	const checkout = results.filter((r) => r.scenario.startsWith('wallet checkout'));
	return [
		[`product detail ≥ 50 % of the floor's req/s at 10 connections (${detail.requestsPerSec} vs ${floor10.requestsPerSec})`, detail.requestsPerSec * 2 >= floor10.requestsPerSec],
		...at10('search').map((r): [string, boolean] => [`${r.scenario}: p99 < 50 ms at 10 connections (${r.p99} ms)`, r.p99 < 50]),
		...checkout.map((r): [string, boolean] => [`wallet checkout ≥ 200 orders/s at ${r.connections} connections (${r.requestsPerSec})`, r.requestsPerSec >= 200]),
		[`peak RSS < 400 MB (${rssMb} MB)`, rssMb < 400]
	];
}

function report(results: Result[], rssMb: number, invariants: Invariants, seedSeconds: number): void {
	const floor10 = results.find((r) => r.scenario.startsWith('floor') && r.connections === 10)!;
	const floor50 = results.find((r) => r.scenario.startsWith('floor') && r.connections === 50)!;
	const lines = [
		`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL on 127.0.0.1; ${PRODUCTS} products, ${USERS} users; ${SECONDS} s per run after a 2 s warm-up; seeding took ${seedSeconds.toFixed(0)} s.`,
		'',
		'| Scenario | Conn. | req/s | vs floor | p50 ms | p99 ms | max ms | non-2xx |',
		'| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
		...results.map((r) => {
			const floor = r.connections === 10 ? floor10 : floor50;
			const ratio = r.scenario.startsWith('floor') ? '—' : `${Math.round((r.requestsPerSec / floor.requestsPerSec) * 100)} %`;
			return `| ${r.scenario} | ${r.connections} | ${r.requestsPerSec} | ${ratio} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} |`;
		}),
		'',
		...targets(results, floor10, rssMb).map(([what, ok]) => `- ${ok ? 'met' : 'NOT met'}: ${what}`),
		'',
		`Peak RSS of the server: ${rssMb} MB.`,
		`Invariants after the run: ${invariants.wallets} wallets, ${invariants.ledgerMismatches} ledger/balance mismatches, ${invariants.negativePockets} negative pockets, ${invariants.paidWalletOrders} wallet orders paid.`
	];
	console.log('\n' + lines.join('\n'));
	mkdirSync('bench-results', { recursive: true });
	const file = `bench-results/bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
	writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), products: PRODUCTS, users: USERS, seconds: SECONDS, results, peakRssMb: rssMb, invariants, seedSeconds }, null, 2));
	console.log(`\nJSON: ${file}`);
}

await main();
