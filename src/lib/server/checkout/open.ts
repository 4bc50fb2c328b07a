/**
 * A checkout's opening reads in one statement (drizzle/0026, checkout_open):
 * the buyer's user row locked, then the product, the buyer's pending order
 * for it, whether they own it (a bundle: or every item of it), the quote
 * (buyer_quote(): effective_price() less any bundle credit, offered by
 * quote_source(), price.ts), who they are
 * for the receipt, and the checkout promo with the code asked for. The lock is taken in the function's first statement and the
 * reads run in its second with a fresh snapshot, so they see what the buyer's
 * previous checkout committed while this one waited for the lock.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import type { ProductType, PromoKind } from '../db/schema';
import type { LoadedCheckoutPromo } from '../promos/service';
import { ts } from '../catalog/pricing';
import { QUOTE_SOURCE, type QuoteRow } from './price';

export interface OpeningRead {
	product: { id: string; title: string; type: ProductType; categoryId: string };
	pending: { orderId: string; paymentIntentId: string | null } | null;
	owned: boolean;
	/** The buyer's account (null for a guest), for the receipt. */
	buyer: { email: string; name: string | null } | null;
	quote: QuoteRow;
	/** The live checkout promo with the code asked for; null without a code or when none is live. */
	promo: LoadedCheckoutPromo | null;
}

interface OpenRow extends QuoteRow {
	id: string;
	title: string;
	type: ProductType;
	category_id: string;
	pending_order_id: string | null;
	pending_intent_id: string | null;
	owned: boolean;
	buyer_email: string | null;
	buyer_name: string | null;
	promo_id: string | null;
	promo_kind: PromoKind | null;
	promo_percent_off: number | null;
	promo_max_discount_vnd: string | null;
	promo_amount_off_vnd: string | null;
	promo_min_amount_vnd: string | null;
	promo_total_cap: number | null;
	promo_used: number | null;
	promo_per_user_cap: number | null;
	promo_in_scope: boolean | null;
	promo_uses: number | null;
}

const big = (v: string | null): bigint | null => (v === null ? null : BigInt(v));

function loadedPromo(row: OpenRow): LoadedCheckoutPromo | null {
	if (!row.promo_id || !row.promo_kind) return null;
	return {
		id: row.promo_id,
		terms: {
			kind: row.promo_kind,
			percentOff: row.promo_percent_off,
			maxDiscountVnd: big(row.promo_max_discount_vnd),
			amountOffVnd: big(row.promo_amount_off_vnd),
			minAmountVnd: big(row.promo_min_amount_vnd) ?? 0n,
			totalCap: row.promo_total_cap,
			used: row.promo_used ?? 0,
			perUserCap: row.promo_per_user_cap
		},
		inScope: row.promo_in_scope === true,
		usesByBuyer: row.promo_uses ?? 0
	};
}

/** Undefined for an unknown or unpublished product (the caller answers 400 after an Idempotency-Key replay had its chance). */
export async function openCheckout(tx: Tx, userId: string | null, productId: string, at: Date, promoCode: string | null): Promise<OpeningRead | undefined> {
	const [row] = await queryRows<OpenRow>(
		sql`SELECT id::text AS id, title, type, category_id::text AS category_id,
				pending_order_id::text AS pending_order_id, pending_intent_id::text AS pending_intent_id, owned,
				buyer_email, buyer_name, list, regular, effective, flash_id::text AS flash_id, flash_capped, undercut_running,
				promo_id::text AS promo_id, promo_kind, promo_percent_off, promo_max_discount_vnd, promo_amount_off_vnd,
				promo_min_amount_vnd, promo_total_cap, promo_used, promo_per_user_cap, promo_in_scope, promo_uses, credit, pay, ${QUOTE_SOURCE}
			FROM checkout_open(${userId}::uuid, ${isUuid(productId) ? productId : null}::uuid, ${ts(at)}, ${promoCode}::text)`,
		tx
	);
	if (!row) return undefined;
	return {
		product: { id: row.id, title: row.title, type: row.type, categoryId: row.category_id },
		pending: row.pending_order_id ? { orderId: row.pending_order_id, paymentIntentId: row.pending_intent_id } : null,
		owned: row.owned,
		buyer: row.buyer_email ? { email: row.buyer_email, name: row.buyer_name } : null,
		quote: row,
		promo: loadedPromo(row)
	};
}
