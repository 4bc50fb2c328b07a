/**
 * Idempotency-Key on POST /api/v1/checkout and POST /api/v1/topup/orders, as
 * Stripe does it: the key is claimed inside the order's transaction, so it is
 * remembered only if the order is; a concurrent request with the same key
 * waits on the unique index and then finds the first one's order. Same key,
 * different body → 422. Each kind (checkout, topup) has its own key space.
 */
import { createHash } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { checkoutIdempotencyKeys, type IdempotentKind } from '../db/schema';
import { AppError, badRequest } from '../errors/app-error';
import { now } from '../platform/clock';

const KEY = /^[\x21-\x7e]{1,255}$/;

/** Printable ASCII, 1–255 characters (a UUID is the usual choice). */
export function parseIdempotencyKey(header: string | null): string | undefined {
	if (header === null) return undefined;
	if (!KEY.test(header)) {
		throw badRequest('Idempotency-Key phải gồm 1–255 ký tự ASCII in được.', { fields: [{ path: 'Idempotency-Key', message: 'invalid header' }] });
	}
	return header;
}

/** Canonical JSON (sorted keys, no undefined) of what the request asked for. */
export function requestHash(request: Record<string, unknown>): string {
	const canonical = (v: unknown): unknown =>
		v && typeof v === 'object' && !Array.isArray(v)
			? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)]))
			: v;
	return createHash('sha256').update(JSON.stringify(canonical(request))).digest('hex');
}

export type KeyClaim = { kind: 'claimed' } | { kind: 'replay'; orderId: string };

/** One caller's key for one kind of order. */
export interface IdempotencyKey {
	kind: IdempotentKind;
	/** Whose key it is, e.g. `user:<id>` or `guest:<email>`. */
	scope: string;
	key: string;
}

const RESULT_COLUMN = { checkout: 'orderId', topup: 'topupOrderId', cart: 'cartCheckoutId' } as const satisfies Record<IdempotentKind, string>;

function sameKey(k: IdempotencyKey) {
	return and(eq(checkoutIdempotencyKeys.kind, k.kind), eq(checkoutIdempotencyKeys.scope, k.scope), eq(checkoutIdempotencyKeys.key, k.key));
}

export async function claimIdempotencyKey(tx: Tx, k: IdempotencyKey, hash: string): Promise<KeyClaim> {
	const at = now();
	const expiresAt = new Date(at.getTime() + config().checkout.idempotencyKeyTtlMs);
	const fresh = { requestHash: hash, orderId: null, topupOrderId: null, cartCheckoutId: null, createdAt: at, expiresAt };
	const [claimed] = await tx
		.insert(checkoutIdempotencyKeys)
		.values({ kind: k.kind, scope: k.scope, key: k.key, ...fresh })
		.onConflictDoUpdate({
			target: [checkoutIdempotencyKeys.kind, checkoutIdempotencyKeys.scope, checkoutIdempotencyKeys.key],
			set: fresh,
			// An expired key is forgotten: it starts over.
			setWhere: lte(checkoutIdempotencyKeys.expiresAt, at)
		})
		.returning({ scope: checkoutIdempotencyKeys.scope });
	if (claimed) return { kind: 'claimed' };
	const [existing] = await tx.select().from(checkoutIdempotencyKeys).where(sameKey(k));
	const orderId = existing?.[RESULT_COLUMN[k.kind]];
	if (!existing || !orderId) throw new Error('idempotency key row without an order');
	if (existing.requestHash !== hash) {
		throw new AppError('state_violation', 'Idempotency-Key này đã được dùng cho một yêu cầu khác. Hãy dùng khoá mới cho đơn hàng mới.', {
			reason: 'idempotency_key_reused'
		});
	}
	return { kind: 'replay', orderId };
}

/** Remembers the order a claimed key created (same transaction as the claim). */
export async function recordIdempotentOrder(tx: Tx, k: IdempotencyKey, orderId: string): Promise<void> {
	await tx
		.update(checkoutIdempotencyKeys)
		.set({ [RESULT_COLUMN[k.kind]]: orderId })
		.where(sameKey(k));
}

/** Housekeeping for the background job. */
export async function dropExpiredIdempotencyKeys(): Promise<number> {
	const dropped = await db()
		.delete(checkoutIdempotencyKeys)
		.where(lte(checkoutIdempotencyKeys.expiresAt, now()))
		.returning({ key: checkoutIdempotencyKeys.key });
	return dropped.length;
}
