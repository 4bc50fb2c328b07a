import { z } from 'zod';
import { MoneyVnd } from './money';

export const Denomination = z.object({
	id: z.string(),
	amountVnd: MoneyVnd,
	/** Bonus percent credited to the bonus pocket on top of the amount. */
	bonusRatePct: z.number(),
	isActive: z.boolean(),
	sortOrder: z.number().int(),
	tag: z.string().nullable(),
	isPopular: z.boolean()
}).meta({ id: 'Denomination' });
export type Denomination = z.infer<typeof Denomination>;

export const topupOrderStatuses = ['PENDING', 'PAID', 'EXPIRED', 'FAILED'] as const;

export const TopupOrder = z.object({
	id: z.string(),
	status: z.enum(topupOrderStatuses),
	/** Credited to the main pocket once paid. */
	amountVnd: MoneyVnd,
	/** Credited to the bonus pocket once paid. */
	bonusVnd: MoneyVnd,
	promoDiscountVnd: MoneyVnd,
	/** What the buyer transfers: amountVnd − promoDiscountVnd. */
	totalAmountVnd: MoneyVnd,
	paymentMethod: z.literal('qr_direct'),
	/** VietQR PNG data URL while the top-up awaits payment. */
	qrUrl: z.string().nullable(),
	/** Additive: while awaiting payment, the VietQR (EMVCo) text the `qrUrl` image encodes. */
	qrPayload: z.string().nullable().optional(),
	expiresAt: z.iso.datetime().nullable(),
	/** Additive: the transfer content (memo) that identifies this top-up. */
	paymentRef: z.string(),
	/** Additive: the bank details spelt out, while awaiting payment. */
	paymentInstructions: z.string().nullable(),
	paidAt: z.iso.datetime().nullable(),
	createdAt: z.iso.datetime(),
	returnTo: z.string().nullable()
}).meta({ id: 'TopupOrder' });
export type TopupOrder = z.infer<typeof TopupOrder>;

/** Promo codes: 3–40 letters, digits, "-" or "_". */
export const PromoCode = z.string().trim().regex(/^[A-Za-z0-9_-]{3,40}$/, 'Mã khuyến mãi gồm 3–40 chữ cái, chữ số, "-" hoặc "_".');

/** A path on this site, never another origin (`//host` or `/\host`). */
export const ReturnTo = z.string().max(512).regex(/^\/(?![/\\])\S*$/, 'Phải là đường dẫn nội bộ bắt đầu bằng "/".');

export const CreateTopupOrderInput = z.object({
	denominationId: z.string().min(1).max(64),
	promoCode: z.union([z.literal(''), PromoCode]).optional(),
	returnTo: ReturnTo.optional()
});
export type CreateTopupOrderInput = z.infer<typeof CreateTopupOrderInput>;

export const TopupOrderIdInput = z.object({ id: z.string().min(1) });

export const TopupPromoValidateInput = z.object({
	code: PromoCode,
	amountVnd: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
});

export const TopupPromoResult = z.discriminatedUnion('valid', [
	z.object({ valid: z.literal(true), discountVnd: MoneyVnd, finalAmountVnd: MoneyVnd, description: z.string().nullable() }),
	z.object({ valid: z.literal(false), reason: z.literal('invalid') })
]);
export type TopupPromoResult = z.infer<typeof TopupPromoResult>;
