/**
 * Reading orders: polling one (GET /api/v1/checkout/{orderId}) and the buyer's list (GET /api/v1/checkout).
 * A pending order past its expiry is expired before it is shown, so it never
 * reads as payable; the background sweep does the same for everyone else.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Order, OrderListQuery, OrderPage } from '../../contracts/checkout';
import { db } from '../db/client';
import { orders } from '../db/schema';
import { downloadPageUrl } from '../downloads/links';
import { issueDownloadToken } from '../downloads/tokens';
import { invalidCursor } from '../errors/app-error';
import { now } from '../platform/clock';
import { signJson, verifyJson } from '../platform/signing';
import { expireIfDue, isPastExpiry } from '../payments/intents';
import { orderNotFound } from './errors';
import { formatOrderNumber } from '../../order-number';
import { findRefund } from './refund';
import { CART_KIND } from './cart-kind';
import { orderMethod } from './methods';
import { ORDER_KIND, type OrderRow } from './transitions';
import { isUuid } from '../db/ids';
import { keysetPage } from '../platform/keyset-page';

/** `created`: the order was made by this request (not a replay), so it cannot have been refunded yet. */
export async function toOrderView(row: OrderRow, o: { created?: boolean } = {}): Promise<Order> {
	const pending = row.status === 'PENDING';
	const refund = row.status === 'PAID' && !o.created ? await findRefund(db(), row.id) : undefined;
	// A refunded order stays PAID (the contract has no refund state) but gives no download any more.
	const paid = row.status === 'PAID' && !refund;
	const waiting = pending ? await orderMethod(row.paymentMethod).waiting?.(row) : undefined;
	const short = waiting?.short ?? null;
	return {
		id: row.id,
		orderNumber: formatOrderNumber(row.orderNumber),
		status: row.status,
		amountVnd: row.amountVnd.toString(),
		paymentMethod: row.paymentMethod,
		qrUrl: waiting?.qrUrl ?? null,
		qrPayload: waiting?.qrPayload ?? null,
		paymentRef: row.paymentRef,
		paymentInstructions: waiting?.paymentInstructions ?? null,
		expiresAt: row.expiresAt?.toISOString() ?? null,
		paidAt: row.paidAt?.toISOString() ?? null,
		// `sending` is an internal claim: to the buyer it is still on its way.
		receiptStatus: row.status === 'PAID' ? (row.receiptStatus === 'sending' || row.receiptStatus === null ? 'pending' : row.receiptStatus) : null,
		// A fresh token at every read: whoever may see the paid order may download its file.
		downloadUrl: paid ? downloadPageUrl(issueDownloadToken({ productId: row.productId, orderId: row.id }).token) : null,
		productId: row.productId,
		priceVnd: row.priceVnd.toString(),
		promoDiscountVnd: row.promoDiscountVnd.toString(),
		promoCode: row.promoCode,
		createdAt: row.createdAt.toISOString(),
		returnTo: row.returnTo,
		...(refund ? { refundedAt: refund.createdAt.toISOString(), refundedVnd: refund.amountVnd.toString(), refundPocket: 'main' as const } : {}),
		...(short ? { receivedVnd: short.receivedVnd.toString(), dueVnd: short.dueVnd.toString() } : {})
	};
}

/** A cart's line is paid by the cart's intent (cart-checkout.ts), a single order by its own. */
function expireDueOrder(order: Pick<OrderRow, 'id' | 'cartCheckoutId'>): Promise<void> {
	return order.cartCheckoutId ? expireIfDue(CART_KIND, order.cartCheckoutId) : expireIfDue(ORDER_KIND, order.id);
}

export interface Viewer {
	userId: string | null;
	/** The request carries a valid order_access_<orderId> cookie for this order. */
	hasAccessCookie: boolean;
}

async function findOrder(id: string): Promise<OrderRow | undefined> {
	const [row] = await db().select().from(orders).where(eq(orders.id, id));
	return row;
}

export async function getOrder(viewer: Viewer, orderId: string): Promise<Order> {
	if (!isUuid(orderId)) throw orderNotFound();
	let row = await findOrder(orderId);
	const mine = row?.userId != null && row.userId === viewer.userId;
	if (!row || !(mine || viewer.hasAccessCookie)) throw orderNotFound();
	if (row.status === 'PENDING' && row.expiresAt && isPastExpiry({ expiresAt: row.expiresAt })) {
		await expireDueOrder(row);
		row = (await findOrder(orderId))!;
	}
	return toOrderView(row);
}

interface OrderCursor {
	kind: 'orders';
	/** createdAt and id of the last order already shown. */
	at: string;
	id: string;
}

function decodeCursor(cursor: string): OrderCursor {
	const c = verifyJson('cursor', cursor) as Partial<OrderCursor> | null;
	if (c?.kind !== 'orders' || typeof c.at !== 'string' || Number.isNaN(Date.parse(c.at)) || !isUuid(c.id)) {
		throw invalidCursor();
	}
	return c as OrderCursor;
}

async function expireOverdueOrders(userId: string): Promise<void> {
	const overdue = await db()
		.select({ id: orders.id, cartCheckoutId: orders.cartCheckoutId })
		.from(orders)
		.where(and(eq(orders.userId, userId), eq(orders.status, 'PENDING'), lte(orders.expiresAt, now())));
	for (const order of overdue) await expireDueOrder(order);
}

export async function listOrders(userId: string, q: OrderListQuery): Promise<OrderPage> {
	const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
	await expireOverdueOrders(userId);
	const rows = await db()
		.select()
		.from(orders)
		.where(
			and(
				eq(orders.userId, userId),
				q.status ? eq(orders.status, q.status) : undefined,
				after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined
			)
		)
		.orderBy(desc(orders.createdAt), desc(orders.id))
		.limit(q.pageSize + 1);
	const page = keysetPage(rows, q.pageSize, (last) => signJson('cursor', { kind: 'orders', at: last.createdAt.toISOString(), id: last.id } satisfies OrderCursor));
	return { items: await Promise.all(page.rows.map((row) => toOrderView(row))), hasMore: page.hasMore, nextCursor: page.nextCursor };
}
