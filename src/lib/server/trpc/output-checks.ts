/**
 * Output validation (issue 15, item 4). Procedures build their results field
 * by field, so validating them again only costs time on every answer. tRPC's
 * `.output(schema)` check is replaced here, once, by one that
 * - in development and tests is stricter than tRPC's: the validated result
 *   must be the same JSON the procedure returned (nothing stripped, defaulted
 *   or transformed), so skipping the check can never change an answer;
 * - in production is not in the chain at all (not a middleware that does
 *   nothing: every level of tRPC's chain copies the call's options, a
 *   measurable share of a signed-in read, docs/performance.md).
 * The schemas stay on the procedures: /openapi.json is still generated from them.
 */
import { TRPCError, type AnyRouter } from '@trpc/server';
import { isDeepStrictEqual } from 'node:util';
import { config } from '../config';

type Middleware = ((opts: { next: () => Promise<{ ok: boolean; data?: unknown }> }) => Promise<unknown>) & { _type?: string };

interface ProcedureDef {
	output?: { '~standard'?: { validate: (value: unknown) => unknown } };
	middlewares: Middleware[];
}

/** What goes on the wire: undefined members dropped, dates as strings. */
function wire(value: unknown): unknown {
	return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function strictCheck(procedurePath: string, schema: NonNullable<ProcedureDef['output']>): Middleware {
	const validate = schema['~standard']?.validate;
	if (!validate) throw new Error(`${procedurePath}: output schema is not a Standard Schema`);
	const check: Middleware = async ({ next }) => {
		const result = await next();
		if (!result.ok) return result;
		const checked = (await validate(result.data)) as { value?: unknown; issues?: unknown[] };
		const problem = checked.issues
			? `does not match its output schema: ${JSON.stringify(checked.issues).slice(0, 500)}`
			: isDeepStrictEqual(wire(checked.value), wire(result.data))
				? undefined
				: 'was changed by its output schema (build the result field by field: production does not validate it)';
		if (problem) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: `Output of ${procedurePath} ${problem}` });
		return result;
	};
	check._type = 'output';
	return check;
}

/**
 * Replaces every procedure's tRPC output check with the one above, or drops it
 * when `checked()` is false (called once, on the app router). Which of the two
 * is decided at a procedure's first call, when the configuration is known: the
 * build imports this module where the production configuration is not set.
 */
export function replaceOutputChecks<R extends AnyRouter>(router: R, checked: () => boolean = () => !config().isProduction): R {
	const procedures = router._def.procedures as Record<string, { _def: ProcedureDef }>;
	for (const [path, procedure] of Object.entries(procedures)) {
		const def = procedure._def;
		const at = def.middlewares.findIndex((m) => m._type === 'output');
		const output = def.output;
		if (at === -1 || !output) continue;
		const withCheck = def.middlewares.map((m, i) => (i === at ? strictCheck(path, output) : m));
		const withoutCheck = def.middlewares.filter((_, i) => i !== at);
		Object.defineProperty(def, 'middlewares', {
			configurable: true,
			enumerable: true,
			get() {
				const chosen = checked() ? withCheck : withoutCheck;
				Object.defineProperty(def, 'middlewares', { value: chosen, writable: true, configurable: true, enumerable: true });
				return chosen;
			}
		});
	}
	return router;
}
