/**
 * What a payment method is to the checkout (docs/decisions/023, docs/checkout.md): one object per
 * method, behind this interface, serving a single order (create.ts) and a cart (cart-checkout.ts)
 * alike. The orchestrators open the checkout, price every line (price.ts), hold the flash-sale
 * units and the promo uses, and refuse a method that does not fit the amount; the method then
 * settles what was priced, inside the same transaction: pays it, or leaves it waiting for a
 * payment, and says which receipts are due.
 */
import type { Tx } from '../../db/client';
import type { cartCheckouts } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { formatVndText } from '../../../format';
import type { Buyer } from '../buyer';
import type { Quote } from '../price';
import { deliverClaimedReceiptSoon, deliverReceiptSoon, type ReceiptFacts } from '../receipts';
import type { OrderRow } from '../transitions';

export type CartCheckoutRow = typeof cartCheckouts.$inferSelect;

/** Who buys, when, and where they go back to: the same for every line of a checkout. */
export interface Purchase {
	buyer: Buyer;
	userId: string | null;
	at: Date;
	returnTo: string | null;
}

/** One product priced for this buyer: its flash-sale unit held (unless the method takes it) and its promo use reserved. */
export interface PricedLine {
	orderId: string;
	product: { id: string; title: string };
	/** The buyer's account, for the receipt (null for a guest). */
	account: ReceiptFacts['account'];
	quote: Quote;
	promo: { code: string; redemptionId: string; discountVnd: bigint } | null;
	/** What this line costs the buyer: the price less the promo's share. */
	amountVnd: bigint;
}

/** A cart priced line by line (lines in product-id order, the lock order). */
export interface PricedCart {
	id: string;
	cartId: string | null;
	promoCode: string | null;
	totalVnd: bigint;
	lines: PricedLine[];
}

/** An order as the checkout made it, and its receipt when it was paid now (with `facts`: claimed already, sent after commit). */
export interface Settled {
	order: OrderRow;
	receipt?: { order: OrderRow; facts?: ReceiptFacts };
}

/** How a PENDING order of the method is paid, as the buyer reads it (GET /api/v1/checkout/{orderId}). */
export interface WaitingView {
	qrUrl: string | null;
	qrPayload: string | null;
	paymentInstructions: string | null;
	/** Transfers that arrived short of the amount: what arrived, what is still due. */
	short: { receivedVnd: bigint; dueVnd: bigint } | null;
}

export interface CheckoutMethod {
	/** Pays a total of zero, and only that (free_claim). */
	readonly free: boolean;
	/**
	 * Its paying statement takes the flash-sale unit itself (one round trip less): the orchestrator
	 * then hands it each offer in turn (price.ts priceAndHold) — only without a promo, whose use
	 * must be locked between the unit and the payment.
	 */
	readonly takesUnit: boolean;
	/** Refuses before anything is reserved (no payment account, no QR). */
	ready?(): void;
	/**
	 * The common single order before any transaction (signed in, no promo, no Idempotency-Key):
	 * settled, or undefined when the full checkout must run.
	 */
	atOnce?(userId: string, productId: string, returnTo: string | null, at: Date): Promise<Settled | undefined>;
	/** Settles one priced order; undefined only when `takeUnit` and another buyer took the unit first. */
	order(tx: Tx, purchase: Purchase, line: PricedLine, takeUnit: boolean): Promise<Settled | undefined>;
	/** What a buyer sees of a PENDING order of the method; absent: nothing to show (it never waits). */
	waiting?(order: OrderRow): Promise<WaitingView>;
	/** Settles a priced cart: its checkout row and one order per line. Absent: carts do not take the method. */
	cart?(tx: Tx, purchase: Purchase, cart: PricedCart): Promise<{ checkout: CartCheckoutRow; settled: Settled[] }>;
}

/** A method carts take too. */
export type CartMethod = CheckoutMethod & { cart: NonNullable<CheckoutMethod['cart']> };

/** free_claim for a total of zero, any other method for more. */
export function checkMethodFits(method: CheckoutMethod, amountVnd: bigint, what: 'order' | 'cart'): void {
	const subject = what === 'order' ? 'Sản phẩm này' : 'Giỏ hàng này';
	if (method.free && amountVnd > 0n) {
		throw new AppError('state_violation', `${subject} không miễn phí (cần thanh toán ${formatVndText(amountVnd)}), không thể nhận miễn phí.`, {
			reason: 'not_free',
			amountVnd: amountVnd.toString()
		});
	}
	if (!method.free && amountVnd === 0n) {
		throw new AppError('state_violation', `${subject} đang miễn phí: hãy chọn hình thức nhận miễn phí (free_claim).`, {
			reason: 'free_order',
			paymentMethod: 'free_claim'
		});
	}
}

/** After commit: the receipts the checkout made due, claimed ones sent now, the others left for the sender. */
export function deliverReceipts(settled: Settled[]): void {
	for (const { receipt } of settled) {
		if (receipt?.facts) deliverClaimedReceiptSoon(receipt.order, receipt.facts);
		else if (receipt) deliverReceiptSoon(receipt.order.id);
	}
}
