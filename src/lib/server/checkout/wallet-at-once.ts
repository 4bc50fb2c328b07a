/**
 * The common wallet purchase in one round trip (docs/decisions/013): signed
 * in, no promo, no Idempotency-Key. checkout_wallet (drizzle/0029) runs the
 * opening read, the price and the paying statement as one statement outside
 * any explicit transaction, so BEGIN and COMMIT and the round trips between
 * the statements go; PostgreSQL rolls the statement back as a whole when it
 * raises (owned after all, balance short), so a refused checkout still holds
 * nothing. A buyer with a pending order for the product (or a product that
 * costs nothing) gets `undefined`: create.ts then runs the full checkout,
 * which settles that order (or refuses the method).
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { ts, type PriceSource } from '../catalog/pricing';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { insufficientFunds } from '../wallet/service';
import { alreadyOwned, flashSaleSoldOut, unknownProduct } from './errors';
import type { ReceiptFacts } from './receipts';
import type { OrderRow } from './transitions';
import { paidWalletOrder } from './wallet-order';

interface Row {
	outcome: 'paid' | 'unknown' | 'owned' | 'sold_out' | 'general';
	title: string | null;
	buyer_email: string | null;
	buyer_name: string | null;
	price: string | null;
	price_source: PriceSource | null;
	flash_sale_id: string | null;
	unit_held: boolean | null;
	order_number: string | null;
}

/** The SQLSTATE and DETAIL of a PostgreSQL error, through drizzle's wrapper (postgres.js and PGlite alike). */
function postgresError(error: unknown): { code: string; detail?: string } | undefined {
	for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
		const { code, detail } = e as { code?: unknown; detail?: unknown };
		if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, detail: typeof detail === 'string' ? detail : undefined };
	}
	return undefined;
}

export interface PaidAtOnce {
	order: OrderRow;
	receipt: ReceiptFacts;
}

export async function payByWalletAtOnce(userId: string, productId: string, returnTo: string | null, at: Date): Promise<PaidAtOnce | undefined> {
	if (!isUuid(productId)) throw unknownProduct();
	const id = randomUUID();
	let row: Row | undefined;
	try {
		[row] = await queryRows<Row>(
			sql`SELECT outcome, title, buyer_email, buyer_name, price, price_source, flash_sale_id::text AS flash_sale_id, unit_held,
					order_number::text AS order_number
				FROM checkout_wallet(${userId}::uuid, ${productId}::uuid, ${ts(at)}, ${id}::uuid, ${returnTo}::text)`
		);
	} catch (error) {
		const pg = postgresError(error);
		if (pg?.code === 'HL409') throw alreadyOwned(productId);
		// DETAIL: the price and the balance, read by the same statement after the debit found it short.
		if (pg?.code === 'HL422') {
			const [required, available] = (pg.detail ?? '0,0').split(',').map((v) => BigInt(v));
			throw insufficientFunds(required!, available!);
		}
		throw error;
	}
	switch (row!.outcome) {
		case 'paid': {
			const quote = { priceVnd: BigInt(row!.price!), source: row!.price_source!, flashSaleId: row!.flash_sale_id, unitHeld: row!.unit_held === true };
			const order = paidWalletOrder(
				{ id, userId, productId, at, quote, takeUnit: true, promo: null, amountVnd: quote.priceVnd, returnTo, note: '' },
				Number(row!.order_number)
			);
			return { order, receipt: { productTitle: row!.title!, account: row!.buyer_email ? { email: row!.buyer_email, name: row!.buyer_name } : null } };
		}
		case 'unknown':
			throw unknownProduct();
		case 'owned':
			throw alreadyOwned(productId);
		case 'sold_out':
			throw flashSaleSoldOut(productId);
		// A pending order to settle, or a free product (the full checkout says wallet is the wrong method).
		case 'general':
			return undefined;
	}
}
