import { z } from 'zod';
import { LedgerPage, LedgerQuery, WalletBalance } from '../../../contracts/wallet';
import { db } from '../../db/client';
import { listLedger } from '../../wallet/ledger';
import { getBalance } from '../../wallet/service';
import { route, router } from '../init';

const tags = ['Wallet'];

export const walletRouter = router({
	balance: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/wallet/balance',
			scopes: ['wallet:read'],
			summary: 'Wallet balance',
			description: 'The signed-in user\'s main (paid) and bonus (promotional) pockets and their total, in VND.',
			tags,
			envelope: 'object',
			auth: 'session',
			errors: { 401: ['unauthenticated'] },
			example: { main: '150000', bonus: '20000', total: '170000' }
		}
	})
		.input(z.object({}))
		.output(WalletBalance)
		.query(async ({ ctx }) => {
			const b = await getBalance(db(), ctx.session.user.id);
			return { main: b.main.toString(), bonus: b.bonus.toString(), total: b.total.toString() };
		}),

	ledger: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/wallet/ledger',
			scopes: ['wallet:read'],
			summary: 'Wallet ledger',
			description: 'Every change of the wallet, newest first: top-ups, bonuses, purchases, refunds and adjustments. `balanceAfter` is the wallet total right after the change.',
			tags,
			envelope: 'list',
			auth: 'session',
			errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
			example: {
				items: [
					{
						entryType: 'TOPUP',
						direction: 'CREDIT',
						pocket: 'main',
						amount: '200000',
						balanceAfter: '200000',
						refType: 'topup',
						refId: '6f1c2a9e-0000-4000-8000-000000000000',
						note: 'Nạp 200.000 ₫ vào ví (mã HL7K2MQX9A).',
						createdAt: '2026-01-15T08:30:00.000Z'
					}
				],
				nextCursor: null,
				hasMore: false
			}
		}
	})
		.input(LedgerQuery)
		.output(LedgerPage)
		.query(({ ctx, input }) => listLedger(ctx.session.user.id, input))
});
