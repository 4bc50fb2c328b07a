/**
 * Music quota accounting. One conditional upsert consumes a unit, so N
 * concurrent downloads with one unit left give exactly one winner; callers run
 * it inside the transaction that records the grant, so a grant that fails
 * afterwards rolls the unit back with it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { MusicQuota, QuotaLimit } from '../../contracts/music';
import { config } from '../config';
import { db, type DbOrTx } from '../db/client';
import { musicQuotaUsage } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { isActiveVip, quotaLimitFor, type QuotaSubject } from './policy';
import { vietnamDate, vietnamMonthWindow, type QuotaWindow } from './quota-window';

export function assertMusicEnabled(): void {
	if (!config().music.enabled) {
		throw new AppError('service_unavailable', 'Dịch vụ nhạc lớp học đang tạm ngừng, vui lòng quay lại sau.');
	}
}

export async function usedInWindow(tx: DbOrTx, userId: string, window: QuotaWindow): Promise<number> {
	const [row] = await tx
		.select({ used: musicQuotaUsage.used })
		.from(musicQuotaUsage)
		.where(and(eq(musicQuotaUsage.userId, userId), eq(musicQuotaUsage.windowStart, window.start)));
	return row?.used ?? 0;
}

/**
 * Takes one unit of the window; returns the new `used`, or null when the limit
 * is reached. Unlimited users are still counted, so their `used` is real.
 */
export async function consumeUnit(tx: DbOrTx, userId: string, window: QuotaWindow, limit: QuotaLimit, at: Date): Promise<number | null> {
	if (limit !== 'unlimited' && limit < 1) return null;
	const rows = await tx
		.insert(musicQuotaUsage)
		.values({ userId, windowStart: window.start, used: 1, updatedAt: at })
		.onConflictDoUpdate({
			target: [musicQuotaUsage.userId, musicQuotaUsage.windowStart],
			set: { used: sql`${musicQuotaUsage.used} + 1`, updatedAt: at },
			...(limit === 'unlimited' ? {} : { setWhere: sql`${musicQuotaUsage.used} < ${limit}` })
		})
		.returning({ used: musicQuotaUsage.used });
	return rows[0]?.used ?? null;
}

export function quotaExceeded(used: number, limit: number, window: QuotaWindow): AppError {
	return new AppError(
		'quota_exceeded',
		`Bạn đã dùng hết ${limit} lượt tải nhạc miễn phí của tháng này. Lượt tải sẽ được làm mới vào ngày ${vietnamDate(window.end)}.`,
		undefined,
		{ used, limit, resetsAt: window.end.toISOString() }
	);
}

export async function musicQuota(user: QuotaSubject & { id: string }): Promise<MusicQuota> {
	assertMusicEnabled();
	const at = now();
	const window = vietnamMonthWindow(at);
	return {
		isVip: isActiveVip(user, at),
		used: await usedInWindow(db(), user.id, window),
		limit: quotaLimitFor(user, at, config().music.freeMonthlyLimit),
		resetsAt: window.end.toISOString()
	};
}
