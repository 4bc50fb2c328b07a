/**
 * A wallet order in one data-modifying statement (issue 15, item 2): the
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
import type { Tx } from '../db/client';
import { queryRows } from '../db/rows';
import { bigintParam } from '../db/sql-values';
import { ts } from '../catalog/pricing';
import type { Quote } from './flash-sale';
import { ORDER_KIND, type OrderRow } from './transitions';

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
		sql`WITH unit AS (
				UPDATE flash_sales SET stock_left = stock_left - 1
				WHERE id = ${o.quote.flashSaleId}::uuid AND ${take}::boolean
					AND flash_sale_open(starts_at, ends_at, stock_cap, stock_left, ${ts(o.at)})
				RETURNING id
			), go AS (
				SELECT 1 AS ok WHERE NOT ${take}::boolean OR EXISTS (SELECT 1 FROM unit)
			), own AS (
				INSERT INTO product_ownerships (user_id, product_id, source, order_id, created_at)
				SELECT ${o.userId}::uuid, ${o.productId}::uuid, 'purchase', ${o.id}::uuid, ${ts(o.at)} FROM go
				ON CONFLICT DO NOTHING
				RETURNING order_id
			), before AS (
				SELECT w.user_id, w.bonus FROM wallets w JOIN own ON true WHERE w.user_id = ${o.userId}::uuid FOR UPDATE OF w
			), debit AS (
				UPDATE wallets w
				SET bonus = w.bonus - LEAST(w.bonus, ${amount}), main = w.main - (${amount} - LEAST(w.bonus, ${amount})), updated_at = ${ts(o.at)}
				FROM before b
				WHERE w.user_id = b.user_id AND w.main + w.bonus >= ${amount}
				RETURNING w.main + w.bonus AS total, b.bonus - w.bonus AS from_bonus
			), ord AS (
				INSERT INTO orders (id, user_id, product_id, price_vnd, price_source, promo_discount_vnd, amount_vnd, payment_method, status,
					promo_code, promo_redemption_id, flash_sale_id, flash_sale_unit_held, return_to,
					receipt_status, receipt_attempts, receipt_attempted_at, paid_at, created_at, updated_at)
				SELECT ${o.id}::uuid, ${o.userId}::uuid, ${o.productId}::uuid, ${bigintParam(o.quote.priceVnd)}, ${o.quote.source}::text, ${bigintParam(o.promo?.discountVnd ?? 0n)}, ${amount}, 'wallet', 'PAID',
					${o.promo?.code ?? null}::text, ${o.promo?.redemptionId ?? null}::uuid, ${o.quote.flashSaleId}::uuid, ${held}::boolean, ${o.returnTo}::text,
					'sending', 1, ${ts(o.at)}, ${ts(o.at)}, ${ts(o.at)}, ${ts(o.at)}
				FROM debit
				RETURNING order_number
			), ledger AS (
				INSERT INTO wallet_ledger (user_id, entry_type, direction, pocket, amount, balance_after, ref_type, ref_id, note, created_at)
				SELECT ${o.userId}::uuid, 'PURCHASE', 'DEBIT', e.pocket, e.amount, e.balance_after, ${ORDER_KIND}::text, ${o.id}::text, ${o.note}::text, ${ts(o.at)}
				FROM debit d
				CROSS JOIN LATERAL (VALUES
					(1, 'bonus', d.from_bonus, d.total + (${amount} - d.from_bonus)),
					(2, 'main', ${amount} - d.from_bonus, d.total)
				) e(step, pocket, amount, balance_after)
				WHERE e.amount > 0
				ORDER BY e.step
			), consumed AS (
				UPDATE promo_redemptions SET status = 'CONSUMED', updated_at = ${ts(o.at)}
				WHERE id = ${o.promo?.redemptionId ?? null}::uuid AND status = 'RESERVED' AND EXISTS (SELECT 1 FROM ord)
			)
			SELECT NOT ${take}::boolean OR EXISTS (SELECT 1 FROM unit) AS unit_ok,
				EXISTS (SELECT 1 FROM own) AS owned_now,
				EXISTS (SELECT 1 FROM debit) AS debited,
				(SELECT order_number::text FROM ord) AS order_number`,
		tx
	);
	if (!row!.unit_ok) return { kind: 'unit_lost' };
	if (!row!.owned_now) return { kind: 'owned' };
	if (!row!.debited || row!.order_number === null) return { kind: 'insufficient' };
	const order: OrderRow = {
		id: o.id,
		orderNumber: Number(row!.order_number),
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
		flashSaleUnitHeld: held,
		paymentIntentId: null,
		paymentRef: null,
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
	return { kind: 'paid', order };
}
