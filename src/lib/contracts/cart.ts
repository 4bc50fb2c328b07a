import { z } from 'zod';
import { ProductSummary } from './catalog';
import { GuestBuyer, Order } from './checkout';
import { MoneyVnd } from './money';
import { ReturnTo } from './topup';

export const CartLine = z
	.object({
		product: ProductSummary,
		/** What checkout would charge this buyer for it now (flash sale > sale > list; a bundle less what they paid for items they own), before a promo. */
		priceVnd: MoneyVnd,
		/** The price it had when it was put in the cart. */
		addedPriceVnd: MoneyVnd,
		/** The product's price now is not `addedPriceVnd`: a sale started or ended meanwhile. */
		priceChanged: z.boolean(),
		/** The buyer owns it already (bought since, or their own product): checkout refuses the cart until it is removed. */
		owned: z.boolean()
	})
	.meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLine>;

export const Cart = z
	.object({
		lines: z.array(CartLine),
		/** Sum of the lines' `priceVnd`, before a promo. */
		totalVnd: MoneyVnd,
		/** The most lines a cart may hold (`CART_MAX_LINES`). */
		maxLines: z.number().int().positive()
	})
	.meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

export const CartProductInput = z.object({ productId: z.string().min(1).max(64) });

export const CartCount = z.object({ count: z.number().int().nonnegative() });

export const cartPaymentMethods = ['qr_direct', 'wallet', 'free_claim'] as const;

export const CartCheckoutInput = z.object({
	paymentMethod: z.enum(cartPaymentMethods),
	/** Empty = none; applies to every line it is valid for. */
	promoCode: z.string().max(64).optional(),
	/** The cart's `totalVnd` the buyer was shown (before the promo): when the prices changed meanwhile, 409 `conflict` and nothing is reserved. */
	expectedTotalVnd: MoneyVnd.optional(),
	returnTo: ReturnTo.optional(),
	guest: GuestBuyer.optional(),
	consent: z.boolean().optional()
});
export type CartCheckoutInput = z.infer<typeof CartCheckoutInput>;

export const cartCheckoutStatuses = ['PENDING', 'PAID', 'EXPIRED', 'CANCELLED'] as const;

export const CartCheckout = z
	.object({
		id: z.string(),
		status: z.enum(cartCheckoutStatuses),
		paymentMethod: z.enum(cartPaymentMethods),
		/** What the buyer pays for all lines: the sum of the orders' `amountVnd`. */
		amountVnd: MoneyVnd,
		/** Sum of the orders' `promoDiscountVnd`. */
		promoDiscountVnd: MoneyVnd,
		promoCode: z.string().nullable(),
		/** qr_direct while PENDING: one VietQR for the whole cart (PNG data URL). */
		qrUrl: z.string().nullable(),
		qrPayload: z.string().nullable(),
		/** qr_direct: the one transfer memo paying every line. */
		paymentRef: z.string().nullable(),
		paymentInstructions: z.string().nullable(),
		expiresAt: z.iso.datetime().nullable(),
		paidAt: z.iso.datetime().nullable(),
		/** PENDING qr_direct, once a transfer arrived short: what has arrived; the QR then asks for `dueVnd`. */
		receivedVnd: MoneyVnd.optional(),
		dueVnd: MoneyVnd.optional(),
		/** One order per line, each with its own price, promo share, receipt and download. */
		orders: z.array(Order),
		createdAt: z.iso.datetime()
	})
	.meta({ id: 'CartCheckout' });
export type CartCheckout = z.infer<typeof CartCheckout>;

export const CartCheckoutIdInput = z.object({ checkoutId: z.string().min(1).max(64) });
