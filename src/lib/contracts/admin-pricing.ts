/** Staff pricing operations (issue #16): top-up denominations, promo codes, gift-code batches. Wire shapes only. */
import { z } from 'zod';
import { ProductType } from './catalog';
import { Denomination } from './topup';
import { MoneyVnd } from './money';

const wholeVnd = (what: string) => z.string().trim().regex(/^[0-9]{1,15}$/, `${what} phải là số tiền nguyên (đồng), không có dấu chấm hay phần lẻ.`);
const optionalDate = z.iso.datetime({ offset: true, message: 'Thời điểm không hợp lệ (ISO 8601).' }).optional();

// ── Top-up denominations ───────────────────────────────────────────────────────────
export const AdminDenominationList = z.object({ items: z.array(Denomination), nextCursor: z.null(), hasMore: z.literal(false) });

export const CreateDenominationInput = z.object({
	amountVnd: wholeVnd('Mệnh giá'),
	/** Bonus percent on top of the amount, up to two decimals (5.5 = 5,5 %). */
	bonusRatePct: z.number().min(0, 'Tiền thưởng từ 0 đến 100%.').max(100, 'Tiền thưởng từ 0 đến 100%.').multipleOf(0.01, 'Tiền thưởng lẻ tối đa hai chữ số thập phân.').default(0),
	sortOrder: z.number().int().min(0).max(10_000).default(100),
	tag: z.string().trim().min(1).max(30, 'Nhãn tối đa 30 ký tự.').nullable().default(null),
	isPopular: z.boolean().default(false)
});

export const UpdateDenominationInput = z
	.object({
		id: z.uuid(),
		isActive: z.boolean().optional(),
		bonusRatePct: CreateDenominationInput.shape.bonusRatePct.unwrap().optional(),
		sortOrder: z.number().int().min(0).max(10_000).optional(),
		tag: z.string().trim().min(1).max(30, 'Nhãn tối đa 30 ký tự.').nullable().optional(),
		isPopular: z.boolean().optional()
	})
	.refine((u) => Object.keys(u).length > 1, { message: 'Không có gì để thay đổi.' });

// ── Promo codes ─────────────────────────────────────────────────────────────────────
export const AdminPromo = z
	.object({
		id: z.string(),
		code: z.string(),
		description: z.string().nullable(),
		appliesTo: z.enum(['TOPUP', 'CHECKOUT']),
		kind: z.enum(['PERCENT', 'FIXED']),
		percentOff: z.number().int().nullable(),
		maxDiscountVnd: MoneyVnd.nullable(),
		amountOffVnd: MoneyVnd.nullable(),
		minAmountVnd: MoneyVnd,
		startsAt: z.iso.datetime().nullable(),
		endsAt: z.iso.datetime().nullable(),
		totalCap: z.number().int().nullable(),
		perUserCap: z.number().int().nullable(),
		/** Uses so far (held by pending orders included). */
		used: z.number().int(),
		productId: z.string().nullable(),
		productType: ProductType.nullable(),
		categoryId: z.string().nullable(),
		isActive: z.boolean(),
		createdAt: z.iso.datetime()
	})
	.meta({ id: 'AdminPromo' });
export type AdminPromo = z.infer<typeof AdminPromo>;

export const AdminPromoList = z.object({ items: z.array(AdminPromo), nextCursor: z.null(), hasMore: z.literal(false) });

export const CreatePromoInput = z.object({
	code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,40}$/, 'Mã gồm 3–40 chữ cái không dấu, chữ số, “-” hoặc “_”.'),
	description: z.string().trim().min(1).max(200, 'Mô tả tối đa 200 ký tự.').optional(),
	appliesTo: z.enum(['TOPUP', 'CHECKOUT']),
	kind: z.enum(['PERCENT', 'FIXED']),
	percentOff: z.number().int('Phần trăm giảm là số nguyên.').min(1, 'Phần trăm giảm từ 1 đến 100.').max(100, 'Phần trăm giảm từ 1 đến 100.').optional(),
	maxDiscountVnd: wholeVnd('Mức giảm tối đa').optional(),
	amountOffVnd: wholeVnd('Số tiền giảm').optional(),
	minAmountVnd: wholeVnd('Giá trị tối thiểu').optional(),
	startsAt: optionalDate,
	endsAt: optionalDate,
	totalCap: z.number().int().min(1, 'Giới hạn tổng số lượt ít nhất là 1.').optional(),
	perUserCap: z.number().int().min(1, 'Giới hạn mỗi người ít nhất là 1.').optional(),
	productId: z.uuid().optional(),
	productType: ProductType.optional(),
	categoryId: z.uuid().optional()
});

export const PromoIdInput = z.object({ id: z.uuid() });

// ── Gift-code batches ───────────────────────────────────────────────────────────────
export const GiftCodeBatch = z
	.object({
		batchId: z.string(),
		amountVnd: MoneyVnd,
		count: z.number().int(),
		activeCount: z.number().int(),
		maxRedemptions: z.number().int(),
		/** Redemptions made across the batch. */
		redeemed: z.number().int(),
		expiresAt: z.iso.datetime().nullable(),
		note: z.string().nullable(),
		createdAt: z.iso.datetime()
	})
	.meta({ id: 'GiftCodeBatch' });

export const GiftCodeBatchList = z.object({ items: z.array(GiftCodeBatch), nextCursor: z.null(), hasMore: z.boolean() });

export const CreateGiftCodesInput = z.object({
	amountVnd: wholeVnd('Giá trị mã'),
	count: z.number().int('Số lượng là số nguyên.').min(1, 'Số lượng từ 1 đến 1000.').max(1000, 'Số lượng từ 1 đến 1000.'),
	maxRedemptions: z.number().int().min(1, 'Mỗi mã dùng được ít nhất 1 lần.').max(1_000_000).default(1),
	expiresAt: optionalDate,
	note: z.string().trim().max(200, 'Ghi chú tối đa 200 ký tự.').optional()
});

export const CreatedGiftCodeBatch = z
	.object({
		batchId: z.string(),
		codes: z.array(z.string()),
		/** The codes as CSV (UTF-8 with BOM, for spreadsheets). Plain codes are never stored: this answer is the only copy. */
		csv: z.string()
	})
	.meta({ id: 'CreatedGiftCodeBatch' });

export const BatchIdInput = z.object({ batchId: z.uuid() });
export const DeactivatedBatch = z.object({ batchId: z.string(), deactivated: z.number().int() });
