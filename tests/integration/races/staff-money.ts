/**
 * Staff money races (issue #16) for the concurrency suite, which registers
 * them with its own server, `race` (counted in its summary line) and the
 * money invariants it checks after every race. Kept in their own file so the
 * suite only gains one line per group of races.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkout, getOrder, sellable } from '../../helpers/checkout';
import { createUser, request, sql, type JsonResponse, type TestUser } from '../../helpers/http';
import { balanceOf, creditWallet } from '../../helpers/money';
import { payReference, postBankTransfer } from '../../helpers/payments';

export interface RaceKit {
	base: () => string;
	/** The fewest concurrent requests a race fires. */
	N: number;
	race: <T>(requests: (() => Promise<T>)[]) => Promise<T[]>;
	statuses: (responses: { status: number }[]) => Record<number, number>;
}

const REASON = 'Kiểm tra đồng thời của nhân viên';

export function staffMoneyRaces({ base, N, race, statuses }: RaceKit): void {
	const asStaff = (who: TestUser, path: string, json: unknown): Promise<JsonResponse<any>> =>
		request(base(), path, { method: 'POST', json, headers: { origin: base(), cookie: who.cookie } });
	const count = async (query: string, params: unknown[]) => (await sql<{ n: number }>(base(), `SELECT count(*)::int AS n FROM ${query}`, params))[0]!.n;

	async function strayTransfer(amountVnd: number): Promise<string> {
		const res = await postBankTransfer(base(), 'x', amountVnd, { content: `CK chuyen nham ${randomUUID().slice(0, 8)}` });
		expect(res.body.status).toBe('unmatched');
		return res.body.transferId;
	}

	describe('staff money operations', () => {
		it('two staff refunding the same order at once (50 requests): one REFUND credit, one refund row, the same answer to all', async () => {
			const staffs = await Promise.all([createUser(base(), { role: 'staff' }), createUser(base(), { role: 'staff' })]);
			const buyer = await createUser(base());
			const product = await sellable(base(), { priceVnd: '38000' });
			const order = (await checkout(base(), { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer })).body.data;
			await payReference(base(), order.paymentRef, 38000);
			const results = await race(Array.from({ length: N }, (_, i) => () => asStaff(staffs[i % 2]!, `/api/v1/admin/orders/${order.id}/refund`, { reason: REASON })));
			expect(statuses(results)).toEqual({ 200: N });
			expect(new Set(results.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
			expect(await balanceOf(base(), buyer)).toEqual({ main: '38000', bonus: '0', total: '38000' });
			expect(await count(`wallet_ledger WHERE user_id = $1 AND entry_type = 'REFUND'`, [buyer.userId])).toBe(1);
			expect(await count(`order_refunds WHERE order_id = $1`, [order.id])).toBe(1);
			expect(await count(`audit_log WHERE target_id = $1 AND action = 'order.refund'`, [order.id])).toBe(1);
			expect(await count(`product_ownerships WHERE user_id = $1`, [buyer.userId])).toBe(0);
			expect((await getOrder(base(), order.id, buyer.cookie)).body.data).toMatchObject({ status: 'PAID', downloadUrl: null });
		});

		it('50 concurrent assignments of one unmatched transfer to an order: paid once, 49 × 409', async () => {
			const [operator, buyer] = await Promise.all([createUser(base(), { role: 'staff' }), createUser(base())]);
			const product = await sellable(base(), { priceVnd: '25000' });
			const order = (await checkout(base(), { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer })).body.data;
			const transferId = await strayTransfer(30000);
			const results = await race(Array.from({ length: N }, () => () => asStaff(operator, `/api/v1/admin/transfers/${transferId}/assign`, { orderId: order.id, reason: REASON })));
			expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
			for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('conflict');
			expect((await getOrder(base(), order.id, buyer.cookie)).body.data.status).toBe('PAID');
			// The 5 000 excess, credited once.
			expect(await balanceOf(base(), buyer)).toEqual({ main: '5000', bonus: '0', total: '5000' });
			expect(await count(`wallet_ledger WHERE ref_type = 'bank_transfer' AND ref_id = $1`, [transferId])).toBe(1);
			expect(await count(`audit_log WHERE target_id = $1`, [transferId])).toBe(1);
			expect(await count(`product_ownerships WHERE user_id = $1 AND product_id = $2`, [buyer.userId, product.id])).toBe(1);
		});

		it('one unmatched transfer, 25 staff assigning it to an order while 25 credit it to a wallet: the money moves once', async () => {
			const [operator, buyer, other] = await Promise.all([createUser(base(), { role: 'staff' }), createUser(base()), createUser(base())]);
			const product = await sellable(base(), { priceVnd: '40000' });
			const order = (await checkout(base(), { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer })).body.data;
			const transferId = await strayTransfer(40000);
			const results = await race(
				Array.from({ length: N }, (_, i) => () =>
					i % 2 === 0
						? asStaff(operator, `/api/v1/admin/transfers/${transferId}/assign`, { orderId: order.id, reason: REASON })
						: asStaff(operator, `/api/v1/admin/transfers/${transferId}/credit`, { userId: other.userId, reason: REASON })
				)
			);
			expect(statuses(results)).toEqual({ 200: 1, 409: N - 1 });
			const winner = results.find((r) => r.status === 200)!.body.data;
			const orderStatus = (await getOrder(base(), order.id, buyer.cookie)).body.data.status;
			const credited = await balanceOf(base(), other);
			if (winner.outcome === 'assigned') {
				expect([orderStatus, credited.total]).toEqual(['PAID', '0']);
			} else {
				expect([orderStatus, credited.total]).toEqual(['PENDING', '40000']);
			}
			expect(await count(`audit_log WHERE target_id = $1`, [transferId])).toBe(1);
			expect(await sql(base(), 'SELECT needs_review FROM bank_transfers WHERE id = $1', [transferId])).toEqual([{ needs_review: false }]);
		});

		it('50 concurrent staff debits of one wallet never take it below zero', async () => {
			const [operator, user] = await Promise.all([createUser(base(), { role: 'staff' }), createUser(base())]);
			await creditWallet(base(), user.userId, '100000', 'main');
			const results = await race(
				Array.from({ length: N }, () => () => asStaff(operator, `/api/v1/admin/users/${user.userId}/wallet-adjustments`, { direction: 'debit', pocket: 'main', amountVnd: '3000', reason: REASON }))
			);
			// 100 000 covers 33 debits of 3 000.
			expect(statuses(results)).toEqual({ 200: 33, 409: N - 33 });
			expect(await balanceOf(base(), user)).toEqual({ main: '1000', bonus: '0', total: '1000' });
			expect(await count(`audit_log WHERE target_id = $1 AND action = 'wallet.adjust'`, [user.userId])).toBe(33);
		});
	});
}
