/**
 * Every core (issue 15, item 5): `node build` with WEB_CONCURRENCY=2 forks two
 * workers that share the port; exactly one process runs the background jobs
 * (an advisory lock, across workers and instances), another takes over when
 * it dies, a dead worker is replaced, and SIGTERM drains both and exits 0.
 * Several workers need PostgreSQL and a shared rate-limit store: without
 * either the server refuses to start, saying which.
 */
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../helpers/production';
import { refusedStart, startServer, type TestServer } from '../helpers/server';

const HEALTH_TOKEN = 'h'.repeat(40);
const hasSharedServices = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

interface WorkerHealth {
	pid: number;
	role: 'leader' | 'standby';
	jobs: { name: string }[];
}

/** One health probe on a connection of its own: the cluster hands each new connection to the next worker. */
function probe(url: string): Promise<WorkerHealth> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(`${url}/api/health`, { agent: false, headers: { 'x-health-token': HEALTH_TOKEN, connection: 'close' } }, (res) => {
			let body = '';
			res.on('error', reject);
			res.on('aborted', () => reject(new Error('response aborted')));
			res.setEncoding('utf8');
			res.on('data', (c: string) => (body += c));
			res.on('end', () => {
				try {
					resolve(JSON.parse(body).checks.workers as WorkerHealth);
				} catch (error) {
					reject(error);
				}
			});
		});
		req.on('error', reject);
		// A connection handed to a worker as it dies would otherwise wait forever.
		req.setTimeout(5_000, () => req.destroy(new Error('no answer within 5 s')));
		req.end();
	});
}

/** Probes until two distinct workers answered, then what each said last. */
async function workers(url: string): Promise<Map<number, WorkerHealth>> {
	const seen = new Map<number, WorkerHealth>();
	for (let i = 0; i < 60 && seen.size < 2; i++) {
		const w = await probe(url).catch(() => undefined);
		if (w) seen.set(w.pid, w);
	}
	return seen;
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

describe.runIf(hasSharedServices)('WEB_CONCURRENCY=2 on PostgreSQL and Redis', () => {
	let s: TestServer;
	beforeAll(async () => {
		s = await startServer({ env: { ...productionEnv, WEB_CONCURRENCY: '2', HEALTH_TOKEN } });
	});
	afterAll(async () => {
		await s?.stop();
	});

	it('serves from two workers, one of which runs the jobs; another takes over when it dies', async () => {
		await expect.poll(async () => (await workers(s.url)).size, { timeout: 30_000 }).toBe(2);
		let seen = await workers(s.url);
		const pids = [...seen.keys()];
		expect(pids).not.toContain(s.child.pid);
		// Each worker runs with the heap limit of WORKER_HEAP_MB (default 512, ADR 016).
		for (const pid of pids) expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--max-old-space-size=512');
		await expect
			.poll(async () => [...(await workers(s.url)).values()].map((w) => w.role).sort(), { timeout: 30_000 })
			.toEqual(['leader', 'standby']);
		seen = await workers(s.url);
		const leader = [...seen.values()].find((w) => w.role === 'leader')!;
		expect(leader.jobs.map((j) => j.name)).toEqual(expect.arrayContaining(['payment-expiry', 'upload-expiry']));
		expect([...seen.values()].find((w) => w.role === 'standby')!.jobs).toEqual([]);

		process.kill(leader.pid, 'SIGKILL');
		// The survivor takes the lock (released with the dead worker's connection), and the primary starts a replacement.
		await expect
			.poll(
				async () => {
					const now = [...(await workers(s.url)).values()];
					return { size: now.length, dead: now.some((w) => w.pid === leader.pid), leaders: now.filter((w) => w.role === 'leader').length };
				},
				{ timeout: 60_000, interval: 500 }
			)
			.toEqual({ size: 2, dead: false, leaders: 1 });
		expect(s.logs.some((l) => l.includes('a worker died; starting another'))).toBe(true);
	}, 120_000);

	it('drains both workers on SIGTERM and exits 0', async () => {
		const pids = [...(await workers(s.url)).keys()];
		expect(pids).toHaveLength(2);
		const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
		s.child.kill('SIGTERM');
		expect(await exited).toBe(0);
		for (const pid of pids) expect(alive(pid), `worker ${pid} outlived the primary`).toBe(false);
		expect(s.logs.some((l) => l.includes('all workers stopped'))).toBe(true);
	});
});

describe('several workers need what several instances need', () => {
	const refusal = (env: Record<string, string | undefined>) => refusedStart({ freshDatabase: false, env: { ...productionEnv, ...env } });

	it('refuses WEB_CONCURRENCY=2 on the embedded database', async () => {
		const message = await refusal({ WEB_CONCURRENCY: '2', DATABASE_URL: undefined, REDIS_URL: 'redis://127.0.0.1:6379' });
		expect(message).toMatch(/server exited \(1\)/);
		expect(message).toContain('WEB_CONCURRENCY=2 needs DATABASE_URL');
		expect(message).not.toContain('starting 2 workers');
	});

	it('refuses WEB_CONCURRENCY=2 with the in-process rate limiter', async () => {
		const message = await refusal({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused', REDIS_URL: undefined });
		expect(message).toContain('WEB_CONCURRENCY=2 needs a shared rate-limit store (REDIS_URL or UPSTASH_REDIS_REST_URL)');
	});
});
