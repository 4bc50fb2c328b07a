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
