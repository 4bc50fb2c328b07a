import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, resolveWebConcurrency } from '../../src/lib/server/config';
import { workerExecArgv } from '../../src/lib/server/platform/cluster';
import { availableParallelism } from 'node:os';
import { advanceClock, resetClock } from '../../src/lib/server/platform/clock';
import { redact } from '../../src/lib/server/platform/logger';
import { MemoryRateLimitStore } from '../../src/lib/server/platform/ratelimit/memory-store';
import { sign, signJson, verify, verifyJson } from '../../src/lib/server/platform/signing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

afterEach(() => resetClock());

describe('signing', () => {
	it('verifies its own signatures and nothing else', () => {
		const s = sign('cursor', 'abc.def');
		expect(verify('cursor', s)).toBe('abc.def');
		expect(verify('download-token', s)).toBeNull(); // purposes never cross
		expect(verify('cursor', s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A'))).toBeNull();
		expect(verify('cursor', 'no-signature')).toBeNull();
		expect(verifyJson('cursor', signJson('cursor', { id: 1 }))).toEqual({ id: 1 });
	});
});

describe('config', () => {
	const dataDir = () => mkdtempSync(join(tmpdir(), 'hoclieu-cfg-'));

	it('refuses production without secrets, naming them', () => {
		expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/missing: AUTH_SECRET, SIGNING_SECRET, ORIGIN, PAYMENT_BANK_BIN/);
		// Unset is production too: `node build` on a server never falls back to the demo.
		expect(() => loadConfig({ DATA_DIR: dataDir() })).toThrow(/Production start-up refused/);
		expect(() =>
			loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), SIGNING_SECRET: 'y'.repeat(32), ORIGIN: 'https://a.example', TEST_HOOKS: 'true' })
		).toThrow(/TEST_HOOKS/);
	});

	it('generates development secrets once and keeps them', () => {
		const dir = dataDir();
		const a = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
		const b = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
		expect(a.secrets.authSecret).toHaveLength(43);
		expect(a.secrets).toEqual(b.secrets);
		expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir() }).secrets.authSecret).not.toBe(a.secrets.authSecret);
	});

	it('explains invalid values', () => {
		expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dataDir() })).toThrow(/PORT/);
		expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: dataDir() })).toThrow(/DATABASE_URL/);
	});
});

describe('the workers’ heap limit (ADR 016)', () => {
	it('is added to the primary’s flags unless NODE_OPTIONS or the primary chose one', () => {
		const dir = mkdtempSync(join(tmpdir(), 'hoclieu-heap-'));
		expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).workerHeapMb).toBe(512);
		expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WORKER_HEAP_MB: '300' }).workerHeapMb).toBe(300);
		expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, NODE_OPTIONS: '--enable-source-maps --max-old-space-size=1024' }).workerHeapMb).toBeNull();
		expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WORKER_HEAP_MB: '64' })).toThrow(/WORKER_HEAP_MB/);
		expect(workerExecArgv(['--enable-source-maps'], 512)).toEqual(['--enable-source-maps', '--max-old-space-size=512']);
		expect(workerExecArgv(['--max-old-space-size=2048'], 512)).toEqual(['--max-old-space-size=2048']);
		expect(workerExecArgv([], null)).toEqual([]);
	});
});

describe('WEB_CONCURRENCY', () => {
	const everything = { production: true, postgres: true, sharedRateLimitStore: true };

	it('defaults to every core only in production with PostgreSQL and a shared store, else to one', () => {
		expect(resolveWebConcurrency(undefined, everything)).toBe(availableParallelism());
		expect(resolveWebConcurrency(undefined, { ...everything, sharedRateLimitStore: false })).toBe(1);
		expect(resolveWebConcurrency(undefined, { ...everything, postgres: false })).toBe(1);
		expect(resolveWebConcurrency(undefined, { ...everything, production: false })).toBe(1);
	});

	it('takes an explicit count, and refuses more than one worker without what several processes share', () => {
		expect(resolveWebConcurrency(3, everything)).toBe(3);
		expect(resolveWebConcurrency(1, { production: true, postgres: false, sharedRateLimitStore: false })).toBe(1);
		expect(() => resolveWebConcurrency(2, { ...everything, postgres: false })).toThrow(/WEB_CONCURRENCY=2 needs DATABASE_URL/);
		expect(() => resolveWebConcurrency(2, { ...everything, sharedRateLimitStore: false })).toThrow(/needs a shared rate-limit store/);
	});

	it('reads the variable, bounded', () => {
		const dir = mkdtempSync(join(tmpdir(), 'hoclieu-config-'));
		expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).webConcurrency).toBe(1);
		expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://h/db', REDIS_URL: 'redis://h' }).webConcurrency).toBe(2);
		expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
		expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WEB_CONCURRENCY: '2' })).toThrow(/needs DATABASE_URL/);
	});
});

describe('in-process rate limiter', () => {
	const policy = { name: 't', limit: 3, windowMs: 60_000, onStoreFailure: 'open' as const };

	it('allows the limit, refuses the next, and recovers after the window slides', async () => {
		const store = new MemoryRateLimitStore();
		const results = [];
		for (let i = 0; i < 4; i++) results.push(await store.limit(policy, 'ip'));
		expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
		expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
		expect((await store.limit(policy, 'other')).success).toBe(true); // keys are independent
		advanceClock(120_000);
		expect((await store.limit(policy, 'ip')).success).toBe(true);
	});
});

describe('log redaction', () => {
	it('replaces sensitive fields at any depth', () => {
		expect(redact({ email: 'a@b.vn', password: 'x', nested: { otp: '123456', token: 't' }, list: [{ secret: 's' }] })).toEqual({
			email: 'a@b.vn',
			password: '[redacted]',
			nested: { otp: '[redacted]', token: '[redacted]' },
			list: [{ secret: '[redacted]' }]
		});
	});
});
