/**
 * Test-only procedures for the money suites (TEST_HOOKS only, hidden from
 * /openapi.json): they drive the same services the ops CLI and the checkout
 * use, so HTTP tests can create codes and promos, move money directly and
 * run the expiry sweep without waiting for its timer.
 */
import { z } from 'zod';
import { db } from '../../db/client';
import { ledgerEntryTypes, walletPockets } from '../../db/schema';
import { createGiftCodes, NewGiftCodes } from '../../giftcodes/admin';
import { expireDueIntents } from '../../payments/intents';
import { createPromo, NewPromo } from '../../promos/admin';
import { credit, debit } from '../../wallet/service';
import { router } from '../init';
import { testOnlyProcedure } from './testing';

const base = { tags: ['Testing'], internal: true, auth: 'none', errors: {}, envelope: 'object', method: 'POST' } as const;
const amount = z.string().regex(/^[0-9]{1,15}$/).transform((v) => BigInt(v));
const json = (value: unknown) => JSON.parse(JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v)));

export const moneyTestingRouter = router({
	createGiftCodes: testOnlyProcedure
		.meta({ openapi: { ...base, path: '/api/v1/_test/giftcodes', summary: 'Create gift codes' } })
		.input(NewGiftCodes)
		.output(z.unknown())
		.mutation(({ input }) => createGiftCodes(input)),

	createPromo: testOnlyProcedure
		.meta({ openapi: { ...base, path: '/api/v1/_test/promos', summary: 'Create a promo' } })
		.input(NewPromo)
		.output(z.unknown())
		.mutation(async ({ input }) => json(await createPromo(input))),

	debit: testOnlyProcedure
		.meta({ openapi: { ...base, path: '/api/v1/_test/wallet/debit', summary: 'Debit a wallet' } })
		.input(z.object({ userId: z.uuid(), amount, refId: z.string().min(1) }))
		.output(z.unknown())
		.mutation(async ({ input }) =>
			json(await db().transaction((tx) => debit(tx, { userId: input.userId, amount: input.amount, refType: 'test_purchase', refId: input.refId, note: 'Mua hàng (kiểm thử).' })))
		),

	credit: testOnlyProcedure
		.meta({ openapi: { ...base, path: '/api/v1/_test/wallet/credit', summary: 'Credit a wallet' } })
		.input(
			z.object({
				userId: z.uuid(),
				amount,
				pocket: z.enum(walletPockets),
				entryType: z.enum(ledgerEntryTypes).exclude(['PURCHASE']),
				refId: z.string().min(1)
			})
		)
		.output(z.unknown())
		.mutation(async ({ input }) =>
			json(await db().transaction((tx) => credit(tx, { ...input, refType: 'test_credit', note: 'Điều chỉnh (kiểm thử).' })))
		),

	sweepPayments: testOnlyProcedure
		.meta({ openapi: { ...base, path: '/api/v1/_test/payments/sweep', summary: 'Run the payment expiry sweep' } })
		.input(z.object({}))
		.output(z.unknown())
		.mutation(async () => ({ expired: await expireDueIntents() }))
});
