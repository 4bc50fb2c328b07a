/**
 * The live event stream GET /api/v1/events (README "Live event stream", ADR 020)
 * against the built server:
 * - 401 in the contract's envelope without a session; `retry:` advice and
 *   heartbeat comment lines at LIVE_HEARTBEAT_MS;
 * - an event published in a transaction reaches the person's streams, ids grow
 *   by one per person, and 30 concurrent publishes arrive each once, in order;
 *   a person holds at most 16 streams on a server (429 beyond), counted in /metrics;
 * - `Last-Event-ID` (header or query) resumes without loss or duplicates;
 *   events pruned after LIVE_RETENTION_HOURS answer `resync`;
 * - signing out (or staff disabling the account) ends the stream;
 * - a staff refund through the API arrives as a live `notification`; a question
 *   and its reply in a conversation arrive live on both sides as `message`;
 * - with TEST_DATABASE_URL: two servers on one PostgreSQL database, an event
 *   published through A, and a message posted through A's REST API, reach a
 *   client of B within 1 s.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, getOrder, sellable } from '../helpers/checkout';
import { advanceClock, createUser, metricValue, request, sql, type TestUser } from '../helpers/http';
import { payReference } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { openSse, type SseClient } from '../helpers/sse';

const HEARTBEAT_MS = 200;
const METRICS_TOKEN = randomBytes(32).toString('base64url');
// One secret on both servers of the two-server test, so a session cookie made on one is good on the other.
const SECRETS = { AUTH_SECRET: randomBytes(32).toString('base64url'), SIGNING_SECRET: randomBytes(32).toString('base64url') };
let server: TestServer;
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
	server = await startServer({
		env: { ...SECRETS, METRICS_TOKEN, LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS), LIVE_RETRY_MS: '1500', LIVE_PRUNE_INTERVAL_MS: '200', CHECKOUT_RATE_LIMIT: '1000' }
	});
	base = server.url;
}, 120_000);
afterAll(async () => {
	for (const c of open) c.close();
	await server?.stop();
});

async function stream(who: TestUser | undefined, headers: Record<string, string> = {}, on = base, query = ''): Promise<SseClient> {
	const c = await openSse(on, `/api/v1/events${query}`, { ...(who ? { cookie: who.cookie } : {}), ...headers });
	open.push(c);
	return c;
}

async function publish(on: string, userIds: string[], type: string, data: unknown) {
	const res = await request(on, '/api/internal/test/publish-live', { method: 'POST', json: { userIds, type, data } });
	expect(res.status, res.text).toBe(200);
}

/** Data is JSON (jsonb keeps its own key order): compared as values. */
const parsed = (c: SseClient) => c.events.map((e) => ({ ...e, data: JSON.parse(e.data) as unknown }));
const ofType = (c: SseClient, type: string) => c.events.filter((e) => e.event === type);
/** The stream has read its starting point: what is published from here reaches it. */
const started = (c: SseClient) => c.waitFor((x) => x.comments.includes('ready'), 5_000, 'ready comment');

describe('the stream', () => {
	it('answers 401 in the envelope without a session', async () => {
		const c = await stream(undefined);
		expect(c.status).toBe(401);
		expect(JSON.parse(c.text!).error.code).toBe('unauthenticated');
		const forged = await stream(undefined, { cookie: 'auth.session_data=abc.def' });
		expect(forged.status).toBe(401);
	});

	it('is an uncompressed, uncached event stream with retry advice and heartbeats', async () => {
		const user = await createUser(base);
		const c = await stream(user, { 'accept-encoding': 'gzip, br' });
		expect(c.status).toBe(200);
		expect(c.headers.get('content-type')).toMatch(/^text\/event-stream/);
		expect(c.headers.get('cache-control')).toBe('no-store');
		expect(c.headers.get('content-encoding')).toBeNull();
		await c.waitFor((x) => x.retry === 1500, 2_000, 'retry advice');
		// Three heartbeats take at least three intervals: waiting for them is waiting for the interval.
		await c.waitFor((x) => x.comments.filter((l) => l === 'ping').length >= 3, 20 * HEARTBEAT_MS, 'heartbeats');
		c.close();
	});

	it('delivers a published event to every stream of its person only, with ids growing by one', async () => {
		const [ann, bao] = await Promise.all([createUser(base), createUser(base)]);
		const [a1, a2, b] = await Promise.all([stream(ann), stream(ann), stream(bao)]);
		await Promise.all([a1, a2, b].map(started));
		await publish(base, [ann.userId], 'message', { conversationId: 'c1', message: { body: 'Có file Word không ạ?' } });
		await publish(base, [ann.userId, bao.userId], 'notification', { title: 'Xin chào' });
		for (const c of [a1, a2]) {
			await c.waitFor((x) => x.events.length === 2);
			expect(parsed(c)).toEqual([
				{ id: '1', event: 'message', data: { conversationId: 'c1', message: { body: 'Có file Word không ạ?' } } },
				{ id: '2', event: 'notification', data: { title: 'Xin chào' } }
			]);
		}
		await b.waitFor((x) => x.events.length === 1);
		expect(parsed(b)).toEqual([{ id: '1', event: 'notification', data: { title: 'Xin chào' } }]);
	});

	it('delivers 30 concurrent publishes each once, in id order', async () => {
		const user = await createUser(base);
		const c = await stream(user);
		await started(c);
		await Promise.all(Array.from({ length: 30 }, (_, i) => publish(base, [user.userId], 'message', { n: i })));
		await c.waitFor((x) => x.events.length >= 30, 10_000, '30 events');
		expect(c.events.map((e) => e.id)).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
		expect(new Set(c.events.map((e) => JSON.parse(e.data).n)).size).toBe(30);
	});

	it('holds at most 16 streams per person on a server: the 17th answers 429 with Retry-After until one closes', async () => {
		const user = await createUser(base);
		const streams = await Promise.all(Array.from({ length: 16 }, () => stream(user)));
		await Promise.all(streams.map(started));
		// Other tests' streams may still be open: at least these 16 are counted.
		expect(await metricValue(base, METRICS_TOKEN, 'hoclieu_live_streams')).toBeGreaterThanOrEqual(16);
		const refused = await stream(user);
		expect(refused.status).toBe(429);
		expect(refused.headers.get('retry-after')).toBe('60');
		expect(JSON.parse(refused.text!).error.code).toBe('rate_limited');
		streams[0]!.close();
		// The server learns of the closed connection asynchronously: ask until it has.
		const deadline = Date.now() + 5_000;
		let again = await stream(user);
		while (again.status === 429 && Date.now() < deadline) {
			await new Promise((r) => setTimeout(r, 50));
			again = await stream(user);
		}
		expect(again.status).toBe(200);
		for (const c of [...streams, again]) c.close();
	});

	it('carries an event too big for a NOTIFY payload (read back from the log)', async () => {
		const user = await createUser(base);
		const c = await stream(user);
		await started(c);
		const body = 'ầ'.repeat(6_000);
		await publish(base, [user.userId], 'message', { body });
		await c.waitFor((x) => x.events.length === 1);
		expect(JSON.parse(c.events[0]!.data)).toEqual({ body });
	});
});

describe('resuming', () => {
	it('replays exactly what came after Last-Event-ID, then goes on live', async () => {
		const user = await createUser(base);
		const first = await stream(user);
		await started(first);
		for (let i = 1; i <= 3; i++) await publish(base, [user.userId], 'message', { n: i });
		await first.waitFor((x) => x.events.length === 3);
		first.close();
		// Published while nobody listens.
		for (let i = 4; i <= 6; i++) await publish(base, [user.userId], 'message', { n: i });

		const resumed = await stream(user, { 'last-event-id': first.events[2]!.id! });
		await resumed.waitFor((x) => x.events.length === 3);
		await publish(base, [user.userId], 'message', { n: 7 });
		await resumed.waitFor((x) => x.events.length === 4);
		expect(resumed.events.map((e) => [e.id, JSON.parse(e.data).n])).toEqual([['4', 4], ['5', 5], ['6', 6], ['7', 7]]);

		// The query parameter does the same for clients that cannot send the header.
		const byQuery = await stream(user, {}, base, '?lastEventId=5');
		await byQuery.waitFor((x) => x.events.length === 2);
		expect(byQuery.events.map((e) => e.id)).toEqual(['6', '7']);

		// A new stream (no Last-Event-ID) starts after the newest event.
		const fresh = await stream(user);
		await started(fresh);
		await publish(base, [user.userId], 'message', { n: 8 });
		await fresh.waitFor((x) => x.events.length === 1);
		expect(fresh.events[0]!.id).toBe('8');
	});

	it('refuses a Last-Event-ID that is not an event id', async () => {
		const user = await createUser(base);
		const c = await stream(user, { 'last-event-id': 'abc' });
		expect(c.status).toBe(400);
		expect(JSON.parse(c.text!).error.code).toBe('validation_error');
	});

	it('answers resync when the events after Last-Event-ID were pruned', async () => {
		const user = await createUser(base);
		for (let i = 1; i <= 3; i++) await publish(base, [user.userId], 'message', { n: i });
		await advanceClock(base, 25 * 3_600_000);
		try {
			// The prune job runs every 200 ms here; wait for it to have removed them.
			const deadline = Date.now() + 10_000;
			while ((await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM live_events WHERE user_id = $1', [user.userId]))[0]!.n > 0) {
				if (Date.now() > deadline) throw new Error('live events were not pruned');
				await new Promise((r) => setTimeout(r, 100));
			}
			const c = await stream(user, { 'last-event-id': '1' });
			await c.waitFor((x) => x.events.length === 1);
			expect(c.events[0]).toEqual({ id: '3', event: 'resync', data: '{}' });
			await publish(base, [user.userId], 'message', { n: 4 });
			await c.waitFor((x) => x.events.length === 2);
			expect(c.events[1]!.id).toBe('4');
		} finally {
			await request(base, '/api/internal/test/clock-reset', { method: 'POST', json: {} });
		}
	});
});

describe('ending', () => {
	it('ends when the person signs out, and only that session\'s streams', async () => {
		const user = await createUser(base);
		const other = await createUser(base);
		const mine = await stream(user);
		const theirs = await stream(other);
		await Promise.all([started(mine), started(theirs)]);
		const out = await request(base, '/api/auth/sign-out', { method: 'POST', headers: { origin: base, cookie: user.cookie } });
		expect(out.status, out.text).toBe(200);
		await mine.waitFor((x) => x.isEnded(), 2_000, 'end of stream');
		expect(theirs.isEnded()).toBe(false);
		expect((await stream(user)).status).toBe(401);
	});

	it('ends when staff disable the account', async () => {
		const [staff, user] = await Promise.all([createUser(base, { role: 'staff' }), createUser(base)]);
		const c = await stream(user);
		await started(c);
		const res = await request(base, `/api/v1/admin/users/${user.userId}/disable`, { method: 'POST', headers: { origin: base, cookie: staff.cookie }, json: { reason: 'Gửi thư rác liên tục' } });
		expect(res.status, res.text).toBe(200);
		await c.waitFor((x) => x.isEnded(), 2_000, 'end of stream');
	});
});

describe('notifications', () => {
	it('a staff refund through the API reaches the buyer as a live notification', async () => {
		const [staff, buyer] = await Promise.all([createUser(base, { role: 'staff' }), createUser(base)]);
		const c = await stream(buyer);
		await started(c);
		const product = await sellable(base, { priceVnd: '45000' });
		const created = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer });
		expect(created.status, created.text).toBe(200);
		expect((await payReference(base, created.body.data.paymentRef, 45000)).body.status).toBe('matched');
		const order = (await getOrder(base, created.body.data.id, buyer.cookie)).body.data;

		// Paying tells the buyer "order paid", and once the receipt is settled (no SMTP here: suppressed) "receipt ready".
		await c.waitFor((x) => ofType(x, 'notification').length === 2, 5_000, 'order.paid, order.receipt_ready');
		const refund = await request(base, `/api/v1/admin/orders/${order.id}/refund`, { method: 'POST', headers: { origin: base, cookie: staff.cookie }, json: { reason: 'Tệp bị lỗi, đã kiểm tra' } });
		expect(refund.status, refund.text).toBe(200);
		await c.waitFor((x) => ofType(x, 'notification').length === 3, 5_000, 'order.refunded');

		// Each event is the notification as the list shows it.
		const list = await request(base, '/api/v1/notifications', { headers: { cookie: buyer.cookie } });
		const live = ofType(c, 'notification').map((e) => JSON.parse(e.data));
		expect(live.map((n) => n.kind)).toEqual(['order.paid', 'order.receipt_ready', 'order.refunded']);
		expect([...live].reverse()).toEqual(list.body.data);
	});
});

/** A product of `author` that buyers can ask about. */
async function authoredProduct(author: TestUser): Promise<string> {
	const product = await sellable(base, { priceVnd: '30000' });
	await sql(base, 'UPDATE products SET author_id = $1 WHERE id = $2', [author.userId, product.id]);
	return product.id;
}
const post = (on: string, who: TestUser, path: string, json: unknown) => request(on, path, { method: 'POST', headers: { origin: on, cookie: who.cookie }, json });

describe('messages', () => {
	it('a question and its reply arrive live on both sides, as the message list shows them without `mine`', async () => {
		const [author, buyer] = await Promise.all([createUser(base, { role: 'author' }), createUser(base)]);
		const productId = await authoredProduct(author);
		const [toAuthor, toBuyer] = await Promise.all([stream(author), stream(buyer)]);
		await Promise.all([started(toAuthor), started(toBuyer)]);

		const asked = await post(base, buyer, '/api/v1/conversations', { productId, body: 'Có file Word không ạ?' });
		expect(asked.status, asked.text).toBe(200);
		const conversationId = asked.body.data.conversation.id as string;
		await toAuthor.waitFor((x) => ofType(x, 'message').length === 1 && ofType(x, 'notification').length === 1, 5_000, 'the question');
		await toBuyer.waitFor((x) => ofType(x, 'message').length === 1, 5_000, "the buyer's own question");
		const listed = (await request(base, `/api/v1/conversations/${conversationId}/messages`, { headers: { cookie: author.cookie } })).body.data;
		const { mine: _mine, ...question } = listed[0];
		expect(JSON.parse(ofType(toAuthor, 'message')[0]!.data)).toEqual({ conversationId, message: question });
		expect(JSON.parse(ofType(toAuthor, 'notification')[0]!.data).kind).toBe('conversation.question');

		const replied = await post(base, author, `/api/v1/conversations/${conversationId}/messages`, { body: 'Có ạ, trong tệp nén.' });
		expect(replied.status, replied.text).toBe(200);
		await toBuyer.waitFor((x) => ofType(x, 'message').length === 2 && ofType(x, 'notification').length === 1, 5_000, 'the reply');
		expect(JSON.parse(ofType(toBuyer, 'message')[1]!.data).message).toMatchObject({ body: 'Có ạ, trong tệp nén.', senderId: author.userId });
		// Nobody else hears it.
		const stranger = await createUser(base);
		const theirs = await stream(stranger);
		await started(theirs);
		expect(ofType(theirs, 'message')).toEqual([]);
	});
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two servers on one PostgreSQL database', () => {
	let other: TestServer;
	beforeAll(async () => {
		other = await startServer({ freshDatabase: false, env: { ...SECRETS, DATABASE_URL: server.databaseUrl } });
	}, 120_000);
	afterAll(async () => {
		await other?.stop();
	});

	it('an event published through A reaches a client of B within 1 s, and B resumes what A published', async () => {
		const user = await createUser(base);
		// B's LISTEN connection opens after its start-up: wait until it is there.
		const deadline = Date.now() + 10_000;
		while (
			(await sql<{ n: number }>(base, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'hoclieu-live-listener' AND datname = current_database()"))[0]!.n < 2
		) {
			if (Date.now() > deadline) throw new Error('the second server never listened');
			await new Promise((r) => setTimeout(r, 100));
		}
		const onB = await stream(user, {}, other.url);
		await started(onB);
		const sentAt = Date.now();
		await publish(base, [user.userId], 'message', { conversationId: 'c2', message: { body: 'Dùng cho bộ Cánh diều được không?' } });
		await onB.waitFor((x) => x.events.length === 1, 1_000, 'the event from A');
		expect(Date.now() - sentAt).toBeLessThan(1_000);
		onB.close();

		await publish(base, [user.userId], 'message', { n: 2 });
		const resumed = await stream(user, { 'last-event-id': '1' }, other.url);
		await resumed.waitFor((x) => x.events.length === 1);
		expect(resumed.events[0]!.id).toBe('2');
	});

	it('a message posted through A reaches the author on B within 1 s', async () => {
		const [author, buyer] = await Promise.all([createUser(base, { role: 'author' }), createUser(base)]);
		const productId = await authoredProduct(author);
		const onB = await stream(author, {}, other.url);
		await started(onB);
		const sentAt = Date.now();
		const asked = await post(base, buyer, '/api/v1/conversations', { productId, body: 'Dùng cho bộ Cánh diều được không?' });
		expect(asked.status, asked.text).toBe(200);
		await onB.waitFor((x) => ofType(x, 'message').length === 1, 1_000, 'the message from A');
		expect(Date.now() - sentAt).toBeLessThan(1_000);
		expect(JSON.parse(ofType(onB, 'message')[0]!.data).message.body).toBe('Dùng cho bộ Cánh diều được không?');
	});
});

describe('server shutdown', () => {
	it('ends open streams on SIGTERM, so the process exits at once and clients reconnect elsewhere', async () => {
		const own = await startServer({ env: { ...SECRETS } });
		try {
			const user = await createUser(own.url);
			const c = await stream(user, {}, own.url);
			await started(c);
			const exited = new Promise<number | null>((r) => own.child.once('exit', (code) => r(code)));
			const t0 = Date.now();
			own.child.kill('SIGTERM');
			// Without the streams ending, adapter-node would wait SHUTDOWN_TIMEOUT (30 s) for their connections.
			await c.waitFor((x) => x.isEnded(), 5_000, 'end of stream');
			expect(await exited).toBe(0);
			expect(Date.now() - t0).toBeLessThan(10_000);
		} finally {
			await own.stop();
		}
	}, 60_000);
});
