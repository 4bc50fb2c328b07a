/**
 * Graceful shutdown (issue 14, item 7): on SIGTERM adapter-node stops
 * accepting connections and lets in-flight requests finish; only then do the
 * jobs stop and the database close, and the process exits 0. A request whose
 * client went away is still in flight (src/lib/server/http/in-flight.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

describe('SIGTERM with a request in flight', () => {
	let s: TestServer;
	beforeAll(async () => {
		s = await startServer();
	});
	afterAll(async () => {
		await s?.stop();
	});

	it('completes the request, then releases the database and exits 0', async () => {
		const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
		const slow = request(s.url, '/api/internal/test/delay', { method: 'POST', json: { ms: 1_500 } });
		// SIGTERM only once the request is inside the handler, so it is truly in flight.
		await expect.poll(() => s.logs.some((l) => l.includes('test delay started')), { timeout: 10_000, interval: 20 }).toBe(true);
		s.child.kill('SIGTERM');

		const answered = await slow;
		expect(answered.status).toBe(200);
		expect(answered.body).toEqual({ ok: true, delayedMs: 1_500 });
		expect(await exited).toBe(0);

		const order = (text: string) => s.logs.findIndex((l) => l.includes(text));
		expect(order('test delay finished')).toBeGreaterThan(-1);
		expect(order('shut down: jobs stopped, database closed')).toBeGreaterThan(order('test delay finished'));
		// Closing the catalog listener (PostgreSQL) is part of the shutdown, not a lost connection.
		expect(s.logs.filter((l) => l.includes('LISTEN connection was lost'))).toEqual([]);
	});
});

describe('SIGTERM after the client of a running request went away', () => {
	let s: TestServer;
	beforeAll(async () => {
		s = await startServer();
	});
	afterAll(async () => {
		await s?.stop();
	});

	it('lets the handler finish before it closes the database', async () => {
		const exited = new Promise<number | null>((r) => s.child.once('exit', (code) => r(code)));
		const client = new AbortController();
		const abandoned = fetch(`${s.url}/api/internal/test/delay`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: s.url },
			body: JSON.stringify({ ms: 1_500 }),
			signal: client.signal
		}).catch((error: unknown) => error);
		await expect.poll(() => s.logs.some((l) => l.includes('test delay started')), { timeout: 10_000, interval: 20 }).toBe(true);
		client.abort();
		expect(await abandoned).toBeInstanceOf(Error);
		// Its connection has ended, so adapter-node has nothing left to wait for.
		s.child.kill('SIGTERM');

		expect(await exited).toBe(0);
		const order = (text: string) => s.logs.findIndex((l) => l.includes(text));
		expect(order('test delay finished')).toBeGreaterThan(-1);
		expect(order('shut down: jobs stopped, database closed')).toBeGreaterThan(order('test delay finished'));
	});
});
