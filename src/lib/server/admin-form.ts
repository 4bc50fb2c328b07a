/**
 * Staff console forms: fields arrive as strings, and the admin contracts want
 * numbers and ISO instants. Counts and percents become numbers, a
 * `datetime-local` value is Vietnam time (UTC+7, no daylight saving) and
 * becomes an ISO instant, `isPopular` a boolean; then the contract schema
 * checks everything with its Vietnamese messages. Anything not in that shape
 * is passed on untouched for the schema to refuse.
 */
import { z } from 'zod';

const NUMBERS = new Set(['bonusRatePct', 'sortOrder', 'percentOff', 'totalCap', 'perUserCap', 'count', 'maxRedemptions', 'stockCap']);
const DATES = new Set(['startsAt', 'endsAt', 'expiresAt']);

function fromForm(values: unknown): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const [k, v] of Object.entries(values as Record<string, string>)) {
		if (NUMBERS.has(k)) out[k] = /^-?[0-9]+([.,][0-9]+)?$/.test(v) ? Number(v.replace(',', '.')) : v;
		else if (DATES.has(k)) out[k] = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+07:00` : v;
		else if (k === 'isPopular') out[k] = v === 'yes';
		else out[k] = v;
	}
	return out;
}

/** The contract schema behind the form conversion; `extra` (e.g. an id from the URL) wins over posted fields. */
export const adminForm = <S extends z.ZodType>(schema: S, extra: Record<string, unknown> = {}) =>
	z.preprocess((values) => ({ ...fromForm(values), ...extra }), schema);

/** A `datetime-local` value in Vietnam time for an ISO instant, to refill a form. */
export function vietnamLocalInput(iso: string | null): string {
	if (!iso) return '';
	return new Date(new Date(iso).getTime() + 7 * 3600_000).toISOString().slice(0, 16);
}
