/** An author's earnings and monthly statement (issue #16), served at /api/v1/studio/*. Wiring only. */
import { Earnings, Statement, StatementQuery } from '../../../contracts/statements';
import { authorEarnings, authorStatement } from '../../statements/statement';
import { route, router } from '../init';
import { z } from 'zod';
import { docs } from './studio-earnings.docs';

export const studioEarningsRouter = router({
	earnings: route({ openapi: { method: 'GET', path: '/api/v1/studio/earnings', envelope: 'object', auth: 'author', ...docs.earnings } })
		.input(z.object({}))
		.output(Earnings)
		.query(({ ctx }) => authorEarnings(ctx.session.user.id)),

	statement: route({ openapi: { method: 'GET', path: '/api/v1/studio/statement', envelope: 'object', auth: 'author', ...docs.statement } })
		.input(StatementQuery)
		.output(Statement)
		.query(({ ctx, input }) => authorStatement(ctx.session.user.id, input.month))
});
