/**
 * Output checks (issue 15, item 4; src/lib/server/trpc/output-checks.ts): in
 * development and tests a procedure's result must be exactly what its output
 * schema lets through, so production can skip the check without changing an
 * answer; with the check off the result passes as built.
 */
import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replaceOutputChecks } from '../../src/lib/server/trpc/output-checks';

const t = initTRPC.create();
const Item = z.object({ id: z.string(), priceVnd: z.string(), note: z.string().optional() });

function build(checked: boolean) {
	const router = t.router({
		exact: t.procedure.output(Item).query(() => ({ id: 'a', priceVnd: '1000' })),
		undefinedMember: t.procedure.output(Item).query(() => ({ id: 'a', priceVnd: '1000', note: undefined })),
		extra: t.procedure.output(Item).query(() => ({ id: 'a', priceVnd: '1000', passwordHash: 'secret' })),
		wrong: t.procedure.output(Item).query(() => ({ id: 'a', priceVnd: 1000 }) as unknown as z.infer<typeof Item>)
	});
	return t.createCallerFactory(replaceOutputChecks(router, () => checked))({});
}

describe('output checks', () => {
	it('pass a result built field by field, undefined members included', async () => {
		const caller = build(true);
		expect(await caller.exact()).toEqual({ id: 'a', priceVnd: '1000' });
		expect(await caller.undefinedMember()).toEqual({ id: 'a', priceVnd: '1000' });
	});

	it('refuse a result the schema would have changed or rejected, naming the procedure', async () => {
		const caller = build(true);
		await expect(caller.extra()).rejects.toThrow(/Output of extra was changed by its output schema/);
		await expect(caller.wrong()).rejects.toThrow(/Output of wrong does not match its output schema/);
	});

	it('are skipped when off (production): the result passes as built', async () => {
		const caller = build(false);
		expect(await caller.wrong()).toEqual({ id: 'a', priceVnd: 1000 });
	});
});
