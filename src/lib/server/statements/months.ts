/**
 * Statement months are calendar months in Vietnam time (UTC+7, no daylight
 * saving), because that is the month an author and the tax office mean. A
 * month is the half-open interval [first day 00:00 +07, next first day).
 */
import { badRequest } from '../errors/app-error';

const VIETNAM_OFFSET_MS = 7 * 3600_000;

export interface MonthRange {
	month: string;
	from: Date;
	to: Date;
}

export function monthRange(month: string): MonthRange {
	const m = /^([0-9]{4})-(0[1-9]|1[0-2])$/.exec(month);
	if (!m) throw badRequest('Tháng phải có dạng YYYY-MM, ví dụ 2026-10.', { field: 'month' });
	const year = Number(m[1]);
	const index = Number(m[2]) - 1;
	return {
		month,
		from: new Date(Date.UTC(year, index, 1) - VIETNAM_OFFSET_MS),
		to: new Date(Date.UTC(year, index + 1, 1) - VIETNAM_OFFSET_MS)
	};
}

/** The month an instant falls in, in Vietnam time. */
export function monthOf(at: Date): string {
	return new Date(at.getTime() + VIETNAM_OFFSET_MS).toISOString().slice(0, 7);
}

