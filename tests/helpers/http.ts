/** Small HTTP helpers for tests against a running server. */
export interface JsonResponse<T = unknown> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export async function request<T = any>(base: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<JsonResponse<T>> {
	const headers = new Headers(init.headers);
	let body = init.body;
	if (init.json !== undefined) {
		headers.set('content-type', 'application/json');
		body = JSON.stringify(init.json);
	}
	const res = await fetch(base + path, { ...init, headers, body, redirect: 'manual' });
	const text = await res.text();
	let parsed: unknown = undefined;
	try {
		parsed = text ? JSON.parse(text) : undefined;
	} catch {
		parsed = undefined;
	}
	return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/** A series' value from the server's /metrics (`name{labels}` exactly as exposed), 0 before its first count. */
export async function metricValue(base: string, token: string, series: string): Promise<number> {
	const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
	if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
	const line = (await res.text()).split('\n').find((l) => l.startsWith(`${series} `));
	return line ? Number(line.split(' ').pop()) : 0;
}

/** Runs SQL inside the server through the test hooks (works for PGlite and PostgreSQL). */
export async function sql<T = Record<string, unknown>>(base: string, query: string, params: unknown[] = []): Promise<T[]> {
	const res = await request<{ rows: T[] }>(base, '/api/internal/test/sql', { method: 'POST', json: { query, params } });
	if (res.status !== 200) throw new Error(`sql hook failed (${res.status}): ${res.text}`);
	return res.body.rows;
}

export async function advanceClock(base: string, ms: number): Promise<void> {
	const res = await request(base, '/api/internal/test/clock-advance', { method: 'POST', json: { ms } });
	if (res.status !== 200) throw new Error(`clock hook failed: ${res.text}`);
}

/** The server's clock (it may have been moved by earlier tests); the rate limiters follow it. */
export async function serverNow(base: string): Promise<Date> {
	const res = await request<{ now: string }>(base, '/api/internal/test/clock-advance', { method: 'POST', json: { ms: 0 } });
	if (res.status !== 200) throw new Error(`clock hook failed (${res.status}): ${res.text}`);
	return new Date(res.body.now);
}

/** Fixed windows of the rate limits the suites count to their end (the policies' `windowMs`). */
export const MINUTE_WINDOW = 60_000;
export const QUARTER_HOUR_WINDOW = 15 * 60_000;
export const HOUR_WINDOW = 60 * 60_000;

/**
 * Waits, when needed, until at least `needMs` of the server's current fixed window of `windowMs`
 * is left, so a burst that counts a budget to its end sits inside one window.
 *
 * The limiters' sliding window (src/lib/server/platform/ratelimit/memory-store.ts, and Upstash's
 * on Redis) weighs the last window by floor(count × (1 − elapsed)): from the first moment of the
 * next window a burst that straddles the edge gets one request more than its budget, and a test
 * expecting the 429 at the budget's end sees 200. It waits in real time rather than moving the
 * server's clock, which would also age the sessions, codes and links a test holds.
 */
export async function clearOfWindowEdge(base: string, windowMs: number, needMs = Math.min(20_000, windowMs / 4)): Promise<void> {
	if (!Number.isFinite(windowMs) || windowMs <= 0 || !(needMs > 0) || needMs >= windowMs) {
		throw new Error(`clearOfWindowEdge: cannot keep ${needMs} ms clear of a ${windowMs} ms window`);
	}
	const now = (await serverNow(base)).getTime();
	const left = windowMs - (now % windowMs);
	if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

export interface TestUser {
	userId: string;
	email: string;
	/** `auth.session_data=…`, ready for a Cookie header. */
	cookie: string;
}

/** A fresh signed-in user created through the test hooks. */
export async function createUser(base: string, opts: { email?: string; name?: string; isVip?: boolean; role?: 'customer' | 'author' | 'staff' } = {}): Promise<TestUser> {
	const res = await request<TestUser>(base, '/api/internal/test/create-user', { method: 'POST', json: opts });
	if (res.status !== 200) throw new Error(`create-user hook failed (${res.status}): ${res.text}`);
	return res.body;
}

/**
 * `count` fresh signed-in users in one request (the create-users hook, 1 to 200), each as
 * createUser returns it: suites that need fifty buyers pay for one request, not fifty.
 */
export async function createUsers(base: string, count: number, opts: { name?: string; isVip?: boolean; role?: 'customer' | 'author' | 'staff' } = {}): Promise<TestUser[]> {
	const res = await request<TestUser[]>(base, '/api/internal/test/create-users', { method: 'POST', json: { ...opts, count } });
	if (res.status !== 200) throw new Error(`create-users hook failed (${res.status}): ${res.text}`);
	return res.body;
}
