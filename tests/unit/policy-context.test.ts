/**
 * What the policy layer adds to a procedure's context (src/lib/server/policies/enforce.ts,
 * src/lib/server/trpc/init.ts): nothing for a route that declares only who may call it, so the
 * context goes on as it is; otherwise a context of the procedure's own, never the one every
 * procedure of a tRPC batch shares.
 */
import type { Cookies } from '@sveltejs/kit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContext, type Context } from '../../src/lib/server/policies/context';
import { enforcePolicies } from '../../src/lib/server/policies/enforce';
import { createCallerFactory, publicProcedure, router } from '../../src/lib/server/trpc/init';

function context(headers: Record<string, string> = {}): Context {
	return createContext({
		request: new Request('http://127.0.0.1/api/v1/checkout', { method: 'POST', headers }),
		cookies: {} as Cookies,
		locals: { requestId: 'req-1', clientIp: '203.0.113.9', session: null }
	});
}

describe('the context the policies leave', () => {
	it('is left alone when a route declares only who may call it', async () => {
		const ctx = context();
		await expect(enforcePolicies({ auth: 'none' }, ctx)).resolves.toBeUndefined();
		await expect(enforcePolicies(undefined, ctx)).resolves.toBeUndefined();
		expect(ctx.idempotencyKey).toBeUndefined();
	});

	it('gains the Idempotency-Key on a copy, not on the shared context', async () => {
		const ctx = context({ 'idempotency-key': 'mua-giao-an-1' });
		await expect(enforcePolicies({ auth: 'none', idempotent: true }, ctx)).resolves.toEqual({
			idempotencyKey: 'mua-giao-an-1',
			failureLimit: undefined,
			authRequest: undefined
		});
		expect(ctx.idempotencyKey).toBeUndefined();
	});

	it('reaches each procedure of one shared context as that procedure’s policies left it', async () => {
		const seen = publicProcedure
			.meta({ policies: { auth: 'none', idempotent: true } })
			.input(z.object({}))
			.query(({ ctx }) => ctx.idempotencyKey ?? null);
		const plain = publicProcedure
			.meta({ policies: { auth: 'none' } })
			.input(z.object({}))
			.query(({ ctx }) => ctx.idempotencyKey ?? null);
		const caller = createCallerFactory(router({ seen, plain }))(context({ 'idempotency-key': 'k-42' }));
		await expect(Promise.all([caller.seen({}), caller.plain({}), caller.seen({})])).resolves.toEqual(['k-42', null, 'k-42']);
	});
});
