/**
 * Operator actions on promos, shared by the ops CLI and the staff console
 * (/api/v1/admin/promos): create, list, deactivate. Every change writes its
 * audit row in the same transaction (actor null for the CLI).
 */
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../db/client';
import { productTypes, promoKinds, promos, promoScopes } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import type { AdminPromo } from '../../contracts/admin-pricing';
import { recordAudit } from '../admin/audit';
import { normalisePromoCode, type Promo } from './service';

const vnd = z.union([z.bigint(), z.string().regex(/^[0-9]{1,15}$/).transform((v) => BigInt(v))]);

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

export const NewPromo = z
	.object({
		code: z.string().trim().regex(PROMO_CODE_PATTERN, 'Mã gồm 3–40 chữ cái không dấu, chữ số, “-” hoặc “_”.'),
		description: z.string().trim().min(1).max(200).optional(),
		appliesTo: z.enum(promoScopes),
		kind: z.enum(promoKinds),
		percentOff: z.number().int().min(1).max(100).optional(),
		maxDiscountVnd: vnd.optional(),
		amountOffVnd: vnd.optional(),
		minAmountVnd: vnd.default(0n),
		startsAt: z.coerce.date().optional(),
		endsAt: z.coerce.date().optional(),
		totalCap: z.number().int().positive().optional(),
		perUserCap: z.number().int().positive().optional(),
		productId: z.uuid().optional(),
		productType: z.enum(productTypes).optional(),
		categoryId: z.uuid().optional()
	})
	.superRefine((p, ctx) => {
		if (p.kind === 'PERCENT' && (p.percentOff === undefined || p.amountOffVnd !== undefined)) {
			ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Mã giảm theo phần trăm cần phần trăm giảm (và không có số tiền giảm).' });
		}
		if (p.kind === 'FIXED' && (p.amountOffVnd === undefined || p.amountOffVnd <= 0n || p.percentOff !== undefined || p.maxDiscountVnd !== undefined)) {
			ctx.addIssue({ code: 'custom', path: ['amountOffVnd'], message: 'Mã giảm số tiền cố định cần số tiền giảm lớn hơn 0 (và không có phần trăm hay mức giảm tối đa).' });
		}
		if (p.maxDiscountVnd !== undefined && p.maxDiscountVnd <= 0n) {
			ctx.addIssue({ code: 'custom', path: ['maxDiscountVnd'], message: 'Mức giảm tối đa phải lớn hơn 0.' });
		}
		if (p.startsAt && p.endsAt && p.endsAt <= p.startsAt) {
			ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Thời điểm kết thúc phải sau thời điểm bắt đầu.' });
		}
		if (p.appliesTo === 'TOPUP' && (p.productId || p.productType || p.categoryId)) {
			ctx.addIssue({ code: 'custom', path: ['appliesTo'], message: 'Chỉ mã dùng khi mua học liệu (CHECKOUT) mới giới hạn theo học liệu, loại hoặc danh mục.' });
		}
	});
export type NewPromo = z.input<typeof NewPromo>;

export async function createPromo(input: NewPromo, actorId: string | null = null): Promise<Promo> {
	const p = NewPromo.parse(input);
	return db().transaction(async (tx) => {
		const [promo] = await tx
			.insert(promos)
			.values({ ...p, code: normalisePromoCode(p.code), createdAt: now(), updatedAt: now() })
			.onConflictDoNothing({ target: promos.code })
			.returning();
		if (!promo) throw new AppError('conflict', `Mã khuyến mãi ${normalisePromoCode(p.code)} đã tồn tại.`);
		await recordAudit(tx, { actorId, action: 'promo.create', targetType: 'promo', targetId: promo.id, summary: { after: { code: promo.code, appliesTo: promo.appliesTo, kind: promo.kind } } });
		return promo;
	});
}

export function listPromos(): Promise<Promo[]> {
	return db().select().from(promos).orderBy(desc(promos.createdAt));
}

/** Existing reservations stay valid; no new order can use the code. False when no such promo exists. */
export async function deactivatePromo(match: { code: string } | { id: string }, actorId: string | null = null): Promise<Promo | null> {
	return db().transaction(async (tx) => {
		const [promo] = await tx
			.update(promos)
			.set({ isActive: false, updatedAt: now() })
			.where('code' in match ? eq(promos.code, normalisePromoCode(match.code)) : eq(promos.id, match.id))
			.returning();
		if (!promo) return null;
		await recordAudit(tx, { actorId, action: 'promo.deactivate', targetType: 'promo', targetId: promo.id, summary: { after: { code: promo.code, isActive: false } } });
		return promo;
	});
}

export function adminPromoView(p: Promo): AdminPromo {
	const money = (v: bigint | null) => (v === null ? null : v.toString());
	return {
		id: p.id,
		code: p.code,
		description: p.description,
		appliesTo: p.appliesTo,
		kind: p.kind,
		percentOff: p.percentOff,
		maxDiscountVnd: money(p.maxDiscountVnd),
		amountOffVnd: money(p.amountOffVnd),
		minAmountVnd: p.minAmountVnd.toString(),
		startsAt: p.startsAt?.toISOString() ?? null,
		endsAt: p.endsAt?.toISOString() ?? null,
		totalCap: p.totalCap,
		perUserCap: p.perUserCap,
		used: p.used,
		productId: p.productId,
		productType: p.productType,
		categoryId: p.categoryId,
		isActive: p.isActive,
		createdAt: p.createdAt.toISOString()
	};
}
