/** Operator actions on promos (the ops CLI): create, list, deactivate. */
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { db } from '../db/client';
import { productTypes, promoKinds, promos, promoScopes } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { normalisePromoCode, type Promo } from './service';

const vnd = z.union([z.bigint(), z.string().regex(/^[0-9]{1,15}$/).transform((v) => BigInt(v))]);

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

export const NewPromo = z
	.object({
		code: z.string().trim().regex(PROMO_CODE_PATTERN, '3–40 letters, digits, "-" or "_"'),
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
			ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'PERCENT promos need percentOff (and no amountOffVnd)' });
		}
		if (p.kind === 'FIXED' && (p.amountOffVnd === undefined || p.amountOffVnd <= 0n || p.percentOff !== undefined || p.maxDiscountVnd !== undefined)) {
			ctx.addIssue({ code: 'custom', path: ['amountOffVnd'], message: 'FIXED promos need a positive amountOffVnd (and no percentOff or maxDiscountVnd)' });
		}
		if (p.maxDiscountVnd !== undefined && p.maxDiscountVnd <= 0n) {
			ctx.addIssue({ code: 'custom', path: ['maxDiscountVnd'], message: 'must be positive' });
		}
		if (p.startsAt && p.endsAt && p.endsAt <= p.startsAt) {
			ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
		}
		if (p.appliesTo === 'TOPUP' && (p.productId || p.productType || p.categoryId)) {
			ctx.addIssue({ code: 'custom', path: ['appliesTo'], message: 'product scopes apply to CHECKOUT promos only' });
		}
	});
export type NewPromo = z.input<typeof NewPromo>;

export async function createPromo(input: NewPromo): Promise<Promo> {
	const p = NewPromo.parse(input);
	const [promo] = await db()
		.insert(promos)
		.values({ ...p, code: normalisePromoCode(p.code), createdAt: now(), updatedAt: now() })
		.onConflictDoNothing({ target: promos.code })
		.returning();
	if (!promo) throw new AppError(409, 'conflict', `Mã khuyến mãi ${normalisePromoCode(p.code)} đã tồn tại.`);
	return promo;
}

export function listPromos(): Promise<Promo[]> {
	return db().select().from(promos).orderBy(desc(promos.createdAt));
}

/** Existing reservations stay valid; no new order can use the code. */
export async function deactivatePromo(code: string): Promise<boolean> {
	const rows = await db()
		.update(promos)
		.set({ isActive: false, updatedAt: now() })
		.where(eq(promos.code, normalisePromoCode(code)))
		.returning({ id: promos.id });
	return rows.length > 0;
}
