import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';
import { AppError, forbidden, unauthenticated } from '../errors/app-error';
import { classifyError } from '../errors/classify';
import type { AuthRequirement, RouteMeta } from '../rest/meta';
import type { Context } from '../policies/context';
import { enforcePolicies } from '../policies/enforce';

const t = initTRPC
	.context<Context>()
	.meta<RouteMeta>()
	.create({
		// The storefront sees the same snake_case codes, statuses and details as REST clients.
		errorFormatter({ shape, error }) {
			const c = classifyError(error);
			return {
				...shape,
				message: c.message,
				data: {
					code: shape.data.code,
					httpStatus: c.status,
					appCode: c.code,
					details: c.details ?? null,
					extra: c.extra ?? null
				}
			};
		}
	});

const STATUS_TO_TRPC: Record<number, TRPC_ERROR_CODE_KEY> = {
	400: 'BAD_REQUEST',
	401: 'UNAUTHORIZED',
	403: 'FORBIDDEN',
	404: 'NOT_FOUND',
	405: 'METHOD_NOT_SUPPORTED',
	409: 'CONFLICT',
	413: 'PAYLOAD_TOO_LARGE',
	422: 'UNPROCESSABLE_CONTENT',
	429: 'TOO_MANY_REQUESTS',
	503: 'SERVICE_UNAVAILABLE'
};

/** Re-throws domain errors with the matching tRPC code so tRPC's HTTP status agrees with REST. */
const appErrors = t.middleware(async ({ next }) => {
	const result = await next();
	if (!result.ok && result.error.cause instanceof AppError) {
		const cause = result.error.cause;
		throw new TRPCError({
			code: STATUS_TO_TRPC[cause.status] ?? 'INTERNAL_SERVER_ERROR',
			message: cause.message,
			cause
		});
	}
	return result;
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/**
 * The route builder's enforcement (docs/architecture.md#one-route-builder, ../policies/enforce.ts): what a
 * procedure's meta declares — auth, same origin, Idempotency-Key, rate limits —
 * is enforced here, before the input is parsed, whichever transport called it.
 */
const declaredPolicies = t.middleware(async ({ meta, ctx, next }) => {
	const added = await enforcePolicies(meta?.openapi ?? meta?.policies, ctx);
	return next({ ctx: added });
});

// hooks.server.ts also refuses every cross-origin non-GET request, routes declaring `sameOrigin` or not.
export const publicProcedure = t.procedure.use(appErrors).use(declaredPolicies);

export const sessionProcedure = publicProcedure.use(({ ctx, next }) => {
	if (!ctx.session) throw unauthenticated();
	return next({ ctx: { ...ctx, session: ctx.session } });
});

/** Admin procedures (route meta `auth: 'staff'`): the role is checked here, on the server, before the input. */
export const staffProcedure = sessionProcedure.use(({ ctx, next }) => {
	if (ctx.session.user.role !== 'staff') throw forbidden('Chỉ nhân viên quản trị mới được thực hiện thao tác này.');
	return next({ ctx });
});

/** Author studio procedures (route meta `auth: 'author'`): authors and staff (who may also author). */
export const authorProcedure = sessionProcedure.use(({ ctx, next }) => {
	const role = ctx.session.user.role;
	if (role !== 'author' && role !== 'staff') throw forbidden('Chỉ tác giả mới được thực hiện thao tác này.');
	return next({ ctx });
});

/** The auth requirements that leave a session on the context (checked by the policy layer before the input). */
const SIGNED_IN_AUTH = ['session', 'staff', 'author'] as const satisfies readonly AuthRequirement[];
type SignedInAuth = (typeof SIGNED_IN_AUTH)[number];
const SIGNED_IN: ReadonlySet<AuthRequirement> = new Set(SIGNED_IN_AUTH);

type DeclaredAuth<M extends RouteMeta> = M extends { openapi: { auth: infer A } } ? A : M extends { policies: { auth: infer A } } ? A : never;

/**
 * A procedure from its route meta, the role stated once: the policy layer
 * enforces `auth` (401/403 before the input, ../policies/enforce.ts), and a
 * signed-in requirement gives the handler a context whose session is set.
 * Procedures without a REST route or policies (storefront-only reads) still
 * start from `sessionProcedure` or `staffProcedure`.
 */
export function route<const M extends RouteMeta>(meta: M): DeclaredAuth<M> extends SignedInAuth ? typeof sessionProcedure : typeof publicProcedure {
	const auth = meta.openapi?.auth ?? meta.policies?.auth;
	return (auth !== undefined && SIGNED_IN.has(auth) ? sessionProcedure : publicProcedure).meta(meta) as never;
}
