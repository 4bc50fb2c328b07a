/**
 * The music quota window: a calendar month in Vietnam time (Asia/Ho_Chi_Minh).
 * Vietnam has kept UTC+07:00 without daylight saving since 1975, so a fixed
 * offset is exact and needs no time-zone database.
 */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

export interface QuotaWindow {
	start: Date;
	/** Exclusive; also the next window's start (`resetsAt`). */
	end: Date;
}

export function vietnamMonthWindow(at: Date): QuotaWindow {
	const local = new Date(at.getTime() + VIETNAM_OFFSET_MS);
	const year = local.getUTCFullYear();
	const month = local.getUTCMonth();
	return {
		start: new Date(Date.UTC(year, month, 1) - VIETNAM_OFFSET_MS),
		end: new Date(Date.UTC(year, month + 1, 1) - VIETNAM_OFFSET_MS)
	};
}

/** "01/12/2026": how Vietnamese users read a date in messages. */
export function vietnamDate(at: Date): string {
	const local = new Date(at.getTime() + VIETNAM_OFFSET_MS);
	const dd = String(local.getUTCDate()).padStart(2, '0');
	const mm = String(local.getUTCMonth() + 1).padStart(2, '0');
	return `${dd}/${mm}/${local.getUTCFullYear()}`;
}
