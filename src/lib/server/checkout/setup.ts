import { config } from '../config';
import { registerJob } from '../platform/jobs';
import { registerPaymentTarget } from '../payments/targets';
import { dropExpiredIdempotencyKeys } from '../payments/idempotency';
import { CART_KIND } from './cart-kind';
import { cartPaymentTarget } from './cart-payment-target';
import { orderPaymentTarget } from './payment-target';
import { deliverDueReceipts } from './receipts';
import { ORDER_KIND } from './transitions';

/** Purchase orders (one, or a cart's) are paid by bank transfer or cash confirmation (also needed by the ops CLI). */
export function registerOrderPayments(): void {
	registerPaymentTarget(ORDER_KIND, orderPaymentTarget);
	registerPaymentTarget(CART_KIND, cartPaymentTarget);
}

/**
 * Start-up. Expiring unpaid orders is the payments sweep's job (every
 * intent kind); here: receipts the immediate attempt missed, and forgotten
 * idempotency keys. Both are safe on several instances at once.
 */
export function setupCheckout(): void {
	registerOrderPayments();
	registerJob('order-receipts', config().paymentSweepIntervalMs, deliverDueReceipts);
	registerJob('checkout-idempotency-cleanup', 15 * 60_000, dropExpiredIdempotencyKeys);
}
