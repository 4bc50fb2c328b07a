import { desc, eq } from 'drizzle-orm';
import { db } from '../db/client';
import { bankTransfers } from '../db/schema';

/** Transfers whose money is neither applied nor credited anywhere: staff must resolve them. */
export function transfersNeedingReview(limit = 200) {
	return db()
		.select({
			id: bankTransfers.id,
			receivedAt: bankTransfers.receivedAt,
			providerTxnId: bankTransfers.providerTxnId,
			amountVnd: bankTransfers.amountVnd,
			matchStatus: bankTransfers.matchStatus,
			content: bankTransfers.content,
			bankReference: bankTransfers.bankReference,
			note: bankTransfers.note
		})
		.from(bankTransfers)
		.where(eq(bankTransfers.needsReview, true))
		.orderBy(desc(bankTransfers.receivedAt))
		.limit(limit);
}
