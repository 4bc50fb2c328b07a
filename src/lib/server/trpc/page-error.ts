/**
 * Server `load` functions call procedures in-process; a failure there must
 * become SvelteKit's page error with the same status, code and Vietnamese
 * message REST clients get (not a blanket 500 from the unexpected-error path).
 */
import { error } from '@sveltejs/kit';
import { classifyError } from '../errors/classify';

export function throwPageError(e: unknown): never {
	const c = classifyError(e);
	error(c.status, { message: c.message, code: c.code });
}
