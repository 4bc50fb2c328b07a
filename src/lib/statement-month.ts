/** Statement months on pages: `?thang=YYYY-MM`, defaulting to the last finished month in Vietnam time. */
const MONTH = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

export function lastFinishedMonth(nowMs: number = Date.now()): string {
	const vn = new Date(nowMs + 7 * 3600_000);
	return new Date(Date.UTC(vn.getUTCFullYear(), vn.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

export function monthParam(url: URL): string {
	const m = url.searchParams.get('thang');
	return m && MONTH.test(m) ? m : lastFinishedMonth();
}

/** "Tháng 10/2026". */
export function monthLabel(month: string): string {
	const [y, m] = month.split('-');
	return `Tháng ${Number(m)}/${y}`;
}
