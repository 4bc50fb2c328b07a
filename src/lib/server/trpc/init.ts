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

/** A domain error as the tRPC error of the matching code, so tRPC's HTTP status agrees with REST. */
function asTrpcError(cause: AppError): TRPCError {
	return new TRPCError({ code: STATUS_TO_TRPC[cause.status] ?? 'INTERNAL_SERVER_ERROR', message: cause.message, cause });
}

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure's first and only shared middleware:
 * - the route builder's enforcement (docs/architecture.md#one-route-builder, ../policies/enforce.ts):
 *   what a procedure's meta declares — auth, same origin, Idempotency-Key, rate limits — is
 *   enforced here, before the input is parsed, whichever transport called it;
 * - domain errors, the enforcers' own and the procedure's, re-thrown with the matching tRPC code.
 * One middleware rather than two: each level of tRPC's chain copies the call's options and
 * context, a measurable share of a signed-in read (docs/performance.md).
 */
const policiesAndAppErrors = t.middleware(async ({ meta, ctx, next }) => {
	// Without anything added, the context goes on as it is: a new one costs tRPC a copy of every field.
	const added = await enforcePolicies(meta?.openapi ?? meta?.policies, ctx).catch(rethrowAsTrpc);
	const result = await (added ? next({ ctx: added }) : next());
	if (!result.ok && result.error.cause instanceof AppError) throw asTrpcError(result.error.cause);
	return result;
});

function rethrowAsTrpc(error: unknown): never {
	throw error instanceof AppError ? asTrpcError(error) : error;
}

// hooks.server.ts also refuses every cross-origin non-GET request, routes declaring `sameOrigin` or not.
export const publicProcedure = t.procedure.use(policiesAndAppErrors);

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
type SignedInAuth = Extract<AuthRequirement, 'session' | 'staff' | 'author'>;

type DeclaredAuth<M extends RouteMeta> = M extends { openapi: { auth: infer A } } ? A : M extends { policies: { auth: infer A } } ? A : never;

/**
 * A procedure from its route meta, the role stated once: the policy layer
 * enforces `auth` (401/403 before the input, ../policies/enforce.ts), so a
 * signed-in requirement gives the handler a context whose session is set
 * without a middleware of its own (the type says so; `enforcePolicies` makes
 * it true). Procedures without a REST route or policies (storefront-only
 * reads) still start from `sessionProcedure` or `staffProcedure`.
 */
export function route<const M extends RouteMeta>(meta: M): DeclaredAuth<M> extends SignedInAuth ? typeof sessionProcedure : typeof publicProcedure {
	return publicProcedure.meta(meta) as never;
}
