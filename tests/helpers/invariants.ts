/**
 * The money invariants (docs/architecture.md#money-invariants), checked against the server's
 * database after every money test: for every wallet the ledger adds up to
 * each pocket, no pocket is negative, and every `balanceAfter` is the running
 * total of the wallet's ledger in the order the changes were applied.
 */
import { expect } from 'vitest';
import { sql } from './http';

interface WalletSums {
	user_id: string;
	main: string;
	bonus: string;
	main_sum: string;
	bonus_sum: string;
}

export async function expectMoneyInvariants(base: string): Promise<{ wallets: number; entries: number }> {
	const wallets = await sql<WalletSums>(
		base,
		`SELECT w.user_id, w.main::text AS main, w.bonus::text AS bonus,
			COALESCE(SUM(CASE WHEN l.direction = 'CREDIT' THEN l.amount ELSE -l.amount END) FILTER (WHERE l.pocket = 'main'), 0)::text AS main_sum,
			COALESCE(SUM(CASE WHEN l.direction = 'CREDIT' THEN l.amount ELSE -l.amount END) FILTER (WHERE l.pocket = 'bonus'), 0)::text AS bonus_sum
		FROM wallets w LEFT JOIN wallet_ledger l ON l.user_id = w.user_id
		GROUP BY w.user_id, w.main, w.bonus`
	);
	for (const w of wallets) {
		expect(BigInt(w.main), `main pocket of ${w.user_id}`).toBeGreaterThanOrEqual(0n);
		expect(BigInt(w.bonus), `bonus pocket of ${w.user_id}`).toBeGreaterThanOrEqual(0n);
		expect({ user: w.user_id, main: w.main_sum, bonus: w.bonus_sum }).toEqual({ user: w.user_id, main: w.main, bonus: w.bonus });
	}
	const drift = await sql(
		base,
		`SELECT id::text, user_id, balance_after::text, running::text FROM (
			SELECT id, user_id, balance_after,
				SUM(CASE WHEN direction = 'CREDIT' THEN amount ELSE -amount END) OVER (PARTITION BY user_id ORDER BY id) AS running
			FROM wallet_ledger) t
		WHERE balance_after <> running`
	);
	expect(drift, 'ledger rows whose balanceAfter is not the running total').toEqual([]);
	const [entries] = await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM wallet_ledger');
	return { wallets: wallets.length, entries: entries!.n };
}
