/**
 * Storefront form actions: they call the same procedures as /api/auth/* and
 * /api/v1 through `serverCaller` (same limits, same errors, same cookies), so
 * the pages work without JavaScript and say exactly what went wrong, field by field.
 */
import { fail, type ActionFailure, type RequestEvent } from '@sveltejs/kit';
import type { z } from 'zod';
import { classifyError } from './errors/classify';

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
	try {
		const input = schema.parse(values);
		return { ok: true, value: await run(input) };
	} catch (error) {
		return { ok: false, failure: formFailure(error, values) };
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
