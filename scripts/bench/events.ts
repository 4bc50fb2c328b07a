/**
 * `npm run bench:events`: the live event stream under load (README "Live
 * event stream", ADR 020), on the machine's PostgreSQL, against `node build`
 * in production mode with one process (WEB_CONCURRENCY=1).
 *
 * 1. creates and migrates a fresh database, and adds BENCH_STREAMS (1 000) accounts with sessions;
 * 2. reads the server's resident memory (VmRSS) at rest, opens one GET /api/v1/events per account
 *    from this process, waits until every stream has said `: ready`, and reads it again;
 * 3. publishes one event to every account in one transaction (hoclieu_publish_live, what
 *    publishLive runs) and times it until the last stream has it, BENCH_ROUNDS (5) times;
 * 4. prints a Markdown table and writes JSON to bench-results/.
 *
 * Targets: < 100 MB extra RSS for the open streams, and every fan-out done in < 1 s.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import postgres from 'postgres';
import { loadAverage as load } from '../load-average';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const APP_PORT = Number(process.env.BENCH_APP_PORT ?? 4300);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const AUTH_SECRET = randomBytes(32).toString('base64url');
const SIGNING_SECRET = randomBytes(32).toString('base64url');
const ORIGIN = `http://127.0.0.1:${APP_PORT}`;
const dbName = `hoclieu_bench_events_${Date.now().toString(36)}`;
const dbUrl = (() => {
	const u = new URL(ADMIN_URL);
	u.pathname = `/${dbName}`;
	return u.toString();
})();

function rssMb(pid: number): number {
	const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
	return Math.round(kb / 102.4) / 10;
}

async function waitHealthy(child: ChildProcess): Promise<void> {
	for (let i = 0; i < 1200; i++) {
		if (child.exitCode !== null) throw new Error(`the app exited early (${child.exitCode})`);
		const ok = await fetch(`${ORIGIN}/api/health`).then((r) => r.ok, () => false);
		if (ok) return;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error('the app never became healthy');
}

async function createAccounts(sql: postgres.Sql, n: number): Promise<{ ids: string[]; cookies: string[] }> {
	const ids: string[] = [];
	const cookies: string[] = [];
	for (let start = 0; start < n; start += 500) {
		const chunk = Array.from({ length: Math.min(500, n - start) }, (_, j) => {
			const token = randomBytes(25).toString('hex');
			const sig = createHmac('sha256', AUTH_SECRET).update(`session\n${token}`).digest('base64url');
			cookies.push(`auth.session_data=${token}.${sig}`);
			return { i: start + j, hash: createHash('sha256').update(token).digest('hex') };
		});
		const users = await sql`INSERT INTO users ${sql(chunk.map((r) => ({ email: `live-${r.i}-${dbName}@bench.hoclieu.vn`, name: `Giáo viên ${r.i}` })))} RETURNING id`;
		await sql`INSERT INTO sessions ${sql(chunk.map((r, j) => ({ id: r.hash, user_id: users[j]!.id, expires_at: new Date(Date.now() + 86_400_000) })))}`;
		ids.push(...users.map((u) => u.id as string));
	}
	return { ids, cookies };
}

interface Client {
	req: ClientRequest;
	ready: Promise<void>;
	/** Resolves when the event with this id has arrived. */
	got(id: string): Promise<void>;
}

function openStream(cookie: string): Client {
	const seen = new Set<string>();
	const waiting = new Map<string, () => void>();
	let markReady!: () => void;
	const ready = new Promise<void>((r) => (markReady = r));
	let buffer = '';
	const req = request(`${ORIGIN}/api/v1/events`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
		if (res.statusCode !== 200) throw new Error(`stream answered ${res.statusCode}`);
		res.setEncoding('utf8');
		res.on('data', (chunk: string) => {
			buffer += chunk;
			let end: number;
			while ((end = buffer.indexOf('\n\n')) >= 0) {
				const block = buffer.slice(0, end);
				buffer = buffer.slice(end + 2);
				if (block === ': ready') markReady();
				const id = /^id: (\d+)$/m.exec(block)?.[1];
				if (id) {
					seen.add(id);
					waiting.get(id)?.();
				}
			}
		});
	});
	req.end();
	return {
		req,
		ready,
		got: (id) => (seen.has(id) ? Promise.resolve() : new Promise((r) => waiting.set(id, r)))
	};
}

async function main(): Promise<void> {
	const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
	await admin.unsafe(`CREATE DATABASE "${dbName}"`);
	const sql = postgres(dbUrl, { max: 2, onnotice: () => {} });
	let app: ChildProcess | undefined;
	const clients: Client[] = [];
	try {
		const env = {
			DATABASE_URL: dbUrl,
			NODE_ENV: 'production',
			AUTH_SECRET,
			SIGNING_SECRET,
			ORIGIN,
			LOG_LEVEL: 'warn',
			PAYMENT_BANK_BIN: '970436',
			PAYMENT_BANK_NAME: 'Vietcombank',
			PAYMENT_ACCOUNT_NUMBER: '1023456789',
			PAYMENT_ACCOUNT_NAME: 'HOCLIEU BENCH',
			PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64url')
		};
		const migrated = spawnSync('npx', ['tsx', 'scripts/migrate.ts'], { stdio: 'inherit', env: { ...process.env, ...env } });
		if (migrated.status !== 0) throw new Error('migration failed');
		const { ids, cookies } = await createAccounts(sql, STREAMS);

		app = spawn(process.execPath, ['--max-old-space-size=512', resolve('build/index.js')], {
			env: { ...process.env, ...env, PORT: String(APP_PORT), HOST: '127.0.0.1', WEB_CONCURRENCY: '1', REDIS_URL, RATE_LIMIT_PREFIX: `${dbName}:rl:`, PREVIEW_CONCURRENCY: '0', SEARCH_INDEX: 'false' },
			stdio: ['ignore', 'inherit', 'inherit']
		});
		await waitHealthy(app);
		// One stream opened and closed first, so the code path is loaded before the baseline is read.
		const warm = openStream(cookies[0]!);
		await warm.ready;
		warm.req.destroy();
		await new Promise((r) => setTimeout(r, 2_000));
		const rssBefore = rssMb(app.pid!);
		const loadBefore = load();

		const openedAt = performance.now();
		for (const cookie of cookies) clients.push(openStream(cookie));
		await Promise.all(clients.map((c) => c.ready));
		const openMs = Math.round(performance.now() - openedAt);
		await new Promise((r) => setTimeout(r, 2_000));
		const rssOpen = rssMb(app.pid!);

		const rounds: { commitMs: number; deliveredMs: number }[] = [];
		for (let round = 1; round <= ROUNDS; round++) {
			const id = String(round);
			const started = performance.now();
			await sql`SELECT hoclieu_publish_live(u, 'message', ${sql.json({ conversationId: 'bench', message: { body: `Tin nhắn thử ${round}` } })}::jsonb)
				FROM unnest(${ids}::uuid[]) AS u ORDER BY u`;
			const commitMs = performance.now() - started;
			await Promise.all(clients.map((c) => c.got(id)));
			rounds.push({ commitMs: Math.round(commitMs), deliveredMs: Math.round(performance.now() - started) });
			await new Promise((r) => setTimeout(r, 500));
		}
		const rssAfter = rssMb(app.pid!);
		const result = {
			streams: STREAMS,
			openMs,
			rssBeforeMb: rssBefore,
			rssOpenMb: rssOpen,
			extraRssMb: Math.round((rssOpen - rssBefore) * 10) / 10,
			rssAfterFanOutsMb: rssAfter,
			rounds,
			worstDeliveredMs: Math.max(...rounds.map((r) => r.deliveredMs)),
			load: `${loadBefore} → ${load()}`
		};
		console.log('\n| streams | opened in | RSS at rest | RSS with streams open | extra | after fan-outs | fan-out to all (commit → last delivered), per round | load |');
		console.log('|---|---|---|---|---|---|---|---|');
		console.log(
			`| ${STREAMS} | ${openMs} ms | ${rssBefore} MB | ${rssOpen} MB | ${result.extraRssMb} MB | ${rssAfter} MB | ${rounds.map((r) => `${r.deliveredMs} ms`).join(', ')} (commit ${rounds.map((r) => r.commitMs).join(', ')} ms) | ${result.load} |`
		);
		const pass = result.extraRssMb < 100 && result.worstDeliveredMs < 1_000;
		console.log(`\ntargets: extra RSS < 100 MB ${result.extraRssMb < 100 ? 'met' : 'MISSED'}; fan-out < 1 s ${result.worstDeliveredMs < 1_000 ? 'met' : 'MISSED'}`);
		mkdirSync('bench-results', { recursive: true });
		writeFileSync(`bench-results/events-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, JSON.stringify(result, null, 2));
		if (!pass) process.exitCode = 1;
	} finally {
		for (const c of clients) c.req.destroy();
		if (app && app.exitCode === null) await new Promise((done) => { app!.once('exit', done); app!.kill('SIGTERM'); });
		await sql.end();
		await admin.unsafe(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
		await admin.end();
	}
}

await main();
