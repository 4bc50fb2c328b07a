/**
 * The only code that changes wallet balances (docs/architecture.md#money-invariants).
 *
 * Callers own the transaction and pass it in, so a balance change commits or
 * rolls back together with whatever caused it (a paid top-up, a purchase).
 * Each change is one conditional UPDATE of the wallet row — which also locks
 * it — followed by the ledger row(s) carrying the total after the change, so
 * for every wallet: sum(CREDIT) − sum(DEBIT) = main + bonus.
 *
 * Spending order: purchases take the bonus pocket first, then main. Bonus
 * credit is promotional and cannot be refunded as cash, so spending it first
 * keeps the buyer's paid money available for as long as possible.
 */
import { and, eq, sql } from 'drizzle-orm';
import { config } from '../config';
import type { DbOrTx, Tx } from '../db/client';
import { walletLedger, wallets, type LedgerEntryType, type WalletPocket } from '../db/schema';
import { fixedQuery } from '../db/rows';
import { bigintParam } from '../db/sql-values';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { formatVndText } from '../../format';

export interface Balance {
	main: bigint;
	bonus: bigint;
	total: bigint;
}

export interface CreditInput {
	userId: string;
	pocket: WalletPocket;
	amount: bigint;
	entryType: Exclude<LedgerEntryType, 'PURCHASE'>;
	refType: string | null;
	refId: string | null;
	/** Vietnamese, shown to the wallet owner in the ledger. */
	note: string;
	/**
	 * `allow` only for money that has already been received (a confirmed bank
	 * transfer): refusing it would lose the buyer's money, so the maximum is
	 * checked when the top-up is created instead.
	 */
	overMax?: 'reject' | 'allow';
}

export interface DebitInput {
	userId: string;
	amount: bigint;
	refType: string;
	refId: string;
	note: string;
}

export interface DebitResult extends Balance {
	fromBonus: bigint;
	fromMain: bigint;
}

function balance(row: { main: bigint; bonus: bigint }): Balance {
	return { main: row.main, bonus: row.bonus, total: row.main + row.bonus };
}

function assertPositive(amount: bigint): void {
	// A programming error, not a user error: callers validate amounts first.
	if (amount <= 0n) throw new Error(`wallet amounts must be positive, got ${amount}`);
}

/** Wallets are created on first use; concurrent first uses are harmless. */
export async function ensureWallet(tx: DbOrTx, userId: string): Promise<void> {
	await tx.insert(wallets).values({ userId, createdAt: now(), updatedAt: now() }).onConflictDoNothing();
}

export async function getBalance(tx: DbOrTx, userId: string): Promise<Balance> {
	const [row] = await tx.select({ main: wallets.main, bonus: wallets.bonus }).from(wallets).where(eq(wallets.userId, userId));
	return balance(row ?? { main: 0n, bonus: 0n });
}

/**
 * The wallet page's and `GET /api/v1/wallet/balance`'s read, outside any transaction: its text built
 * once (../db/rows.ts fixedQuery) since every signed-in balance read runs it (docs/performance.md).
 */
const walletRow = fixedQuery<{ main: string; bonus: string }>(
	() => sql`SELECT main::text AS main, bonus::text AS bonus FROM wallets WHERE user_id = ${sql.placeholder('userId')}`
);

export async function readBalance(userId: string): Promise<Balance> {
	const [row] = await walletRow({ userId });
	return balance(row ? { main: BigInt(row.main), bonus: BigInt(row.bonus) } : { main: 0n, bonus: 0n });
}

export function overflowError(current: bigint, adding: bigint): AppError {
	const max = config().walletMaxBalanceVnd;
	return new AppError(
		'wallet_balance_overflow',
		`Số dư ví tối đa là ${formatVndText(max)}; khoản ${formatVndText(adding)} sẽ vượt quá giới hạn này.`,
		{ maxBalance: max.toString(), balance: current.toString(), amount: adding.toString() }
	);
}

/** The ledger row of a one-pocket move (credit, withdraw), stating the balance it left. */
async function recordMove(
	tx: Tx,
	input: Pick<CreditInput | WithdrawInput, 'userId' | 'entryType' | 'pocket' | 'amount' | 'refType' | 'refId' | 'note'>,
	direction: 'CREDIT' | 'DEBIT',
	after: Balance
): Promise<Balance> {
	const { userId, entryType, pocket, amount, refType, refId, note } = input;
	await tx.insert(walletLedger).values({ userId, entryType, direction, pocket, amount, balanceAfter: after.total, refType, refId, note, createdAt: now() });
	return after;
}

export async function credit(tx: Tx, input: CreditInput): Promise<Balance> {
	assertPositive(input.amount);
	await ensureWallet(tx, input.userId);
	const column = input.pocket === 'main' ? wallets.main : wallets.bonus;
	const withinMax =
		input.overMax === 'allow'
			? undefined
			: sql`${wallets.main} + ${wallets.bonus} + ${bigintParam(input.amount)} <= ${bigintParam(config().walletMaxBalanceVnd)}`;
	const [row] = await tx
		.update(wallets)
		.set({ [input.pocket]: sql`${column} + ${bigintParam(input.amount)}`, updatedAt: now() })
		.where(and(eq(wallets.userId, input.userId), withinMax))
		.returning({ main: wallets.main, bonus: wallets.bonus });
	if (!row) throw overflowError((await getBalance(tx, input.userId)).total, input.amount);
	return recordMove(tx, input, 'CREDIT', balance(row));
}

/** A purchase the wallet cannot cover (422 state_violation, POST /api/v1/checkout). */
export function insufficientFunds(required: bigint, available: bigint): AppError {
	return new AppError('state_violation', `Số dư ví không đủ: cần ${formatVndText(required)}, hiện có ${formatVndText(available)}.`, {
		reason: 'insufficient_funds',
		required: required.toString(),
		available: available.toString()
	});
}

/**
 * Takes `amount` from the wallet, bonus pocket first, in one conditional
 * UPDATE that succeeds only when main + bonus covers it. The FROM sub-select
 * locks the row and reports the bonus before the change, which is how the
 * split between the pockets (one ledger row each) is known.
 */
export async function debit(tx: Tx, input: DebitInput): Promise<DebitResult> {
	assertPositive(input.amount);
	await ensureWallet(tx, input.userId);
	const amount = bigintParam(input.amount);
	const before = tx
		.select({ userId: wallets.userId, bonus: wallets.bonus })
		.from(wallets)
		.where(eq(wallets.userId, input.userId))
		.for('update')
		.as('before');
	const [row] = await tx
		.update(wallets)
		.set({
			bonus: sql`${wallets.bonus} - LEAST(${wallets.bonus}, ${amount})`,
			main: sql`${wallets.main} - (${amount} - LEAST(${wallets.bonus}, ${amount}))`,
			updatedAt: now()
		})
		.from(before)
		.where(and(eq(wallets.userId, before.userId), sql`${wallets.main} + ${wallets.bonus} >= ${amount}`))
		.returning({
			main: wallets.main,
			bonus: wallets.bonus,
			fromBonus: sql<bigint>`${before.bonus} - ${wallets.bonus}`.mapWith((v) => BigInt(v))
		});
	if (!row) throw insufficientFunds(input.amount, (await getBalance(tx, input.userId)).total);
	const fromBonus = row.fromBonus;
	const fromMain = input.amount - fromBonus;
	const after = balance(row);
	const base = { userId: input.userId, entryType: 'PURCHASE' as const, direction: 'DEBIT' as const, refType: input.refType, refId: input.refId, note: input.note, createdAt: now() };
	// Two rows when both pockets pay; the first one's balanceAfter is the total between the two steps.
	const entries = [
		...(fromBonus > 0n ? [{ ...base, pocket: 'bonus' as const, amount: fromBonus, balanceAfter: after.total + fromMain }] : []),
		...(fromMain > 0n ? [{ ...base, pocket: 'main' as const, amount: fromMain, balanceAfter: after.total }] : [])
	];
	await tx.insert(walletLedger).values(entries);
	return { ...after, fromBonus, fromMain };
}

export interface WithdrawInput {
	userId: string;
	pocket: WalletPocket;
	amount: bigint;
	entryType: Exclude<LedgerEntryType, 'PURCHASE' | 'TOPUP' | 'BONUS'>;
	refType: string;
	refId: string;
	note: string;
}

/**
 * Takes `amount` from one named pocket (a staff adjustment), never below
 * zero: one conditional UPDATE, like every other change. Purchases use
 * `debit` instead, which decides the pockets itself.
 */
export async function withdraw(tx: Tx, input: WithdrawInput): Promise<Balance> {
	assertPositive(input.amount);
	await ensureWallet(tx, input.userId);
	const column = input.pocket === 'main' ? wallets.main : wallets.bonus;
	const amount = bigintParam(input.amount);
	const [row] = await tx
		.update(wallets)
		.set({ [input.pocket]: sql`${column} - ${amount}`, updatedAt: now() })
		.where(and(eq(wallets.userId, input.userId), sql`${column} >= ${amount}`))
		.returning({ main: wallets.main, bonus: wallets.bonus });
	if (!row) {
		const current = await getBalance(tx, input.userId);
		const available = input.pocket === 'main' ? current.main : current.bonus;
		throw new AppError('conflict', `Không thể trừ ${formatVndText(input.amount)}: ${input.pocket === 'main' ? 'ví chính' : 'ví khuyến mãi'} chỉ còn ${formatVndText(available)}, số dư không được âm.`, {
			reason: 'insufficient_funds',
			pocket: input.pocket,
			required: input.amount.toString(),
			available: available.toString()
		});
	}
	return recordMove(tx, input, 'DEBIT', balance(row));
}
