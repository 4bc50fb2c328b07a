/**
 * Reading a cart checkout (GET /api/v1/cart/checkout/{checkoutId}): its one
 * QR and reference while pending (for the remainder after a short transfer),
 * then its orders, each read as GET /api/v1/checkout/{orderId} reads it. A
 * pending checkout past its expiry is expired before it is shown.
 */
import { asc, eq } from 'drizzle-orm';
import type { CartCheckout } from '../../contracts/cart';
import { config } from '../config';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { cartCheckouts, orders, paymentIntents } from '../db/schema';
import { openShortTransfers } from '../payments/bank-transfer';
import { expireIfDue, isPastExpiry, paymentDetails } from '../payments/intents';
import { CART_KIND } from './cart-kind';
import type { CartCheckoutRow } from './methods/method';
import { orderNotFound } from './errors';
import { toOrderView, type Viewer } from './read';
import type { OrderRow } from './transitions';

export async function toCartCheckoutView(checkout: CartCheckoutRow, lines: OrderRow[], o: { created?: boolean } = {}): Promise<CartCheckout> {
	const [intent] = checkout.paymentIntentId ? await db().select().from(paymentIntents).where(eq(paymentIntents.id, checkout.paymentIntentId)) : [];
	const status = intent ? intent.status : 'PAID';
	const pending = status === 'PENDING';
	let short: { receivedVnd: bigint; dueVnd: bigint } | null = null;
	let qr: { qrUrl: string | null; qrPayload: string | null; paymentInstructions: string | null } = { qrUrl: null, qrPayload: null, paymentInstructions: null };
	if (pending && intent) {
		const arrived = (await openShortTransfers(db(), intent.id)).reduce((sum, t) => sum + t.amountVnd, 0n);
		if (arrived > 0n && arrived < intent.amountVnd) short = { receivedVnd: arrived, dueVnd: intent.amountVnd - arrived };
		if (config().payment.ready) {
			const details = await paymentDetails({ reference: intent.reference, amountVnd: short ? short.dueVnd : intent.amountVnd });
			qr = { qrUrl: details.qrUrl, qrPayload: details.qrPayload, paymentInstructions: details.paymentInstructions };
		}
	}
	return {
		id: checkout.id,
		status,
		paymentMethod: checkout.paymentMethod,
		amountVnd: checkout.amountVnd.toString(),
		promoDiscountVnd: lines.reduce((sum, l) => sum + l.promoDiscountVnd, 0n).toString(),
		promoCode: checkout.promoCode,
		...qr,
		paymentRef: intent?.reference ?? null,
		expiresAt: intent?.expiresAt.toISOString() ?? null,
		paidAt: (intent ? intent.paidAt : checkout.createdAt)?.toISOString() ?? null,
		...(short ? { receivedVnd: short.receivedVnd.toString(), dueVnd: short.dueVnd.toString() } : {}),
		orders: await Promise.all(lines.map((line) => toOrderView(line, o))),
		createdAt: checkout.createdAt.toISOString()
	};
}

async function load(id: string): Promise<{ checkout: CartCheckoutRow; lines: OrderRow[] } | undefined> {
	const [checkout] = await db().select().from(cartCheckouts).where(eq(cartCheckouts.id, id));
	if (!checkout) return undefined;
	const lines = await db().select().from(orders).where(eq(orders.cartCheckoutId, id)).orderBy(asc(orders.productId));
	return { checkout, lines };
}

/** Its buyer's session or the access cookie its creation set; unknown and not-yours read the same 404. */
export async function getCartCheckout(viewer: Viewer, id: string): Promise<CartCheckout> {
	if (!isUuid(id)) throw orderNotFound();
	let found = await load(id);
	const mine = found?.checkout.userId != null && found.checkout.userId === viewer.userId;
	if (!found || !(mine || viewer.hasAccessCookie)) throw orderNotFound();
	const pendingLine = found.lines.find((l) => l.status === 'PENDING' && l.expiresAt);
	if (pendingLine && isPastExpiry({ expiresAt: pendingLine.expiresAt! })) {
		await expireIfDue(CART_KIND, id);
		found = (await load(id))!;
	}
	return toCartCheckoutView(found.checkout, found.lines);
}
