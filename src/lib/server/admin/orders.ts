/**
 * Staff view of purchase orders: search by order id, payment reference,
 * buyer email or the bank's reference of a transfer that reached the order,
 * and one order in full (refund, ownership, transfers). Read-only; the
 * changes live in checkout/cash.ts and checkout/refund.ts.
 */
import { formatOrderNumber } from '../../order-number';
import { and, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderDetail, AdminOrderPage, AdminOrderSearch, AdminOrderSummary, OpenOrderMatches } from '../../contracts/admin-money';
import { fingerprint } from '../catalog/cursor';
import { findRefund } from '../checkout/refund';
import { orderNotFound } from '../checkout/errors';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { bankTransfers, orderRefunds, orders, productOwnerships, products, users } from '../db/schema';
import { invalidCursor } from '../errors/app-error';
import { signJson, verifyJson } from '../platform/signing';
import { keysetPage } from '../platform/keyset-page';

interface OrderCursor {
	kind: 'admin-orders';
	f: string;
	at: string;
	id: string;
}

function decodeCursor(raw: string, f: string): { at: string; id: string } {
	const c = verifyJson('cursor', raw) as Partial<OrderCursor> | null;
	if (c?.kind !== 'admin-orders' || c.f !== f || typeof c.at !== 'string' || Number.isNaN(Date.parse(c.at)) || !isUuid(c.id)) {
		throw invalidCursor();
	}
	return { at: c.at, id: c.id };
}

/** `%`, `_` and `\` typed by staff are literal characters, not patterns. */
const likeFragment = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One box for every key staff may have at hand; each kind of key is matched exactly except emails. */
function matches(q: string): SQL {
	const keys: (SQL | undefined)[] = [
		isUuid(q) ? eq(orders.id, q) : undefined,
		// The number on a receipt, as the buyer reads it out: "DH100042" or just the digits.
		/^(DH)?[0-9]{1,15}$/i.test(q) ? eq(orders.orderNumber, Number(q.replace(/^DH/i, ''))) : undefined,
		eq(orders.paymentRef, q.toUpperCase()),
		ilike(users.email, likeFragment(q)),
		ilike(orders.guestEmail, likeFragment(q)),
		// A transfer that reached this order's reference, found by the bank's or the notifier's id.
		exists(
			db()
				.select({ id: bankTransfers.id })
				.from(bankTransfers)
				.where(and(eq(bankTransfers.intentId, orders.paymentIntentId), or(eq(bankTransfers.bankReference, q), eq(bankTransfers.providerTxnId, q))))
		)
	];
	return or(...keys)!;
}

const summaryColumns = {
	order: orders,
	accountEmail: users.email,
	accountName: users.name,
	productTitle: products.title,
	refundedAt: orderRefunds.createdAt
};

type SummaryRow = { order: typeof orders.$inferSelect; accountEmail: string | null; accountName: string | null; productTitle: string; refundedAt: Date | null };

function summary(r: SummaryRow): AdminOrderSummary {
	const o = r.order;
	return {
		id: o.id,
		orderNumber: formatOrderNumber(o.orderNumber),
		status: o.status,
		paymentMethod: o.paymentMethod,
		amountVnd: o.amountVnd.toString(),
		paymentRef: o.paymentRef,
		buyerId: o.userId,
		buyerEmail: r.accountEmail ?? o.guestEmail,
		buyerName: r.accountName,
		productId: o.productId,
		productTitle: r.productTitle,
		createdAt: o.createdAt.toISOString(),
		paidAt: o.paidAt?.toISOString() ?? null,
		refundedAt: r.refundedAt?.toISOString() ?? null
	};
}

function summaryQuery() {
	return db()
		.select(summaryColumns)
		.from(orders)
		.innerJoin(products, eq(products.id, orders.productId))
		.leftJoin(users, eq(users.id, orders.userId))
		.leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id));
}

/** Newest first. */
export async function searchOrders(query: AdminOrderSearch): Promise<AdminOrderPage> {
	const q = query.q?.trim() || undefined;
	const f = fingerprint({ q, status: query.status });
	const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, f);
	const rows = await summaryQuery()
		.where(
			and(
				q ? matches(q) : undefined,
				query.status ? eq(orders.status, query.status) : undefined,
				after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined
			)
		)
		.orderBy(desc(orders.createdAt), desc(orders.id))
		.limit(query.pageSize + 1);
	const page = keysetPage(rows, query.pageSize, (last) =>
		signJson('cursor', { kind: 'admin-orders', f, at: last.order.createdAt.toISOString(), id: last.order.id } satisfies OrderCursor)
	);
	return { items: page.rows.map(summary), hasMore: page.hasMore, nextCursor: page.nextCursor };
}

export async function getAdminOrder(id: string): Promise<AdminOrderDetail> {
	if (!isUuid(id)) throw orderNotFound();
	const [row] = await summaryQuery().where(eq(orders.id, id));
	if (!row) throw orderNotFound();
	const o = row.order;
	const [refund, owned, transfers] = await Promise.all([
		findRefund(db(), o.id),
		o.userId
			? db()
					.select({ userId: productOwnerships.userId })
					.from(productOwnerships)
					.where(and(eq(productOwnerships.userId, o.userId), eq(productOwnerships.productId, o.productId)))
			: Promise.resolve([]),
		o.paymentIntentId
			? db().select().from(bankTransfers).where(eq(bankTransfers.intentId, o.paymentIntentId)).orderBy(desc(bankTransfers.receivedAt))
			: Promise.resolve([])
	]);
	const [refunder] = refund ? await db().select({ email: users.email }).from(users).where(eq(users.id, refund.refundedBy)) : [];
	return {
		...summary(row),
		priceVnd: o.priceVnd.toString(),
		promoDiscountVnd: o.promoDiscountVnd.toString(),
		promoCode: o.promoCode,
		expiresAt: o.expiresAt?.toISOString() ?? null,
		buyerOwnsProduct: owned.length > 0,
		refund: refund
			? {
					amountVnd: refund.amountVnd.toString(),
					reason: refund.reason,
					refundedBy: refund.refundedBy,
					refundedByEmail: refunder?.email ?? null,
					createdAt: refund.createdAt.toISOString()
				}
			: null,
		transfers: transfers.map((t) => ({
			id: t.id,
			amountVnd: t.amountVnd.toString(),
			matchStatus: t.matchStatus,
			bankReference: t.bankReference,
			receivedAt: t.receivedAt.toISOString()
		}))
	};
}

/** How many open orders of one person the transfer page lists to pick from. */
const OPEN_ORDERS_SHOWN = 20;

/**
 * The orders an unmatched transfer may pay (pending or expired, paid by
 * transfer or cash), found by what staff have at hand: the order number
 * (`DH100042` or the digits), the payment reference (`HL…`), the order id,
 * or the buyer's email, exactly (account or guest). An email names a person,
 * so it lists their open orders for staff to pick from; the other keys name
 * one order.
 */
export async function findOpenOrders(key: string): Promise<OpenOrderMatches> {
	const q = key.trim();
	const byEmail = q.includes('@');
	const keyMatch = byEmail
		? or(sql`lower(${users.email}) = lower(${q})`, sql`lower(${orders.guestEmail}) = lower(${q})`)
		: or(
				isUuid(q) ? eq(orders.id, q) : undefined,
				/^(DH)?[0-9]{1,15}$/i.test(q) ? eq(orders.orderNumber, Number(q.replace(/^DH/i, ''))) : undefined,
				eq(orders.paymentRef, q.toUpperCase())
			);
	const rows = await summaryQuery()
		.where(and(keyMatch, inArray(orders.status, ['PENDING', 'EXPIRED']), inArray(orders.paymentMethod, ['qr_direct', 'cash_manual'])))
		.orderBy(desc(orders.createdAt), desc(orders.id))
		.limit(OPEN_ORDERS_SHOWN + 1);
	return { byEmail, items: rows.slice(0, OPEN_ORDERS_SHOWN).map(summary), hasMore: rows.length > OPEN_ORDERS_SHOWN, nextCursor: null };
}
