/** Author payouts (issue #16), served at /api/v1/admin/payouts and tagged Admin. Wiring only. */
import { MarkedPayout, MarkPayoutInput, PayoutList, StatementQuery } from '../../../contracts/statements';
import { listPayouts, markPayout } from '../../statements/payouts';
import { route, router } from '../init';
import { docs } from './admin-payouts.docs';

export const adminPayoutsRouter = router({
	list: route({ openapi: { method: 'GET', path: '/api/v1/admin/payouts', envelope: 'object', auth: 'staff', ...docs.list } })
		.input(StatementQuery)
		.output(PayoutList)
		.query(({ input }) => listPayouts(input.month)),

	mark: route({ openapi: { method: 'POST', path: '/api/v1/admin/payouts', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.mark } })
		.input(MarkPayoutInput)
		.output(MarkedPayout)
		.mutation(({ ctx, input }) => markPayout(ctx.session.user.id, input))
});
