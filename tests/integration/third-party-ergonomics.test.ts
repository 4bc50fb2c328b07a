/**
 * Issue 17, item 5, over real HTTP on the built server: CORS for anonymous
 * reads (and none for credentialed routes), Idempotency-Key on top-up orders,
 * and the VietQR payload text beside the image on both kinds of order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_ACCOUNT } from '../../src/lib/server/config';
import { vietQrDataUrl } from '../../src/lib/server/payments/vietqr';
import { checkout, sellable } from '../helpers/checkout';
import { resolveRefs } from '../helpers/fuzz/operations';
import { advanceClock, createUser, request, sql, type JsonResponse, type TestUser } from '../helpers/http';
import { createTopup, denominationId } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';
import { decodeTlv, emvCrc } from '../helpers/tlv';

let server: TestServer;
let base: string;
beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: 'true', TOPUP_ORDER_RATE_LIMIT: '100', CHECKOUT_RATE_LIMIT: '100' } });
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
});

const SITE = 'https://lop-hoc.example';
const EXPOSED = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'X-Request-Id'];

const fromSite = (path: string, init: RequestInit = {}) => request(base, path, { ...init, headers: { origin: SITE, ...(init.headers as Record<string, string>) } });
const preflight = (path: string, method = 'GET', headers = 'x-request-id') =>
	fromSite(path, { method: 'OPTIONS', headers: { 'access-control-request-method': method, 'access-control-request-headers': headers } });

function corsHeaders(res: JsonResponse): Record<string, string> {
	return Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-')));
}

function expectReadableAnywhere(res: JsonResponse): void {
	expect(res.headers.get('access-control-allow-origin')).toBe('*');
	expect(res.headers.get('access-control-allow-credentials')).toBeNull();
	const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
	expect(exposed).toEqual(expect.arrayContaining(EXPOSED));
}

describe('CORS on anonymous reads', () => {
	it('lets another site read the category tree, a listing, a product (even a 404), and the denominations', async () => {
		for (const path of ['/api/v1/catalog/categories', '/api/v1/catalog/categories/', '/api/v1/topup/denominations', '/api/v1/catalog/products/khong-co/san-pham-nay']) {
			const res = await fromSite(path);
			expect(res.status, path).toBe(path.includes('khong-co') ? 404 : 200);
			expectReadableAnywhere(res);
			expect(res.headers.get('x-request-id')).toBeTruthy();
		}
		const head = await fromSite('/api/v1/catalog/categories', { method: 'HEAD' });
		expect(head.status).toBe(200);
		expect(head.headers.get('access-control-allow-origin')).toBe('*');
	});

	it('exposes the search rate-limit headers it sends', async () => {
		const res = await fromSite('/api/v1/search?q=giao%20an%20toan');
		expect(res.status, res.text).toBe(200);
		expectReadableAnywhere(res);
		expect(Number(res.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
	});

	it('covers the discovery documents', async () => {
		for (const path of ['/openapi.json', '/llms.txt', '/auth.md', '/.well-known/api-catalog', '/.well-known/oauth-protected-resource']) {
			const res = await fromSite(path);
			expect(res.status, path).toBe(200);
			expectReadableAnywhere(res);
		}
	});

	it('answers a preflight to a public read with 204 and what it allows', async () => {
		for (const path of ['/api/v1/search?q=toan', '/api/v1/catalog/categories/lop-1', '/openapi.json']) {
			const res = await preflight(path);
			expect(res.status, path).toBe(204);
			expect(res.text).toBe('');
			expect(corsHeaders(res)).toEqual({
				'access-control-allow-origin': '*',
				'access-control-allow-methods': 'GET, HEAD, OPTIONS',
				'access-control-allow-headers': 'Accept, Accept-Language, Content-Language, If-None-Match, X-Request-Id',
				'access-control-max-age': '86400'
			});
		}
	});

	it('documents it in /openapi.json', async () => {
		const doc = await request(base, '/openapi.json');
		expect(doc.body.info.description).toContain('Access-Control-Allow-Origin: *');
	});
});

describe('credentialed routes stay same-origin', () => {
	it('send no CORS headers, signed in or not', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		const cases: JsonResponse[] = [
			await fromSite('/api/v1/wallet/balance'),
			await fromSite('/api/v1/wallet/balance', { headers: { cookie: user.cookie } }),
			await fromSite('/api/v1/checkout', { headers: { cookie: user.cookie } }),
			await fromSite('/api/auth/session', { headers: { cookie: user.cookie } }),
			// A foreign page may not post here at all (same-origin check), and may not read the refusal either.
			await fromSite('/api/v1/checkout', { method: 'POST', headers: { cookie: user.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ productId: product.id, paymentMethod: 'qr_direct' }) })
		];
		expect(cases.map((r) => r.status)).toEqual([401, 200, 200, 200, 403]);
		for (const res of cases) expect(corsHeaders(res)).toEqual({});
	});

	it('refuse a preflight: 405 in the envelope and no allow headers', async () => {
		for (const [path, method] of [
			['/api/v1/wallet/balance', 'GET'],
			['/api/v1/checkout', 'POST'],
			['/api/v1/topup/orders', 'POST'],
			['/api/v1/admin/users', 'GET']
		] as const) {
			const res = await preflight(path, method, 'content-type, idempotency-key');
			expect(res.status, path).toBe(405);
			expect(res.body.error.code).toBe('method_not_allowed');
			expect(corsHeaders(res), path).toEqual({});
		}
		const auth = await preflight('/api/auth/sign-in/email', 'POST', 'content-type');
		expect(auth.status).toBeGreaterThanOrEqual(400);
		expect(corsHeaders(auth)).toEqual({});
	});

	it('a plain OPTIONS (no preflight) to a public read is still 405 with Allow', async () => {
		const res = await request(base, '/api/v1/search', { method: 'OPTIONS' });
		expect(res.status).toBe(405);
		expect(res.headers.get('allow')).toContain('GET');
	});
});

describe('Idempotency-Key on POST /api/v1/topup/orders', () => {
	const topup = (user: TestUser, body: Record<string, unknown>, key?: string) => createTopup(base, user, body, key ? { 'idempotency-key': key } : {});
	const countTopups = async (user: TestUser) => (await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM topup_orders WHERE user_id = $1', [user.userId]))[0]!.n;

	it('replays the first top-up for the same key and body, and refuses another body with 422', async () => {
		const user = await createUser(base);
		const key = crypto.randomUUID();
		const body = { denominationId: await denominationId(base, '200000'), returnTo: '/vi' };
		const first = await topup(user, body, key);
		expect(first.status, first.text).toBe(200);
		expect(first.headers.get('idempotent-replayed')).toBeNull();
		const again = await topup(user, body, key);
		expect(again.status, again.text).toBe(200);
		expect(again.headers.get('idempotent-replayed')).toBe('true');
		expect(again.body.data).toEqual(first.body.data);

		const other = await topup(user, { ...body, denominationId: await denominationId(base, '100000') }, key);
		expect(other.status, other.text).toBe(422);
		expect(other.body.error).toMatchObject({ code: 'state_violation', details: { reason: 'idempotency_key_reused' } });
		expect(await countTopups(user)).toBe(1);

		// Without a key nothing is deduplicated: two requests, two top-ups.
		await topup(user, body);
		await topup(user, body);
		expect(await countTopups(user)).toBe(3);
	});

	it('keeps keys per account, and apart from checkout keys', async () => {
		const [ana, binh] = [await createUser(base), await createUser(base)];
		const key = crypto.randomUUID();
		const body = { denominationId: await denominationId(base, '50000') };
		const a = await topup(ana, body, key);
		const b = await topup(binh, body, key);
		expect([a.status, b.status]).toEqual([200, 200]);
		expect(b.body.data.id).not.toBe(a.body.data.id);
		expect(b.headers.get('idempotent-replayed')).toBeNull();

		const product = await sellable(base);
		const bought = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user: ana, headers: { 'idempotency-key': key } });
		expect(bought.status, bought.text).toBe(200);
		expect(bought.headers.get('idempotent-replayed')).toBeNull();
		const rows = await sql(base, 'SELECT kind, order_id, topup_order_id FROM checkout_idempotency_keys WHERE key = $1', [key]);
		expect(rows).toHaveLength(3);
		expect(rows).toEqual(
			expect.arrayContaining([
				{ kind: 'checkout', order_id: bought.body.data.id, topup_order_id: null },
				{ kind: 'topup', order_id: null, topup_order_id: a.body.data.id },
				{ kind: 'topup', order_id: null, topup_order_id: b.body.data.id }
			])
		);
	});

	it('remembers only requests that created a top-up', async () => {
		const user = await createUser(base);
		const key = crypto.randomUUID();
		const id = await denominationId(base, '500000');
		await sql(base, 'UPDATE topup_denominations SET is_active = false WHERE id = $1', [id]);
		try {
			expect((await topup(user, { denominationId: id }, key)).status).toBe(400);
		} finally {
			await sql(base, 'UPDATE topup_denominations SET is_active = true WHERE id = $1', [id]);
		}
		const created = await topup(user, { denominationId: id }, key);
		expect(created.status, created.text).toBe(200);
		expect(created.headers.get('idempotent-replayed')).toBeNull();
		expect(await countTopups(user)).toBe(1);
	});

	it('rejects a malformed key with 400', async () => {
		const res = await topup(await createUser(base), { denominationId: await denominationId(base, '50000') }, 'khoa co dau cach');
		expect(res.status).toBe(400);
		expect(res.body.error.details.fields[0].path).toBe('Idempotency-Key');
	});

	it('is documented on the operation', async () => {
		const op = (await request(base, '/openapi.json')).body.paths['/api/v1/topup/orders'].post;
		expect(op.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
		expect(Object.keys(op.responses['200'].headers)).toContain('Idempotent-Replayed');
	});
});

describe('qrPayload beside the VietQR image', () => {
	function expectPayloadOf(order: { qrPayload: string; qrUrl: string; paymentRef: string }, amountVnd: string): Promise<void> {
		const payload = order.qrPayload;
		const top = decodeTlv(payload);
		expect([...top.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
		expect(top.get('54')).toBe(amountVnd);
		expect(top.get('53')).toBe('704');
		expect(decodeTlv(top.get('62')!).get('08')).toBe(order.paymentRef);
		const merchant = decodeTlv(top.get('38')!);
		expect([...decodeTlv(merchant.get('01')!).values()]).toEqual([DEMO_PAYMENT_ACCOUNT.bankBin, DEMO_PAYMENT_ACCOUNT.accountNumber]);
		expect(emvCrc('123456789')).toBe('29B1');
		expect(top.get('63')).toBe(emvCrc(payload.slice(0, -4)));
		// The image is this text rendered: the same bytes as rendering it again.
		return vietQrDataUrl(payload).then((png) => expect(order.qrUrl).toBe(png));
	}

	it('comes with a pending top-up, on creation and on polling, and is null once it is no longer payable', async () => {
		const user = await createUser(base);
		const created = await createTopup(base, user, { denominationId: await denominationId(base, '100000') });
		expect(created.status, created.text).toBe(200);
		await expectPayloadOf(created.body.data, '100000');
		const polled = await request(base, `/api/v1/topup/orders/${created.body.data.id}`, { headers: { cookie: user.cookie } });
		expect(polled.body.data.qrPayload).toBe(created.body.data.qrPayload);

		await sql(base, `UPDATE topup_orders SET status = 'FAILED' WHERE id = $1`, [created.body.data.id]);
		const failed = await request(base, `/api/v1/topup/orders/${created.body.data.id}`, { headers: { cookie: user.cookie } });
		expect(failed.body.data).toMatchObject({ status: 'FAILED', qrUrl: null, qrPayload: null });
	});

	it('comes with a pending qr_direct checkout order, and is null for other methods', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '45000' });
		const qr = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user });
		expect(qr.status, qr.text).toBe(200);
		await expectPayloadOf(qr.body.data, '45000');
		const cash = await checkout(base, { productId: (await sellable(base)).id, paymentMethod: 'cash_manual' }, { user });
		expect(cash.body.data).toMatchObject({ status: 'PENDING', qrUrl: null, qrPayload: null });
	});

	it('is in the Order and TopupOrder schemas of /openapi.json', async () => {
		const doc = (await request(base, '/openapi.json')).body;
		const schemaOf = (path: string, method: string) => resolveRefs(doc.paths[path][method].responses['200'].content['application/json'].schema, doc).properties.data;
		for (const [path, method] of [
			['/api/v1/checkout', 'post'],
			['/api/v1/topup/orders', 'post']
		] as const) {
			const data = schemaOf(path, method);
			expect(data.properties.qrPayload, path).toEqual({ type: ['string', 'null'] });
			expect(data.required ?? [], path).not.toContain('qrPayload');
		}
	});
});

describe('the key TTL is the checkout one', () => {
	it('forgets a top-up key after IDEMPOTENCY_KEY_TTL_HOURS (24)', async () => {
		const user = await createUser(base);
		const key = crypto.randomUUID();
		const body = { denominationId: await denominationId(base, '50000') };
		const first = await createTopup(base, user, body, { 'idempotency-key': key });
		await advanceClock(base, 24 * 3_600_000 + 1000);
		const later = await createTopup(base, user, body, { 'idempotency-key': key });
		expect(later.status, later.text).toBe(200);
		expect(later.body.data.id).not.toBe(first.body.data.id);
		expect(later.headers.get('idempotent-replayed')).toBeNull();
	});
});
