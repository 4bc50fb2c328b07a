/**
 * Guest orders join the account (README "Guest checkout"): an order a guest
 * made with an address belongs to the account that has proven that address,
 * so after signing in it is in "Đơn hàng của tôi" and, once paid, in the
 * library with its downloads. It runs at every sign-in (the first proof of an
 * address is a sign-in too), so orders made as a guest since the last one
 * join as well. Only a proven address joins anything: an account registered
 * with someone else's address gets none of their orders.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/rows';

/** How many guest orders joined the account (0 for an unproven address). */
export async function joinGuestOrders(tx: DbOrTx, user: { id: string; email: string; emailVerifiedAt: Date | null }): Promise<number> {
	if (!user.emailVerifiedAt) return 0;
	// Guest addresses are stored trimmed, NFC and lower-case (checkout/buyer.ts); account addresses are compared lower-case.
	const joined = await queryRows<{ id: string; paid: boolean }>(
		sql`
		UPDATE orders SET user_id = ${user.id}::uuid, updated_at = now()
		WHERE user_id IS NULL AND guest_email = lower(${user.email})
		RETURNING id, status = 'PAID' AS paid`,
		tx
	);
	const paid = joined.filter((o) => o.paid);
	if (paid.length > 0) {
		// What markOrderPaid (checkout/transitions.ts) gives an account's paid order; a refunded order owns nothing.
		await tx.execute(sql`
			INSERT INTO product_ownerships (user_id, product_id, source, order_id, created_at)
			SELECT ${user.id}::uuid, o.product_id, CASE WHEN o.payment_method = 'free_claim' THEN 'free_claim' ELSE 'purchase' END, o.id, coalesce(o.paid_at, now())
			FROM orders o WHERE o.id IN (${sql.join(
				paid.map((o) => sql`${o.id}::uuid`),
				sql`, `
			)})
			ON CONFLICT (user_id, product_id) DO NOTHING`);
	}
	return joined.length;
}
