/**
 * Operator actions on gift codes, shared by the ops CLI and the staff console
 * (/api/v1/admin/giftcode-batches). Plain codes exist only in the return value
 * of `createGiftCodes` (and its CSV): the table keeps keyed hashes. Every
 * change writes its audit row in the same transaction (actor null for the CLI).
 */
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { db } from '../db/client';
import { giftCodes } from '../db/schema';
import { now } from '../platform/clock';
import { recordAudit } from '../admin/audit';
import { notFound } from '../errors/app-error';
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

export async function createGiftCodes(input: NewGiftCodes, actorId: string | null = null): Promise<CreatedGiftCodes> {
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
		await recordAudit(tx, {
			actorId,
			action: 'giftcodes.create',
			targetType: 'giftcode_batch',
			targetId: batchId,
			summary: { after: { count: codes.length, amountVnd: spec.amountVnd.toString(), maxRedemptions: spec.maxRedemptions, expiresAt: spec.expiresAt?.toISOString() ?? null } }
		});
	});
	return { batchId, codes };
}

/** A spreadsheet of a new batch's codes: UTF-8 with a BOM so Excel shows Vietnamese, one code per row. */
export function giftCodesCsv(spec: { amountVnd: string | bigint; maxRedemptions: number; expiresAt?: Date | null }, codes: readonly string[]): string {
	const header = 'ma_qua_tang,gia_tri_vnd,so_lan_dung,het_han';
	const expires = spec.expiresAt ? spec.expiresAt.toISOString() : '';
	// Codes are letters, digits and dashes: nothing to quote.
	return `\uFEFF${[header, ...codes.map((code) => `${code},${spec.amountVnd},${spec.maxRedemptions},${expires}`)].join('\r\n')}\r\n`;
}

export interface GiftCodeBatchSummary {
	batchId: string;
	amountVnd: string;
	count: number;
	activeCount: number;
	maxRedemptions: number;
	redeemed: number;
	expiresAt: string | null;
	note: string | null;
	createdAt: string;
}

const BATCH_LIMIT = 100;

/** Batches newest first, with how many codes are still active and how often they were redeemed. */
export async function listGiftCodeBatches(): Promise<{ items: GiftCodeBatchSummary[]; nextCursor: null; hasMore: boolean }> {
	const rows = await db()
		.select({
			batchId: giftCodes.batchId,
			amountVnd: sql<string>`min(${giftCodes.amountVnd})::text`,
			count: sql<number>`count(*)::int`,
			activeCount: sql<number>`(count(*) FILTER (WHERE ${giftCodes.isActive}))::int`,
			maxRedemptions: sql<number>`max(${giftCodes.maxRedemptions})::int`,
			redeemed: sql<number>`sum(${giftCodes.redemptionCount})::int`,
			expiresAt: sql<Date | string | null>`max(${giftCodes.expiresAt})`,
			note: sql<string | null>`max(${giftCodes.note})`,
			createdAt: sql<Date | string>`min(${giftCodes.createdAt})`
		})
		.from(giftCodes)
		.groupBy(giftCodes.batchId)
		.orderBy(sql`min(${giftCodes.createdAt}) DESC`, giftCodes.batchId)
		.limit(BATCH_LIMIT + 1);
	const iso = (d: Date | string) => new Date(d).toISOString();
	return {
		items: rows.slice(0, BATCH_LIMIT).map((r) => ({ ...r, expiresAt: r.expiresAt === null ? null : iso(r.expiresAt), createdAt: iso(r.createdAt) })),
		nextCursor: null,
		hasMore: rows.length > BATCH_LIMIT
	};
}

/** Every code of the batch stops working; redemptions already made stay. 404 for an unknown batch. */
export async function deactivateGiftCodeBatch(actorId: string | null, batchId: string): Promise<{ batchId: string; deactivated: number }> {
	return db().transaction(async (tx) => {
		const [exists] = await tx.select({ id: giftCodes.id }).from(giftCodes).where(eq(giftCodes.batchId, batchId)).limit(1);
		if (!exists) throw notFound('Không tìm thấy lô mã quà tặng.');
		const rows = await tx
			.update(giftCodes)
			.set({ isActive: false })
			.where(and(eq(giftCodes.batchId, batchId), eq(giftCodes.isActive, true)))
			.returning({ id: giftCodes.id });
		await recordAudit(tx, { actorId, action: 'giftcodes.deactivate_batch', targetType: 'giftcode_batch', targetId: batchId, summary: { after: { deactivated: rows.length } } });
		return { batchId, deactivated: rows.length };
	});
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
