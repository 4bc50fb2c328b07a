/**
 * Text the database cannot store faithfully is refused at the boundary with a
 * 400 naming the field, instead of failing in the first query that stores or
 * compares it (the fuzzer found both kinds as 500s on the sign-up name):
 *
 * - U+0000: PostgreSQL text and jsonb cannot hold it at all.
 * - Lone UTF-16 surrogates (JSON allows `"\udc00"`): not Unicode text; after
 *   some characters PGlite's encoder turns them into invalid UTF-8 that the
 *   server rejects, elsewhere they would be silently replaced by U+FFFD.
 *
 * Request bodies, query strings and path parameters all pass through here.
 */
import { AppError } from '../errors/app-error';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type UnstorableReason = 'nul_character' | 'lone_surrogate';

function problem(text: string): UnstorableReason | null {
	if (text.includes('\u0000')) return 'nul_character';
	if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
	return null;
}

/** The first string (or key) that cannot be stored; iterative, so deep nesting cannot overflow the stack. */
export function unstorableText(value: unknown): { path: string; reason: UnstorableReason } | null {
	const stack: [unknown, string][] = [[value, '']];
	while (stack.length > 0) {
		const [v, path] = stack.pop()!;
		if (typeof v === 'string') {
			const reason = problem(v);
			if (reason) return { path, reason };
		} else if (Array.isArray(v)) {
			v.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
		} else if (v !== null && typeof v === 'object') {
			for (const [k, item] of Object.entries(v)) {
				const p = path ? `${path}.${k}` : k;
				const reason = problem(k);
				if (reason) return { path: p, reason };
				stack.push([item, p]);
			}
		}
	}
	return null;
}

const MESSAGES: Record<UnstorableReason, string> = {
	nul_character: 'Dữ liệu chứa ký tự NUL (U+0000) không được chấp nhận.',
	lone_surrogate: 'Dữ liệu chứa ký tự Unicode không hợp lệ (nửa cặp UTF-16).'
};

export function assertStorableText(value: unknown): void {
	const found = unstorableText(value);
	if (!found) return;
	const message = MESSAGES[found.reason];
	throw new AppError('validation_error', message, { reason: found.reason, fields: [{ path: found.path, message }] });
}
