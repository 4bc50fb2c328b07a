/** The wallet owner's view of the ledger: newest first, keyset-paginated. */
import { and, desc, eq, lt } from 'drizzle-orm';
import { db } from '../db/client';
import { walletLedger } from '../db/schema';
import { invalidCursor } from '../errors/app-error';
import { signJson, verifyJson } from '../platform/signing';
import type { LedgerEntry, LedgerPage } from '../../contracts/wallet';
import { keysetPage } from '../platform/keyset-page';

interface LedgerCursor {
	kind: 'ledger';
	/** Id of the last row already shown. */
	before: string;
}

function decodeCursor(cursor: string): bigint {
	const value = verifyJson('cursor', cursor) as Partial<LedgerCursor> | null;
	if (value?.kind !== 'ledger' || typeof value.before !== 'string' || !/^[0-9]{1,19}$/.test(value.before)) {
		throw invalidCursor();
	}
	return BigInt(value.before);
}

export async function listLedger(userId: string, opts: { cursor?: string; pageSize: number }): Promise<LedgerPage> {
	const before = opts.cursor === undefined ? undefined : decodeCursor(opts.cursor);
	const rows = await db()
		.select()
		.from(walletLedger)
		.where(and(eq(walletLedger.userId, userId), before === undefined ? undefined : lt(walletLedger.id, before)))
		.orderBy(desc(walletLedger.id))
		.limit(opts.pageSize + 1);
	const page = keysetPage(rows, opts.pageSize, (last) => signJson('cursor', { kind: 'ledger', before: last.id.toString() } satisfies LedgerCursor));
	const items: LedgerEntry[] = page.rows.map((r) => ({
		entryType: r.entryType,
		direction: r.direction,
		pocket: r.pocket,
		amount: r.amount.toString(),
		balanceAfter: r.balanceAfter.toString(),
		refType: r.refType,
		refId: r.refId,
		note: r.note,
		createdAt: r.createdAt.toISOString()
	}));
	return { items, hasMore: page.hasMore, nextCursor: page.nextCursor };
}
