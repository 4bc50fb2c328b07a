import { z } from 'zod';
import { LedgerPage, LedgerQuery, WalletBalance } from '../../../contracts/wallet';
import { listLedger } from '../../wallet/ledger';
import { readBalance } from '../../wallet/service';
import { route, router } from '../init';
import { docs } from './wallet.docs';

export const walletRouter = router({
	balance: route({ openapi: { method: 'GET', path: '/api/v1/wallet/balance', envelope: 'object', auth: 'session', ...docs.balance } })
		.input(z.object({}))
		.output(WalletBalance)
		.query(async ({ ctx }) => {
			const b = await readBalance(ctx.session.user.id);
			return { main: b.main.toString(), bonus: b.bonus.toString(), total: b.total.toString() };
		}),

	ledger: route({ openapi: { method: 'GET', path: '/api/v1/wallet/ledger', envelope: 'list', auth: 'session', ...docs.ledger } })
		.input(LedgerQuery)
		.output(LedgerPage)
		.query(({ ctx, input }) => listLedger(ctx.session.user.id, input))
});
