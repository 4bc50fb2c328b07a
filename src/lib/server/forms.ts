/**
 * Storefront form actions: they call the same procedures as /api/auth/* and
 * /api/v1 through `serverCaller` (same limits, same errors, same cookies), so
 * the pages work without JavaScript and say exactly what went wrong, field by field.
 */
import { fail, type ActionFailure, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { classifyError } from './errors/classify';
import { parseVndInput } from '../money-input';

import type { FormFailure } from '../form-failure';

export type { FormFailure };

const SECRET_FIELDS = new Set(['password', 'newPassword', 'confirmPassword', 'otp', 'token']);

function formValues(data: FormData): Record<string, string> {
	const values: Record<string, string> = {};
	// An empty field is an absent one, so optional fields stay optional and required ones say "please enter".
	for (const [k, v] of data) if (typeof v === 'string' && v !== '') values[k] = v;
	return values;
}

function publicValues(values: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_FIELDS.has(k)));
}

function fieldMessages(details: Record<string, unknown> | undefined): Record<string, string> {
	const fields: Record<string, string> = {};
	const list = (details?.fields ?? []) as { path: string; message: string }[];
	for (const f of list) fields[f.path] ??= f.message;
	return fields;
}

/**
 * Amount fields of every form (studio price, sale and flash prices, promo
 * amounts, wallet adjustments …): typed as people write money ("35.000 ₫"),
 * handed to the contracts as the plain digits the API takes.
 */
const MONEY_FIELDS = new Set(['priceVnd', 'salePriceVnd', 'amountVnd', 'amountOffVnd', 'maxDiscountVnd']);

/** Rewrites readable amounts in place; returns the message of each amount that cannot be read. */
function readAmounts(values: Record<string, string>): Record<string, string> {
	const refused: Record<string, string> = {};
	for (const name of MONEY_FIELDS) {
		const raw = values[name];
		if (raw === undefined) continue;
		const parsed = parseVndInput(raw);
		if (parsed.ok) values[name] = parsed.value;
		else refused[name] = parsed.message;
	}
	return refused;
}

export type FormOutcome<T> = { ok: true; value: T } | { ok: false; failure: ActionFailure<FormFailure> };

/**
 * Parses the posted form with a contract schema and runs `run`; any failure
 * (invalid field, wrong password, rate limit, unavailable mail) becomes
 * `fail(status, { message, fields, values })` for the page to show. Redirects
 * belong after this returns (SvelteKit's `redirect` throws).
 */
export async function formAction<S extends z.ZodType, T>(
	event: RequestEvent,
	schema: S,
	run: (input: z.output<S>) => Promise<T>
): Promise<FormOutcome<T>> {
	const values = formValues(await event.request.formData());
	const typed = { ...values };
	const refusedAmounts = readAmounts(values);
	if (Object.keys(refusedAmounts).length > 0) {
		// The other fields' own messages come along, so one send shows every mistake.
		const readable = Object.fromEntries(Object.entries(values).filter(([k]) => !(k in refusedAmounts)));
		const rest = schema.safeParse(readable);
		const others = rest.success ? {} : fieldMessages(classifyError(rest.error).details);
		return {
			ok: false,
			failure: fail(400, { message: 'Vui lòng kiểm tra lại thông tin đã nhập.', fields: { ...others, ...refusedAmounts }, values: publicValues(typed) })
		};
	}
	try {
		const input = schema.parse(values);
		return { ok: true, value: await run(input) };
	} catch (error) {
		return { ok: false, failure: formFailure(error, typed) };
	}
}

function formFailure(error: unknown, values: Record<string, string>): ActionFailure<FormFailure> {
	const c = classifyError(error);
	const fields = fieldMessages(c.details);
	return fail(c.status, {
		// Field errors speak for themselves next to their fields; the banner only points at them.
		message: Object.keys(fields).length > 0 ? 'Vui lòng kiểm tra lại thông tin đã nhập.' : c.message,
		fields,
		values: publicValues(values)
	});
}
