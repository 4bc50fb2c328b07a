/**
 * The route builder's enforcers (docs/architecture.md#one-route-builder): every policy a route may
 * declare in its meta (`auth`, `rateLimit`, `sameOrigin`, `idempotent`) is a
 * key of `enforcers`, and `PolicyMeta` — the part of `OpenApiRouteMeta` that
 * declares policies — is typed from that map. A declared flag without an
 * enforcer therefore cannot compile; `policiesAndAppErrors` (../trpc/init.ts, on the
 * base procedure) runs the enforcer of every flag a route declares, for every
 * transport alike: the REST facade, tRPC and `serverCaller`.
 */
import { forbidden, unauthenticated } from '../errors/app-error';
import { isSameOrigin } from '../auth/same-origin';
import { parseIdempotencyKey } from '../payments/idempotency';
import { applyFailureLimits, applyRateLimits, recordFailure, type RateLimitPolicy } from '../platform/ratelimit';
import type { Context, PolicyContext, ReplayLimits } from './context';
import { AppError } from '../errors/app-error';

/** Who may call a route. The enforcer runs before the input is parsed. */
const authEnforcers = {
	none: () => {},
	'optional-session': () => {},
	session: (ctx: Context) => {
		if (!ctx.session) throw unauthenticated();
	},
	// The guest's e-mail and consent are part of the body: checkout's resolveBuyer judges them (400/401).
	'session-or-guest': () => {},
	// Which order the cookie opens is in the path: the order read judges it (one 404 for unknown and not-yours).
	'session-or-order-cookie': () => {},
	// The token is the body; the download service verifies it.
	token: () => {},
	/** A signed-in account with the `staff` role: anonymous → 401, anyone else → 403. */
	staff: (ctx: Context) => {
		if (!ctx.session) throw unauthenticated();
		if (ctx.session.user.role !== 'staff') throw forbidden('Chỉ nhân viên quản trị mới được thực hiện thao tác này.');
	},
	/** A signed-in account with the `author` or `staff` role: anonymous → 401, anyone else → 403. */
	author: (ctx: Context) => {
		if (!ctx.session) throw unauthenticated();
		const role = ctx.session.user.role;
		if (role !== 'author' && role !== 'staff') throw forbidden('Chỉ tác giả mới được thực hiện thao tác này.');
	}
} satisfies Record<string, (ctx: Context) => void>;

export type AuthRequirement = keyof typeof authEnforcers;

/** Budgets spent by address alone: the response cache applies these to each client it replays an answer to. */
const addressKeys = {
	/** The bare client IP (search's historical key). */
	'client-ip': (ip: string) => ip,
	ip: (ip: string) => `ip:${ip}`
} satisfies Record<string, (clientIp: string) => string>;

/** Whose budget a request spends. */
const rateLimitKeys = {
	'client-ip': (ctx: Context) => addressKeys['client-ip'](ctx.clientIp),
	ip: (ctx: Context) => addressKeys.ip(ctx.clientIp),
	/** Routes that declare `auth: 'session'` or stronger. */
	user: (ctx: Context) => {
		if (!ctx.session) throw unauthenticated();
		return `user:${ctx.session.user.id}`;
	},
	'user-or-ip': (ctx: Context) => (ctx.session ? `user:${ctx.session.user.id}` : addressKeys.ip(ctx.clientIp))
} satisfies Record<string, (ctx: Context) => string>;

export type RateLimitKey = keyof typeof rateLimitKeys;

export interface RateLimitRule {
	policy: () => RateLimitPolicy;
	key: RateLimitKey;
}

/**
 * - `requests`: every request counts, checked in order before the input is
 *   parsed (malformed requests count and carry the RateLimit-* headers too);
 * - `failures`: only failed attempts count (gift codes): the route receives
 *   `ctx.failureLimit` and calls `check()` before and `failed()` after a failed attempt;
 * - `service: 'auth'`: the sign-in, sign-up and mail limits per e-mail address and
 *   per IP (auth/limits.ts, ADR 005) depend on the body and on the outcome, so
 *   the auth services count them; they cannot run without the `AuthRequest`
 *   (`ctx.authRequest`) this declaration puts on the context.
 */
export type RateLimitDeclaration =
	| { requests: readonly RateLimitRule[] }
	| { failures: readonly RateLimitRule[] }
	| { service: 'auth' };

type Enforcer<V> = (value: V, ctx: Context, added: PolicyContext) => void | Promise<void>;

const isAddressKey = (key: RateLimitKey): key is keyof typeof addressKeys => key in addressKeys;

function replayLimits(rules: readonly RateLimitRule[]): ReplayLimits {
	const byAddress = rules.flatMap((r) => (isAddressKey(r.key) ? [{ policy: r.policy, key: addressKeys[r.key] }] : []));
	if (byAddress.length !== rules.length) return 'per-caller';
	return (ip) => byAddress.map((r) => ({ policy: r.policy(), key: r.key(ip) }));
}

/**
 * One enforcer per declarable policy, in the order they run: who (auth),
 * from where (same origin), the key a retry carries, then the budget.
 */
const enforcers = {
	auth: ((value, ctx) => authEnforcers[value](ctx)) as Enforcer<AuthRequirement>,
	/** Mutations guarded by the same-origin check (docs/api.md#authentication). */
	sameOrigin: ((value, ctx) => {
		if (value && !isSameOrigin(ctx.request)) {
			throw new AppError('forbidden', 'Yêu cầu bị từ chối: nguồn gửi không hợp lệ (khác nguồn gốc của trang).');
		}
	}) as Enforcer<boolean>,
	/** Accepts an Idempotency-Key header (validated here; the service remembers it). */
	idempotent: ((value, ctx, added) => {
		if (value) added.idempotencyKey = parseIdempotencyKey(ctx.request.headers.get('idempotency-key'));
	}) as Enforcer<boolean>,
	/** Responses carry RateLimit-* headers; 429 carries Retry-After. */
	rateLimit: (async (value, ctx, added) => {
		ctx.response.limits = 'requests' in value ? replayLimits(value.requests) : 'per-caller';
		if ('service' in value) {
			added.authRequest = {
				ip: ctx.clientIp,
				userAgent: ctx.request.headers.get('user-agent'),
				currentSessionId: ctx.session?.id ?? null,
				responseHeaders: ctx.responseHeaders
			};
			return;
		}
		if ('requests' in value) {
			await applyRateLimits(
				ctx.responseHeaders,
				value.requests.map((r) => ({ policy: r.policy(), key: rateLimitKeys[r.key](ctx) }))
			);
			return;
		}
		const checks = () => value.failures.map((r) => ({ policy: r.policy(), key: rateLimitKeys[r.key](ctx) }));
		added.failureLimit = {
			check: () => applyFailureLimits(ctx.responseHeaders, checks()),
			failed: () => recordFailure(ctx.responseHeaders, checks())
		};
	}) as Enforcer<RateLimitDeclaration>
};

type Enforcers = typeof enforcers;
type Declared<K extends keyof Enforcers> = Enforcers[K] extends Enforcer<infer V> ? V : never;

/** The policy part of a route's meta: exactly the keys that have an enforcer. */
export type PolicyMeta = { auth: Declared<'auth'> } & { [K in Exclude<keyof Enforcers, 'auth'>]?: Declared<K> };

const ORDER = Object.keys(enforcers) as (keyof Enforcers)[];

/**
 * Runs the enforcer of every policy `meta` declares; returns what they add to the context, or
 * nothing when they add nothing (a read that declares only `auth`), so the caller can leave the
 * context as it is (../trpc/init.ts).
 */
export async function enforcePolicies(meta: PolicyMeta | undefined, ctx: Context): Promise<PolicyContext | undefined> {
	if (!meta) return undefined;
	const added: PolicyContext = { idempotencyKey: undefined, failureLimit: undefined, authRequest: undefined };
	for (const name of ORDER) {
		const value = meta[name];
		if (value === undefined) continue;
		await (enforcers[name] as Enforcer<unknown>)(value, ctx, added);
	}
	return added.idempotencyKey === undefined && added.failureLimit === undefined && added.authRequest === undefined ? undefined : added;
}
