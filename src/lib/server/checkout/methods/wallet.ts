/**
 * wallet: paid from the buyer's wallet inside the checkout, by one data-modifying statement per
 * order (wallet-order.ts, checkout_pay_wallet): the order is PAID with its receipt claimed, and a
 * short balance or a product owned after all refuses the whole checkout (nothing is held).
 *
 * The common purchase — signed in, no promo, no Idempotency-Key — runs in one round trip before
 * any transaction (docs/decisions/013): checkout_wallet (migrations "checkout_wallet" and
 * "price_source") runs the opening read, the price and the paying statement as one statement;
 * PostgreSQL rolls the statement back as a whole when it raises (owned after all, balance short).
 * A buyer with a pending order for the product (or a product that costs nothing) gets
 * `undefined`: the full checkout then settles that order (or refuses the method).
 */
import { inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { ts, type PriceSource } from '../../catalog/pricing';
import type { Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { queryRows } from '../../db/rows';
import { orders } from '../../db/schema';
import { getBalance, insufficientFunds } from '../../wallet/service';
import { alreadyOwned, flashSaleSoldOut, ownedInCart, unknownProduct } from '../errors';
import type { CartMethod, PricedLine, Purchase, Settled } from './method';
import { claimFree, insertCartCheckout } from './rows';
import { insertPaidWalletOrder, paidWalletOrder } from './wallet-order';

interface AtOnceRow {
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

async function payAtOnce(userId: string, productId: string, returnTo: string | null, at: Date): Promise<Settled | undefined> {
	if (!isUuid(productId)) throw unknownProduct();
	const id = randomUUID();
	let row: AtOnceRow | undefined;
	try {
		[row] = await queryRows<AtOnceRow>(
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
			return { order, receipt: { order, facts: { productTitle: row!.title!, account: row!.buyer_email ? { email: row!.buyer_email, name: row!.buyer_name } : null } } };
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

/** One line's paying statement: the same for a single order and each line of a cart, but for the unit and the note. */
function payLine(tx: Tx, p: Purchase, line: PricedLine, takeUnit: boolean, note: string) {
	return insertPaidWalletOrder(tx, {
		id: line.orderId,
		userId: p.userId!,
		productId: line.product.id,
		at: p.at,
		quote: line.quote,
		takeUnit,
		promo: line.promo,
		amountVnd: line.amountVnd,
		returnTo: p.returnTo,
		note
	});
}

export const wallet: CartMethod = {
	free: false,
	takesUnit: true,
	atOnce: payAtOnce,

	async order(tx, p, line, takeUnit) {
		const { product } = line;
		const outcome = await payLine(tx, p, line, takeUnit, `Mua “${product.title}”.`);
		// Only a statement that was to take the unit can lose it: the orchestrator prices the order again.
		if (outcome.kind === 'unit_lost' && takeUnit) return undefined;
		if (outcome.kind === 'owned') throw alreadyOwned(product.id);
		if (outcome.kind !== 'paid') throw insufficientFunds(line.amountVnd, (await getBalance(tx, p.userId!)).total);
		return { order: outcome.order, receipt: { order: outcome.order, facts: { productTitle: product.title, account: line.account } } };
	},

	// Every unit and promo use is held already: one paying statement per line that costs something.
	async cart(tx, p, cart) {
		const checkout = await insertCartCheckout(tx, p, cart, 'wallet', null);
		const available = (await getBalance(tx, p.userId!)).total;
		if (available < cart.totalVnd) throw insufficientFunds(cart.totalVnd, available);
		const settled: Settled[] = [];
		for (const line of cart.lines) {
			const { product } = line;
			if (line.amountVnd === 0n) {
				settled.push(await claimFree(tx, p, line, cart.id));
				continue;
			}
			const outcome = await payLine(tx, p, line, false, `Mua “${product.title}” (giỏ hàng).`);
			if (outcome.kind === 'owned') throw ownedInCart(product.id, product.title);
			if (outcome.kind !== 'paid') throw insufficientFunds(cart.totalVnd, (await getBalance(tx, p.userId!)).total);
			settled.push({ order: { ...outcome.order, cartCheckoutId: cart.id }, receipt: { order: outcome.order, facts: { productTitle: product.title, account: line.account } } });
		}
		// The paying statement does not know the cart: its orders join it here.
		await tx.update(orders).set({ cartCheckoutId: cart.id }).where(inArray(orders.id, cart.lines.map((l) => l.orderId)));
		return { checkout, settled };
	}
};
