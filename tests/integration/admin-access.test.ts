/**
 * Every admin operation is enforced by role on the server. The list comes
 * from the served /openapi.json, so an operation added later is covered
 * without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request, type TestUser } from '../helpers/http';
import { documentedErrorCodes, operationsUnder, responseSchema, type SampleOperation } from '../helpers/openapi-samples';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let operations: SampleOperation[];
let doc: Record<string, any>;
let buyer: TestUser;
let author: TestUser;

beforeAll(async () => {
	server = await startServer();
	doc = (await request(server.url, '/openapi.json')).body;
	operations = operationsUnder(doc, '/api/v1/admin/');
	buyer = await createUser(server.url);
	author = await createUser(server.url, { role: 'author' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

function call(op: SampleOperation, cookie?: string) {
	return request(server.url, op.path, {
		method: op.method,
		...(op.body !== undefined ? { json: op.body } : {}),
		headers: { origin: server.url, ...(cookie ? { cookie } : {}) }
	});
}

describe('admin operations in /openapi.json', () => {
	it('are tagged Admin and document the staff session, 401 and 403', () => {
		expect(operations.length).toBeGreaterThanOrEqual(5);
		for (const op of operations) {
			const name = `${op.method} ${op.template}`;
			expect(op.operation.tags, name).toEqual(['Admin']);
			expect(op.operation.security, name).toEqual([{ sessionCookie: [] }]);
			expect(documentedErrorCodes(responseSchema(doc, op.operation, '401')), name).toContain('unauthenticated');
			expect(documentedErrorCodes(responseSchema(doc, op.operation, '403')), name).toContain('forbidden');
		}
	});

	it('answer 401 unauthenticated to anonymous callers', async () => {
		for (const op of operations) {
			const res = await call(op);
			expect(res.status, `${op.method} ${op.template}: ${res.text}`).toBe(401);
			expect(res.body.error.code).toBe('unauthenticated');
			expect(res.body.error.message).toMatch(/đăng nhập/);
		}
	});

	it('answer 403 forbidden to signed-in buyers and authors', async () => {
		for (const user of [buyer, author]) {
			for (const op of operations) {
				const res = await call(op, user.cookie);
				expect(res.status, `${op.method} ${op.template}: ${res.text}`).toBe(403);
				expect(res.body.error.code).toBe('forbidden');
				expect(res.body.error.message).toMatch(/quản trị/);
			}
		}
	});

	it('answer the same codes over tRPC', async () => {
		const input = encodeURIComponent(JSON.stringify({ pageSize: 5 }));
		const anonymous = await request(server.url, `/api/trpc/admin.users?input=${input}`);
		expect(anonymous.status).toBe(401);
		expect(anonymous.body.error.data.appCode).toBe('unauthenticated');
		const asBuyer = await request(server.url, `/api/trpc/admin.users?input=${input}`, { headers: { cookie: buyer.cookie } });
		expect(asBuyer.status).toBe(403);
		expect(asBuyer.body.error.data.appCode).toBe('forbidden');
		const mutation = await request(server.url, '/api/trpc/admin.changeRole', {
			method: 'POST',
			json: { id: buyer.userId, role: 'staff' },
			headers: { origin: server.url, cookie: buyer.cookie }
		});
		expect(mutation.status).toBe(403);
		// The buyer did not promote themself.
		expect((await request(server.url, '/api/auth/session', { headers: { cookie: buyer.cookie } })).body.user.role).toBe('customer');
	});
});
