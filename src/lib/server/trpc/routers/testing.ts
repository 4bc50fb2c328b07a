/**
 * Test-only procedures that exercise every facade feature over real HTTP
 * (coercion, slash params, envelopes, error mapping, cookies, headers, 308,
 * deprecation). Marked `internal`: the facade serves them only when
 * TEST_HOOKS is on (refused in production) and /openapi.json never lists them.
 */
import { z } from 'zod';
import { count } from 'drizzle-orm';
import { config } from '../../config';
import { db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, errorCodes, notFound } from '../../errors/app-error';
import { publicProcedure as basePublic, router, sessionProcedure } from '../init';
import { sweepExpiredUploads, sweepUnattachedUploads } from '../../uploads/uploads';
import { redirectMember } from '../../rest/meta';
import { catalogChanged } from '../../catalog/memory-cache';
import { computeInFrontForTests } from '../../http/front-switch';
import { catalogVersion } from '../../search/hit-cache';
import { disableSearchIndexForTests, rebuildSearchIndex } from '../../search/search-index';

/** Unreachable through tRPC too unless TEST_HOOKS is on. */
export const testOnlyProcedure = basePublic.use(({ next }) => {
	if (!config().testHooks) throw notFound();
	return next();
});

const publicProcedure = testOnlyProcedure;

const base = { tags: ['Testing'], internal: true, auth: 'none', errors: {} } as const;

export const testingRouter = router({
	sweepUploads: publicProcedure
		.meta({ openapi: { ...base, method: 'POST', path: '/api/v1/_test/uploads/sweep', summary: 'Run the upload sweeps (expired slots, unattached uploads)', envelope: 'object' } })
		.input(z.object({}))
		.output(z.unknown())
		.mutation(async () => ({ expired: await sweepExpiredUploads(), unattached: await sweepUnattachedUploads() })),

	searchIndex: publicProcedure
		.meta({ openapi: { ...base, method: 'POST', path: '/api/v1/_test/search-index', summary: 'Turn the in-memory search index off, or on and built now', envelope: 'object' } })
		.input(z.object({ enabled: z.boolean() }))
		.output(z.unknown())
		.mutation(async ({ input }) => {
			disableSearchIndexForTests(!input.enabled);
			// Hits and whole answers remembered so far were chosen the other way.
			catalogChanged();
			const version = await catalogVersion();
			const index = input.enabled && version ? await rebuildSearchIndex(version.key) : null;
			return { products: index?.size ?? null };
		}),

	front: publicProcedure
		.meta({ openapi: { ...base, method: 'POST', path: '/api/v1/_test/front', summary: 'Compute public reads before SvelteKit, or leave them to it', envelope: 'object' } })
		.input(z.object({ computes: z.boolean() }))
		.output(z.unknown())
		.mutation(({ input }) => {
			computeInFrontForTests(input.computes);
			// Whole answers kept so far came the other way: every cache is dropped, as on a catalog change.
			catalogChanged();
			return { computes: input.computes };
		}),

	echo: publicProcedure
		.meta({ openapi: { ...base, method: 'GET', path: '/api/v1/_test/echo/{...rest}', summary: 'Echo', envelope: 'object' } })
		.input(
			z.object({
				rest: z.string(),
				n: z.number().int().min(1).max(50).optional(),
				flag: z.boolean().optional(),
				s: z.string().optional()
			})
		)
		.output(z.unknown())
		.query(({ input }) => input),

	list: publicProcedure
		.meta({ openapi: { ...base, method: 'GET', path: '/api/v1/_test/list', summary: 'List', envelope: 'list' } })
		.input(z.object({ pageSize: z.number().int().min(1).max(3).default(2) }))
		.output(z.unknown())
		.query(({ input }) => ({
			items: Array.from({ length: input.pageSize }, (_, i) => ({ i })),
			nextCursor: 'next',
			hasMore: true,
			category: { id: 'c' }
		})),

	raw: publicProcedure
		.meta({ openapi: { ...base, method: 'GET', path: '/api/v1/_test/raw', summary: 'Raw', envelope: 'raw', errorShape: 'legacy' } })
		.input(z.object({ fail: z.enum(['401', '503', '500', '404']).optional() }))
		.output(z.unknown())
		.query(({ input }) => {
			if (input.fail === '401') throw new AppError('unauthenticated', 'Cần đăng nhập.');
			if (input.fail === '503') throw new AppError('service_unavailable', 'Tạm dừng.');
			if (input.fail === '404') throw new AppError('not_found', 'Không có.');
			if (input.fail === '500') throw new Error('secret internal detail');
			return { ok: true };
		}),

	fail: publicProcedure
		.meta({ openapi: { ...base, method: 'GET', path: '/api/v1/_test/fail/{status}', summary: 'Fail', envelope: 'object' } })
		.input(z.object({ status: z.number().int(), code: z.enum(errorCodes).default('state_violation') }))
		.output(z.unknown())
		.query(({ input }) => {
			if (input.status === 500) throw new Error('secret internal detail: password=hunter2');
			// The status is the code's own (errors/codes.ts); `status` only selects the unexpected 500.
			throw new AppError(input.code, 'Lỗi thử nghiệm.', { reason: 'test' }, input.code === 'quota_exceeded' ? { used: 1 } : undefined);
		}),

	body: publicProcedure
		.meta({ openapi: { ...base, method: 'POST', path: '/api/v1/_test/body/{id}', summary: 'Body', envelope: 'object' } })
		.input(z.object({ id: z.string(), name: z.string().max(20), count: z.number().int().optional() }))
		.output(z.unknown())
		.mutation(({ input, ctx }) => {
			ctx.cookies.set('test_cookie', input.id, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 });
			ctx.responseHeaders.set('X-Test-Header', 'hello');
			return input;
		}),

	db: publicProcedure
		.meta({ openapi: { ...base, method: 'GET', path: '/api/v1/_test/db', summary: 'Database round trip', envelope: 'object' } })
		.input(z.object({}))
		.output(z.unknown())
		.query(async () => {
			const rows = await db().select({ n: count() }).from(users);
			return { users: rows[0]?.n ?? 0 };
		}),

	redirect: publicProcedure
		.meta({ openapi: { ...base, method: 'GET', path: '/api/v1/_test/redirect', summary: 'Redirect', envelope: 'object', redirects: redirectMember } })
		.input(z.object({}))
		.output(z.unknown())
		.query(() => ({ redirect: '/api/v1/_test/raw' })),

	whoami: sessionProcedure
		.use(({ next }) => {
			if (!config().testHooks) throw notFound();
			return next();
		})
		.meta({ openapi: { ...base, method: 'GET', path: '/api/v1/_test/whoami', summary: 'Who am I', envelope: 'object', auth: 'session', errors: { 401: ['unauthenticated'] } } })
		.input(z.object({}))
		.output(z.unknown())
		.query(({ ctx }) => ({ userId: ctx.session.user.id, email: ctx.session.user.email })),

	deprecated: publicProcedure
		.meta({
			openapi: {
				...base,
				method: 'GET',
				path: '/api/v1/_test/deprecated',
				summary: 'Deprecated',
				envelope: 'object',
				deprecated: { since: '2026-01-01', sunset: '2026-07-15', replacement: '/api/v1/_test/raw' }
			}
		})
		.input(z.object({}))
		.output(z.unknown())
		.query(() => ({ ok: true }))
});
