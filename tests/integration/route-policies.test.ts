/**
 * What a route declares is what is enforced (docs/architecture.md#one-route-builder, ADR 010): for
 * every operation of the served /openapi.json, its declared auth (`x-auth`)
 * refuses anonymous callers with 401 and callers without the role with 403,
 * its declared rate limit (RateLimit-* headers on its success response) trips
 * with 429 and Retry-After, and every mutation refuses a foreign Origin with
 * 403. The operations come from the document alone: a route added later is
 * covered without touching this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfWindowEdge, createUser, MINUTE_WINDOW, request, type TestUser } from '../helpers/http';
import { operationsUnder, type SampleOperation } from '../helpers/openapi-samples';
import { startServer, type TestServer } from '../helpers/server';

/** Every request-counting limit of the documented routes, lowered so each trips within a few calls. */
const LIMIT = 3;
const LIMITS = {
	RATE_LIMIT_SEARCH_MAX: String(LIMIT),
	MUSIC_DOWNLOAD_RATE_PER_MINUTE: String(LIMIT),
	TOPUP_ORDER_RATE_LIMIT: String(LIMIT),
	TOPUP_PROMO_RATE_LIMIT: String(LIMIT),
	GIFTCODE_FAILURE_LIMIT: String(LIMIT),
	REPORT_RATE_LIMIT: String(LIMIT),
	CONVERSATION_RATE_LIMIT: String(LIMIT),
	MESSAGE_RATE_LIMIT: String(LIMIT),
	CHECKOUT_RATE_LIMIT: String(LIMIT),
	CHECKOUT_PROMO_RATE_LIMIT: String(LIMIT),
	CART_RATE_LIMIT: String(LIMIT),
	DOWNLOAD_TOKEN_RATE_LIMIT: String(LIMIT),
	UPLOAD_SLOTS_PER_HOUR: String(LIMIT),
	AUTH_RATE_PER_EMAIL: String(LIMIT),
	AUTH_RATE_PER_IP: String(LIMIT),
	AUTH_MAIL_PER_EMAIL: String(LIMIT),
	AUTH_MAIL_PER_IP: String(LIMIT)
};

/**
 * A body that reaches the limiter. Most limits count every request before the
 * body is read; the auth flows count per e-mail address once the body is
 * valid, and gift codes count failed attempts (a well-formed code nobody issued).
 */
function limitedBody(op: SampleOperation): unknown {
	if (op.template.endsWith('/giftcode/redeem')) return { code: `NOPE-${crypto.randomUUID().slice(0, 8)}` };
	if (!/^\/api\/(internal\/)?auth\//.test(op.template) || typeof op.body !== 'object' || op.body === null) return undefined;
	const body: Record<string, unknown> = { ...op.body };
	if ('email' in body) body.email = `policy-${crypto.randomUUID().slice(0, 12)}@example.com`;
	if ('password' in body) body.password = 'mot mat khau that dai 2026';
	if ('newPassword' in body) body.newPassword = 'mot mat khau that dai 2026';
	if ('otp' in body) body.otp = '000000';
	return body;
}

let server: TestServer;
let doc: Record<string, any>;
let operations: SampleOperation[];
let customer: TestUser;
let author: TestUser;

beforeAll(async () => {
	server = await startServer({ env: LIMITS });
	doc = (await request(server.url, '/openapi.json')).body;
	operations = operationsUnder(doc, '/api/');
	customer = await createUser(server.url);
	author = await createUser(server.url, { role: 'author' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

const name = (op: SampleOperation) => `${op.method} ${op.template}`;
/** The standard envelope's code, or the legacy flat one (music quota, docs/api.md#errors). */
const codeOf = (body: any): string | undefined => body?.error?.code ?? body?.code;
const authOf = (op: SampleOperation): string => op.operation['x-auth'];
const isRateLimited = (op: SampleOperation) => Boolean(op.operation.responses?.['200']?.headers?.['RateLimit-Limit']);

function call(op: SampleOperation, o: { cookie?: string; origin?: string; body?: unknown } = {}) {
	const body = o.body ?? op.body;
	return request(server.url, op.path, {
		method: op.method,
		...(op.method !== 'GET' && body !== undefined ? { json: body } : {}),
		headers: { origin: o.origin ?? server.url, ...(o.cookie ? { cookie: o.cookie } : {}) }
	});
}

describe('declared policies in /openapi.json', () => {
	it('every operation declares its auth requirement', () => {
		expect(operations.length).toBeGreaterThanOrEqual(19);
		const known = ['none', 'optional-session', 'session', 'session-or-guest', 'session-or-order-cookie', 'token', 'staff', 'author'];
		for (const op of operations) expect(known, name(op)).toContain(authOf(op));
		expect(operations.filter(isRateLimited).length).toBeGreaterThanOrEqual(8);
	});

	it('routes that need a session refuse anonymous callers with 401', async () => {
		const gated = operations.filter((op) => ['session', 'staff', 'author'].includes(authOf(op)));
		expect(gated.length).toBeGreaterThanOrEqual(10);
		for (const op of gated) {
			const res = await call(op);
			expect(res.status, `${name(op)}: ${res.text}`).toBe(401);
			// The legacy flat shape (music quota, docs/api.md#errors) names it `unauthorized`.
			expect(codeOf(res.body), name(op)).toBe(res.body.error ? 'unauthenticated' : 'unauthorized');
		}
	});

	it('staff routes refuse customers and authors, author routes refuse customers, with 403', async () => {
		const cases = operations.flatMap((op) =>
			authOf(op) === 'staff' ? [customer, author].map((user) => ({ op, user })) : authOf(op) === 'author' ? [{ op, user: customer }] : []
		);
		expect(cases.some((c) => authOf(c.op) === 'staff')).toBe(true);
		expect(cases.some((c) => authOf(c.op) === 'author')).toBe(true);
		for (const { op, user } of cases) {
			const res = await call(op, { cookie: user.cookie });
			expect(res.status, `${name(op)}: ${res.text}`).toBe(403);
			expect(codeOf(res.body), name(op)).toBe('forbidden');
		}
	});

	it('mutations refuse a foreign Origin with 403, even with a valid session', async () => {
		const mutations = operations.filter((op) => op.method !== 'GET');
		expect(mutations.length).toBeGreaterThanOrEqual(10);
		const staff = await createUser(server.url, { role: 'staff' });
		for (const op of mutations) {
			const res = await call(op, { cookie: staff.cookie, origin: 'https://evil.example' });
			expect(res.status, `${name(op)}: ${res.text}`).toBe(403);
			expect(codeOf(res.body), name(op)).toBe('forbidden');
		}
	});

	it('declared rate limits trip: 429 rate_limited with Retry-After and RateLimit-* headers', async () => {
		for (const op of operations.filter(isRateLimited)) {
			// A fresh account per operation: per-account budgets start full.
			const user = await createUser(server.url, { role: 'staff' });
			// Every declared window is whole minutes: clear of a minute's edge is clear of all of them.
			await clearOfWindowEdge(server.url, MINUTE_WINDOW, 10_000);
			let last: Awaited<ReturnType<typeof call>> | undefined;
			for (let i = 0; i <= LIMIT; i++) {
				last = await call(op, { cookie: user.cookie, body: limitedBody(op) });
				expect(last.status, `${name(op)} #${i + 1}: ${last.text}`).not.toBe(500);
				expect(last.headers.get('ratelimit-limit'), `${name(op)} #${i + 1}`).not.toBeNull();
				if (last.status === 429) break;
			}
			expect(last!.status, `${name(op)}: ${last!.text}`).toBe(429);
			expect(codeOf(last!.body), name(op)).toBe('rate_limited');
			expect(Number(last!.headers.get('retry-after')), name(op)).toBeGreaterThanOrEqual(1);
			expect(last!.headers.get('ratelimit-remaining'), name(op)).toBe('0');
		}
	});
});
