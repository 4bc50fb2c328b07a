/** Top-up denominations: what a buyer can add to the wallet and the bonus it earns. */
import { asc, eq } from 'drizzle-orm';
import type { Denomination } from '../../contracts/topup';
import { db, type DbOrTx } from '../db/client';
import { topupDenominations } from '../db/schema';
import { now } from '../platform/clock';

type DenominationRow = typeof topupDenominations.$inferSelect;

/** The shop's standard offer; larger top-ups earn a larger bonus. */
export const STANDARD_DENOMINATIONS = [
	{ amountVnd: 50_000n, bonusRateBp: 0, sortOrder: 10, tag: null, isPopular: false },
	{ amountVnd: 100_000n, bonusRateBp: 500, sortOrder: 20, tag: 'Tặng 5%', isPopular: false },
	{ amountVnd: 200_000n, bonusRateBp: 1000, sortOrder: 30, tag: 'Phổ biến', isPopular: true },
	{ amountVnd: 500_000n, bonusRateBp: 1500, sortOrder: 40, tag: 'Tặng 15%', isPopular: false },
	{ amountVnd: 1_000_000n, bonusRateBp: 2000, sortOrder: 50, tag: 'Tiết kiệm nhất', isPopular: false }
] as const;

/**
 * Adds the standard denominations that are missing, keyed by amount. Ones
 * that exist are left as operators changed them (rate, tag, deactivation),
 * so this is safe to run at every start.
 */
export async function seedDenominations(tx: DbOrTx = db()): Promise<number> {
	const inserted = await tx
		.insert(topupDenominations)
		.values(STANDARD_DENOMINATIONS.map((d) => ({ ...d, createdAt: now(), updatedAt: now() })))
		.onConflictDoNothing({ target: topupDenominations.amountVnd })
		.returning({ id: topupDenominations.id });
	return inserted.length;
}

/** Bonus on a top-up amount, rounded down to whole VND. */
export function bonusFor(amountVnd: bigint, bonusRateBp: number): bigint {
	return (amountVnd * BigInt(bonusRateBp)) / 10_000n;
}

export function toDenomination(row: DenominationRow): Denomination {
	return {
		id: row.id,
		amountVnd: row.amountVnd.toString(),
		bonusRatePct: row.bonusRateBp / 100,
		isActive: row.isActive,
		sortOrder: row.sortOrder,
		tag: row.tag,
		isPopular: row.isPopular
	};
}

export async function listActiveDenominations(): Promise<Denomination[]> {
	const rows = await db()
		.select()
		.from(topupDenominations)
		.where(eq(topupDenominations.isActive, true))
		.orderBy(asc(topupDenominations.sortOrder), asc(topupDenominations.amountVnd));
	return rows.map(toDenomination);
}

export function listAllDenominations(): Promise<DenominationRow[]> {
	return db().select().from(topupDenominations).orderBy(asc(topupDenominations.sortOrder), asc(topupDenominations.amountVnd));
}
