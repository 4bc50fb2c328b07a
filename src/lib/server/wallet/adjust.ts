/**
 * Staff wallet adjustments (console "Điều chỉnh ví", issue #16): a credit or
 * a debit of one pocket with a mandatory reason. Always an ADJUSTMENT ledger
 * entry written by the wallet service — never an UPDATE of a balance by hand —
 * and its audit row with the pockets before and after, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { WalletAdjustment, WalletAdjustmentInput } from '../../contracts/admin-money';
import { recordAudit } from '../admin/audit';
import { db } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '../errors/app-error';
import { credit, withdraw, type Balance } from './service';

const pockets = (b: Balance) => ({ main: b.main.toString(), bonus: b.bonus.toString(), total: b.total.toString() });

export async function adjustWallet(actorId: string, input: WalletAdjustmentInput): Promise<WalletAdjustment> {
	const amount = BigInt(input.amountVnd);
	const adjustmentId = randomUUID();
	return db().transaction(async (tx) => {
		const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id));
		if (!user) throw notFound('Không tìm thấy tài khoản.');
		const entry = {
			userId: input.id,
			pocket: input.pocket,
			amount,
			entryType: 'ADJUSTMENT' as const,
			refType: 'admin_adjustment',
			refId: adjustmentId,
			// The owner sees this line in their ledger; the staff reason stays in the audit log.
			note: `Điều chỉnh ví bởi nhân viên hoclieu: ${input.reason}`
		};
		// Staff credits respect the wallet maximum like any other credit (422 wallet_balance_overflow).
		const after = input.direction === 'credit' ? await credit(tx, entry) : await withdraw(tx, entry);
		const delta = input.direction === 'credit' ? amount : -amount;
		const before: Balance = {
			main: input.pocket === 'main' ? after.main - delta : after.main,
			bonus: input.pocket === 'bonus' ? after.bonus - delta : after.bonus,
			total: after.total - delta
		};
		await recordAudit(tx, {
			actorId,
			action: 'wallet.adjust',
			targetType: 'user',
			targetId: input.id,
			summary: {
				before: pockets(before),
				after: pockets(after),
				direction: input.direction,
				pocket: input.pocket,
				amountVnd: amount.toString(),
				adjustmentId,
				reason: input.reason
			}
		});
		return { userId: input.id, adjustmentId, direction: input.direction, pocket: input.pocket, amountVnd: amount.toString(), before: pockets(before), after: pockets(after) };
	});
}
