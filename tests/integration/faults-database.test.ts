/**
 * Fault injection between the app and PostgreSQL (runs where TEST_DATABASE_URL
 * points at a real server, as in .ci/run; PGlite lives inside the process and
 * cannot be cut).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';

const pg = process.env.TEST_DATABASE_URL;

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
	const started = Date.now();
	while (Date.now() - started < timeoutMs) {
		if (await check()) return Date.now() - started;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`condition not met within ${timeoutMs} ms`);
}

describe.skipIf(!pg)('database faults (PostgreSQL behind a cuttable proxy)', () => {
	let proxy: TcpProxy;
	let server: TestServer;

	beforeAll(async () => {
		const target = new URL(pg!);
		proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
		server = await startServer({
			databaseUrl: (url) => {
				const u = new URL(url);
				u.port = String(proxy.port);
				return u.toString();
			},
			env: { REQUEST_TIMEOUT_MS: '2000', DATABASE_TIMEOUT_MS: '1000' }
		});
	});
	afterAll(async () => {
		proxy?.restore();
		await server?.stop();
		await proxy?.close();
	});

	it('cut: health degrades within 2 s, API calls fail fast with 503, the process keeps serving, then recovers', async () => {
		expect((await request(server.url, '/api/v1/_test/db')).status).toBe(200);
		proxy.cut();
		const took = await eventually(async () => (await request(server.url, '/api/health')).status === 503, 2_000);
		expect(took).toBeLessThan(2_000);
		expect((await request(server.url, '/api/health')).body).toEqual({ status: 'degraded' });

		const started = Date.now();
		const res = await request(server.url, '/api/v1/_test/db');
		expect(Date.now() - started).toBeLessThan(2_500);
		expect(res.status).toBe(503);
		expect(res.body.error.code).toBe('service_unavailable');

		proxy.restore();
		await eventually(async () => (await request(server.url, '/api/health')).status === 200, 15_000);
		expect((await request(server.url, '/api/v1/_test/db')).status).toBe(200);
	});

	it('black hole: calls answer 503 at the request deadline instead of hanging, then recover', async () => {
		proxy.blackhole();
		const started = Date.now();
		const [health, api] = await Promise.all([request(server.url, '/api/health'), request(server.url, '/api/v1/_test/db')]);
		expect(health.status).toBe(503);
		expect(api.status).toBe(503);
		expect(Date.now() - started).toBeLessThan(3_000);
		proxy.restore();
		await eventually(async () => (await request(server.url, '/api/v1/_test/db')).status === 200, 15_000);
	});
});
