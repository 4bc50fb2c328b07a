/**
 * tRPC over the wrong HTTP method (issue 14): the client's mistake answers
 * 405 with `Allow`, in the contract's envelope, and logs a warning, never an
 * error (it used to be a 500 and an error line per request).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer();
});
afterAll(async () => {
	await server?.stop();
});

const errorLines = () => server.logs.filter((l) => l.includes('"level":"error"'));

describe('tRPC with the wrong method', () => {
	it('GET on a mutation answers 405 with Allow: POST and logs only a warning', async () => {
		const user = await createUser(server.url);
		const before = server.logs.length;
		for (const path of ['/api/trpc/checkout.create', `/api/trpc/checkout.create?input=${encodeURIComponent('{"productId":"x"}')}`]) {
			const res = await request(server.url, path, { headers: { cookie: user.cookie } });
			expect(res.status, res.text).toBe(405);
			expect(res.headers.get('allow')).toBe('POST');
			expect(res.body.error.code).toBe('method_not_allowed');
			expect(res.body.error.message).toContain('GET');
		}
		const anonymous = await request(server.url, '/api/trpc/giftcode.redeem');
		expect(anonymous.status).toBe(405);
		expect(anonymous.headers.get('allow')).toBe('POST');
		const added = server.logs.slice(before);
		expect(added.filter((l) => l.includes('trpc called with the wrong method') && l.includes('"level":"warn"')).length).toBeGreaterThanOrEqual(3);
		expect(errorLines()).toEqual([]);
	});

	it('POST on a query answers 405 with Allow: GET', async () => {
		const res = await request(server.url, '/api/trpc/search.search', { method: 'POST', json: { q: 'toan' } });
		expect(res.status, res.text).toBe(405);
		expect(res.headers.get('allow')).toBe('GET');
		expect(errorLines()).toEqual([]);
	});

	it('the right methods still work, and an unknown procedure is still a 404', async () => {
		const ok = await request(server.url, `/api/trpc/search.search?input=${encodeURIComponent(JSON.stringify({ q: 'toan' }))}`);
		expect(ok.status, ok.text).toBe(200);
		expect((await request(server.url, '/api/trpc/khong.ton.tai')).status).toBe(404);
		expect(errorLines()).toEqual([]);
	});
});
