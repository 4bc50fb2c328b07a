/**
 * A wallet order in one data-modifying statement (issue 15, item 2;
 * checkout_pay_wallet in drizzle/0029, shared with checkout_wallet): the
 * flash-sale unit when the price needs one, ownership, the debit (bonus
 * pocket first, one conditional UPDATE of the wallet row, as wallet/service's
 * debit), the order inserted as PAID with its receipt already claimed for the
 * sender that runs after commit, the ledger row(s) with their running totals,
 * and the promo use made final. Each step reads the previous one's RETURNING
 * rows, so when one finds nothing (the unit went to another buyer, the buyer
 * already owns the product, the balance is short) none after it writes, and
 * the caller rolls the transaction back for the refusals.
 *
 * Ownership is inserted before anything is paid: its primary key waits for a
 * concurrent purchase of the same product by the same buyer and then skips,
 * which is what refuses the second one (already_owned).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { bigintParam } from '../../db/sql-values';
import { ts } from '../../catalog/pricing';
import type { Quote } from '../price';
import type { OrderRow } from '../transitions';

export interface WalletOrderInput {
	id: string;
	userId: string;
	productId: string;
	at: Date;
	quote: Quote;
	/** Take the quote's flash-sale unit in this statement (false when the caller holds it already). */
	takeUnit: boolean;
	promo: { code: string; redemptionId: string; discountVnd: bigint } | null;
	amountVnd: bigint;
	returnTo: string | null;
	note: string;
}

export type WalletOrderOutcome =
	| { kind: 'paid'; order: OrderRow }
	| { kind: 'unit_lost' }
	| { kind: 'owned' }
	| { kind: 'insufficient' };

interface Row {
	unit_ok: boolean;
	owned_now: boolean;
	debited: boolean;
	order_number: string | null;
}

export async function insertPaidWalletOrder(tx: Tx, o: WalletOrderInput): Promise<WalletOrderOutcome> {
	const amount = bigintParam(o.amountVnd);
	const take = o.takeUnit && o.quote.unitHeld;
	const held = o.quote.unitHeld;
	const [row] = await queryRows<Row>(
		sql`SELECT unit_ok, owned_now, debited, order_number::text AS order_number
			FROM checkout_pay_wallet(${o.id}::uuid, ${o.userId}::uuid, ${o.productId}::uuid, ${ts(o.at)}, ${bigintParam(o.quote.priceVnd)},
				${o.quote.source}::text, ${o.quote.flashSaleId}::uuid, ${take}::boolean, ${held}::boolean, ${o.promo?.code ?? null}::text,
				${o.promo?.redemptionId ?? null}::uuid, ${bigintParam(o.promo?.discountVnd ?? 0n)}, ${amount}, ${o.returnTo}::text, ${o.note}::text)`,
		tx
	);
	if (!row!.unit_ok) return { kind: 'unit_lost' };
	if (!row!.owned_now) return { kind: 'owned' };
	if (!row!.debited || row!.order_number === null) return { kind: 'insufficient' };
	return { kind: 'paid', order: paidWalletOrder(o, Number(row!.order_number)) };
}

/** The order row the paying statement inserted, built from what the caller sent (no read back). */
export function paidWalletOrder(o: WalletOrderInput, orderNumber: number): OrderRow {
	return {
		id: o.id,
		orderNumber,
		userId: o.userId,
		guestEmail: null,
		guestConsentAt: null,
		productId: o.productId,
		priceVnd: o.quote.priceVnd,
		priceSource: o.quote.source,
		promoDiscountVnd: o.promo?.discountVnd ?? 0n,
		amountVnd: o.amountVnd,
		paymentMethod: 'wallet',
		status: 'PAID',
		promoCode: o.promo?.code ?? null,
		promoRedemptionId: o.promo?.redemptionId ?? null,
		flashSaleId: o.quote.flashSaleId,
		flashSaleUnitHeld: o.quote.unitHeld,
		paymentIntentId: null,
		paymentRef: null,
		cartCheckoutId: null,
		returnTo: o.returnTo,
		receiptStatus: 'sending',
		receiptAttempts: 1,
		receiptAttemptedAt: o.at,
		expiresAt: null,
		paidAt: o.at,
		expiredAt: null,
		cancelledAt: null,
		createdAt: o.at,
		updatedAt: o.at
	};
}
