/** Operator actions on gift codes (the ops CLI). Plain codes exist only in the return value of `createGiftCodes`. */
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { db } from '../db/client';
import { giftCodes } from '../db/schema';
import { now } from '../platform/clock';
import { generateGiftCode, giftCodeHint, giftCodeLookupHash } from './codes';

export const NewGiftCodes = z.object({
	amountVnd: z.union([z.bigint(), z.string().regex(/^[0-9]{1,15}$/).transform((v) => BigInt(v))]).refine((v) => v > 0n, 'must be positive'),
	count: z.number().int().min(1).max(10_000),
	maxRedemptions: z.number().int().min(1).max(1_000_000).default(1),
	expiresAt: z.coerce.date().optional(),
	note: z.string().trim().max(200).optional()
});
export type NewGiftCodes = z.input<typeof NewGiftCodes>;

export interface CreatedGiftCodes {
	batchId: string;
	codes: string[];
}

export async function createGiftCodes(input: NewGiftCodes): Promise<CreatedGiftCodes> {
	const spec = NewGiftCodes.parse(input);
	const batchId = randomUUID();
	const codes: string[] = [];
	await db().transaction(async (tx) => {
		while (codes.length < spec.count) {
			const fresh = [...new Set(Array.from({ length: Math.min(500, spec.count - codes.length) }, generateGiftCode))];
			const inserted = await tx
				.insert(giftCodes)
				.values(
					fresh.map((code) => ({
						lookupHash: giftCodeLookupHash(code),
						hint: giftCodeHint(code),
						amountVnd: spec.amountVnd,
						maxRedemptions: spec.maxRedemptions,
						expiresAt: spec.expiresAt ?? null,
						batchId,
						note: spec.note ?? null,
						createdAt: now()
					}))
				)
				// A repeated code (astronomically unlikely) is skipped and replaced by a new one.
				.onConflictDoNothing({ target: giftCodes.lookupHash })
				.returning({ lookupHash: giftCodes.lookupHash });
			const kept = new Set(inserted.map((r) => r.lookupHash));
			codes.push(...fresh.filter((code) => kept.has(giftCodeLookupHash(code))));
		}
	});
	return { batchId, codes };
}

/** Returns false when no such code exists. Redemptions already made stay. */
export async function deactivateGiftCode(code: string): Promise<boolean> {
	const rows = await db()
		.update(giftCodes)
		.set({ isActive: false })
		.where(eq(giftCodes.lookupHash, giftCodeLookupHash(code)))
		.returning({ id: giftCodes.id });
	return rows.length > 0;
}
