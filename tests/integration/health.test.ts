import { afterAll, describe, expect, it } from 'vitest';
import { request } from '../helpers/http';
import { freePort, startServer, type TestServer } from '../helpers/server';

const servers: TestServer[] = [];
afterAll(async () => {
	await Promise.all(servers.map((s) => s.stop()));
});

describe('GET /api/health', () => {
	it('answers 200 ok with only the aggregate status outside development', async () => {
		const s = await startServer();
		servers.push(s);
		const res = await request(s.url, '/api/health');
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ status: 'ok' });
	});

	it('shows per-check detail in development and to holders of the health token', async () => {
		const token = 'h'.repeat(40);
		const s = await startServer({ env: { HEALTH_TOKEN: token } });
		servers.push(s);
		const res = await request(s.url, '/api/health', { headers: { 'x-health-token': token } });
		expect(res.body.status).toBe('ok');
		expect(res.body.checks.database.ok).toBe(true);
		expect(res.body.checks.cache.ok).toBe(true);
		expect(res.body.checks.workers.ok).toBe(true);
		expect(res.body.checks.storage.ok).toBe(true);
		const wrong = await request(s.url, '/api/health', { headers: { 'x-health-token': 'x'.repeat(40) } });
		expect(wrong.body).toEqual({ status: 'ok' });
	});

	it('goes 503 degraded within 2 s when the database is unreachable, and keeps serving', async () => {
		const closed = await freePort(); // nothing listens here
		const s = await startServer({
			freshDatabase: false,
			waitFor: 'listening',
			env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/nowhere`, REDIS_URL: undefined }
		});
		servers.push(s);
		for (let i = 0; i < 3; i++) {
			const started = performance.now();
			const res = await request(s.url, '/api/health');
			expect(performance.now() - started).toBeLessThan(2_000);
			expect(res.status).toBe(503);
			expect(res.body).toEqual({ status: 'degraded' });
		}
		const api = await request(s.url, '/api/v1/nope');
		expect(api.status).toBe(404); // the process is alive and routing
	});
});
