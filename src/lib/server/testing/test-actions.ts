/**
 * Test hooks behind POST /api/internal/test/<action>: only in a test build
 * (see ../test-build.ts) and only with TEST_HOOKS on, which the config refuses
 * in production.
 * They let HTTP tests move the clock, reset limiter counters and read the
 * database (the server owns PGlite's directory, so tests cannot open it).
 */
import { json } from '@sveltejs/kit';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RequestEvent } from '@sveltejs/kit';
import { randomUUID } from 'node:crypto';
import { createSession, SESSION_COOKIE } from '$lib/server/auth/session';
import { userRoles, users } from '$lib/server/db/schema';
import { sign } from '$lib/server/platform/signing';
import { db } from '$lib/server/db/client';
import { advanceClock, nowMs, resetClock } from '$lib/server/platform/clock';
import { rateLimitStore, resetMemoryRateLimits } from '$lib/server/platform/ratelimit';
import { replaceStorage, storage, type ObjectStorage } from '$lib/server/platform/storage';
import { releaseStartupHold } from '$lib/server/startup';
import { publishLive } from '$lib/server/events/publish';
import { log } from '$lib/server/platform/logger';

const body = z.object({
	ms: z.number().int().optional(),
	query: z.string().optional(),
	params: z.array(z.unknown()).optional(),
	email: z.string().optional(),
	name: z.string().optional(),
	isVip: z.boolean().optional(),
	role: z.enum(userRoles).optional(),
	key: z.string().optional(),
	base64: z.string().optional(),
	contentType: z.string().optional(),
	fault: z.enum(['none', 'head', 'sign']).optional(),
	userIds: z.array(z.string()).optional(),
	type: z.string().optional(),
	data: z.unknown().optional(),
	// Checked by create-users itself, so a bad count is a 400 that says why rather than a thrown ZodError.
	count: z.unknown().optional()
});

/** How many users one create-users call makes at most (the concurrency suite's largest race needs 60). */
const MAX_TEST_USERS = 200;
const userCount = z.number().int().min(1).max(MAX_TEST_USERS);

type UserOptions = Pick<z.infer<typeof body>, 'email' | 'name' | 'isVip' | 'role'>;

/**
 * Signed-in users without going through the auth flows (which have their own tests): one INSERT for
 * the users, then a session each through the same createSession sign-in uses. create-user is the
 * count-1 case of create-users, so both answer with the same shape.
 */
async function createTestUsers(options: UserOptions, count: number): Promise<{ userId: string; email: string; cookie: string }[]> {
	const rows = Array.from({ length: count }, () => ({
		email: (options.email ?? `user-${randomUUID()}@test.hoclieu.vn`).toLowerCase(),
		name: options.name ?? 'Cô giáo Thử',
		isVip: options.isVip ?? false,
		role: options.role ?? 'customer'
	}));
	const created = await db().insert(users).values(rows).returning({ id: users.id, email: users.email });
	return Promise.all(
		created.map(async (user) => {
			const { token } = await createSession(user.id, { userAgent: 'test-hooks', ip: '127.0.0.1' });
			return { userId: user.id, email: user.email, cookie: `${SESSION_COOKIE}=${sign('session', token)}` };
		})
	);
}

const badInput = (message: string) => json({ error: { code: 'validation_error', message } }, { status: 400 });

/** Makes one storage operation fail, to prove callers degrade to 503 and give quota back. */
function faulty(inner: ObjectStorage, fault: 'head' | 'sign'): ObjectStorage {
	const broken = () => Promise.reject(Object.assign(new Error('injected storage fault'), { code: 'ECONNREFUSED' }));
	return {
		kind: inner.kind,
		maxPutBytes: inner.maxPutBytes,
		uploadOrigin: inner.uploadOrigin,
		put: (key, bytes, type) => inner.put(key, bytes, type),
		delete: (key) => inner.delete(key),
		head: fault === 'head' ? broken : (key) => inner.head(key),
		signedGetUrl: fault === 'sign' ? broken : (key, ttl, name) => inner.signedGetUrl(key, ttl, name),
		signedPutUrl: (key, ttl, object) => inner.signedPutUrl(key, ttl, object),
		signedMultipartPut: (key, ttl, object, partBytes) => inner.signedMultipartPut(key, ttl, object, partBytes),
		completeMultipart: (key, uploadId, parts) => inner.completeMultipart(key, uploadId, parts),
		abortMultipart: (key, uploadId) => inner.abortMultipart(key, uploadId),
		read: (key) => inner.read(key),
		ping: () => inner.ping()
	};
}

export async function testAction({ params, request }: Pick<RequestEvent<{ action: string }>, 'params' | 'request'>): Promise<Response> {
	const input = body.parse(await request.json().catch(() => ({})));
	switch (params.action) {
		case 'clock-advance':
			advanceClock(input.ms ?? 0);
			return json({ now: new Date(nowMs()).toISOString() });
		case 'release-startup':
			releaseStartupHold();
			return json({ ok: true });
		case 'delay':
			// A slow request for the graceful-shutdown test: it must still get its answer after SIGTERM.
			log.info('test delay started', { ms: input.ms ?? 0 });
			await new Promise((resolve) => setTimeout(resolve, input.ms ?? 0));
			log.info('test delay finished');
			return json({ ok: true, delayedMs: input.ms ?? 0 });
		case 'clock-reset':
			resetClock();
			return json({ now: new Date(nowMs()).toISOString() });
		case 'ratelimit-reset':
			resetMemoryRateLimits();
			// A shared store (Redis/Upstash) keeps counters under this server's own prefix.
			await rateLimitStore().clear?.();
			return json({ ok: true });
		case 'sql': {
			const chunks = (input.query ?? '').split(/\$\d+/);
			const query = sql.join(
				chunks.map((text, i) => (i < chunks.length - 1 ? sql`${sql.raw(text)}${input.params?.[i]}` : sql.raw(text)))
			);
			const result = await db().execute(query);
			const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
			return json({ rows: JSON.parse(JSON.stringify(rows, (_, v) => (typeof v === 'bigint' ? v.toString() : v))) });
		}
		case 'publish-live': {
			// What a feature does in its own transaction (the live-events tests and bench have no feature of their own to call it).
			await db().transaction((tx) => publishLive(tx, input.userIds ?? [], { type: input.type ?? 'test', data: input.data ?? null }));
			return json({ ok: true });
		}
		case 'create-user': {
			const [user] = await createTestUsers(input, 1);
			return json(user);
		}
		case 'create-users': {
			// Many users in one request, for suites that need fifty buyers per race (tests/integration/concurrency.test.ts).
			const count = userCount.safeParse(input.count);
			if (!count.success) return badInput(`count must be an integer from 1 to ${MAX_TEST_USERS}.`);
			if (input.email !== undefined && count.data > 1) return badInput('email names one user: leave it out when count is more than 1.');
			return json(await createTestUsers(input, count.data));
		}
		case 'store-file': {
			// Tests put bytes through the configured storage (the server owns its data directory).
			const bytes = Buffer.from(input.base64 ?? '', 'base64');
			await storage().put(input.key ?? '', bytes, input.contentType ?? 'application/octet-stream');
			return json({ key: input.key, size: bytes.byteLength });
		}
		case 'storage-fault': {
			const fault = input.fault ?? 'none';
			replaceStorage(fault === 'none' ? null : (inner) => faulty(inner, fault));
			return json({ fault });
		}
		default:
			return json({ error: { code: 'not_found', message: 'Không tìm thấy.' } }, { status: 404 });
	}
}
