/**
 * qr_direct: a VietQR bank transfer. A single order waits with its own payment intent and
 * reference; a cart's lines share one intent (kind `cart`) for the total, so one transfer pays them
 * all (cart-payment-target.ts), and a line the promo makes free is claimed at once. The transfer's
 * webhook pays them (payment-target.ts); unpaid, they expire after CHECKOUT_ORDER_TTL_MINUTES.
 */
import { and, eq } from 'drizzle-orm';
import { config } from '../../config';
import { db } from '../../db/client';
import { paymentIntents } from '../../db/schema';
import { paymentAccount } from '../../payments/account';
import { openShortTransfers } from '../../payments/bank-transfer';
import { createPaymentIntent, paymentDetails } from '../../payments/intents';
import { CART_KIND } from '../cart-kind';
import { ORDER_KIND } from '../transitions';
import type { CartMethod, Settled } from './method';
import { claimFree, insertCartCheckout, insertOrder, waitingOrder } from './rows';

/** A pending order's short transfers waiting on its intent: null when none arrived. */
async function receivedSoFar(orderId: string): Promise<{ receivedVnd: bigint; dueVnd: bigint } | null> {
	const [intent] = await db()
		.select()
		.from(paymentIntents)
		.where(and(eq(paymentIntents.kind, ORDER_KIND), eq(paymentIntents.targetId, orderId)));
	if (!intent || intent.status !== 'PENDING') return null;
	const short = await openShortTransfers(db(), intent.id);
	if (short.length === 0) return null;
	const receivedVnd = short.reduce((sum, t) => sum + t.amountVnd, 0n);
	return receivedVnd < intent.amountVnd ? { receivedVnd, dueVnd: intent.amountVnd - receivedVnd } : null;
}

const expiry = (at: Date) => new Date(at.getTime() + config().checkout.qrOrderTtlMs);

export const qr: CartMethod = {
	free: false,
	takesUnit: false,

	// No payment account, no QR.
	ready: () => void paymentAccount(),

	order: (tx, p, line) => waitingOrder(tx, p, line, 'qr_direct', expiry(p.at)),

	// A cart's line has no reference of its own: the cart's page shows the cart's QR (cart-read.ts).
	async waiting(order) {
		const short = await receivedSoFar(order.id);
		if (!order.paymentRef || !config().payment.ready) return { qrUrl: null, qrPayload: null, paymentInstructions: null, short };
		// After a short transfer the QR asks for the remainder only: the matcher adds it to what arrived.
		const details = await paymentDetails({ reference: order.paymentRef, amountVnd: short ? short.dueVnd : order.amountVnd });
		return { qrUrl: details.qrUrl, qrPayload: details.qrPayload, paymentInstructions: details.paymentInstructions, short };
	},

	async cart(tx, p, cart) {
		const expiresAt = expiry(p.at);
		const intent = await createPaymentIntent(tx, { kind: CART_KIND, targetId: cart.id, amountVnd: cart.totalVnd, userId: p.userId, expiresAt });
		const checkout = await insertCartCheckout(tx, p, cart, 'qr_direct', intent.id);
		const settled: Settled[] = [];
		for (const line of cart.lines) {
			if (line.amountVnd === 0n) settled.push(await claimFree(tx, p, line, cart.id));
			else settled.push({ order: await insertOrder(tx, p, line, { paymentMethod: 'qr_direct', paymentIntentId: intent.id, paymentRef: null, cartCheckoutId: cart.id, expiresAt }) });
		}
		return { checkout, settled };
	}
};
