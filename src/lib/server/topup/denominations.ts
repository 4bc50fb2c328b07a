/** Top-up denominations: what a buyer can add to the wallet and the bonus it earns. */
import { asc, eq } from 'drizzle-orm';
import type { Denomination } from '../../contracts/topup';
import { db, type DbOrTx } from '../db/client';
import { topupDenominations } from '../db/schema';
import { now } from '../platform/clock';
import { recordAudit } from '../admin/audit';
import { config } from '../config';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { formatVndText } from '../../format';

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

export interface NewDenomination {
	amountVnd: string;
	bonusRatePct: number;
	sortOrder: number;
	tag: string | null;
	isPopular: boolean;
}

/** Percent with up to two decimals → basis points, exactly (5.55 → 555). */
const toBasisPoints = (pct: number) => Math.round(pct * 100);

/**
 * A top-up amount must be a round sum a bank transfer carries easily (a
 * multiple of 1 000 ₫, at least 10 000 ₫) and fit in a wallet at all.
 */
function checkAmount(amountVnd: bigint): void {
	const max = config().walletMaxBalanceVnd;
	if (amountVnd < 10_000n || amountVnd % 1_000n !== 0n || amountVnd > max) {
		throw badRequest(`Mệnh giá phải là bội số của 1.000 ₫, từ 10.000 ₫ đến ${formatVndText(max)} (số dư ví tối đa).`, {
			fields: [{ path: 'amountVnd', message: 'out of range or not a multiple of 1000' }]
		});
	}
}

export async function createDenomination(actorId: string, input: NewDenomination): Promise<Denomination> {
	const amountVnd = BigInt(input.amountVnd);
	checkAmount(amountVnd);
	return db().transaction(async (tx) => {
		const [row] = await tx
			.insert(topupDenominations)
			.values({ amountVnd, bonusRateBp: toBasisPoints(input.bonusRatePct), sortOrder: input.sortOrder, tag: input.tag, isPopular: input.isPopular, createdAt: now(), updatedAt: now() })
			.onConflictDoNothing({ target: topupDenominations.amountVnd })
			.returning();
		if (!row) throw new AppError('conflict', `Đã có mệnh giá ${formatVndText(amountVnd)}; hãy sửa mệnh giá đó thay vì tạo mới.`);
		await recordAudit(tx, { actorId, action: 'denomination.create', targetType: 'topup_denomination', targetId: row.id, summary: { after: toDenomination(row) } });
		return toDenomination(row);
	});
}

export interface DenominationChange {
	id: string;
	isActive?: boolean;
	bonusRatePct?: number;
	sortOrder?: number;
	tag?: string | null;
	isPopular?: boolean;
}

/** Changes apply to top-ups created from now on; a pending top-up keeps the bonus it was offered. */
export async function updateDenomination(actorId: string, change: DenominationChange): Promise<Denomination> {
	const { id, bonusRatePct, ...rest } = change;
	return db().transaction(async (tx) => {
		const [before] = await tx.select().from(topupDenominations).where(eq(topupDenominations.id, id)).for('update');
		if (!before) throw notFound('Không tìm thấy mệnh giá.');
		const [after] = await tx
			.update(topupDenominations)
			.set({ ...rest, ...(bonusRatePct !== undefined ? { bonusRateBp: toBasisPoints(bonusRatePct) } : {}), updatedAt: now() })
			.where(eq(topupDenominations.id, id))
			.returning();
		await recordAudit(tx, { actorId, action: 'denomination.update', targetType: 'topup_denomination', targetId: id, summary: { before: toDenomination(before), after: toDenomination(after!) } });
		return toDenomination(after!);
	});
}
