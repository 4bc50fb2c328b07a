/**
 * Test-only procedures for the checkout suites (TEST_HOOKS only, hidden from
 * /openapi.json): run the receipts job now instead of waiting for its timer.
 */
import { z } from 'zod';
import { deliverDueReceipts } from '../../checkout/receipts';
import { router } from '../init';
import { testOnlyProcedure } from './testing';

const base = { tags: ['Testing'], internal: true, auth: 'none', errors: {}, envelope: 'object', method: 'POST' } as const;

export const checkoutTestingRouter = router({
	deliverReceipts: testOnlyProcedure
		.meta({ openapi: { ...base, path: '/api/v1/_test/checkout/receipts', summary: 'Run the order receipts job' } })
		.input(z.object({}))
		.output(z.unknown())
		.mutation(async () => ({ sent: await deliverDueReceipts() }))
});
