/**
 * "Xoá tài khoản": the person's data goes, the accounting stays.
 *
 * Orders, payments, refunds and the wallet ledger are accounting records the
 * law requires us to keep (Luật Kế toán 2015, art. 41: 10 years), and receipts
 * already issued must stay verifiable, so those rows are kept and still point
 * at the same `users` row. What identifies the person is removed from it: the
 * email becomes a unique placeholder under the reserved `.invalid` domain
 * (RFC 2606: it can never receive mail, and nobody can register it), name,
 * school and tax code are cleared, the password hash is dropped, and the
 * account is disabled, which every sign-in path already refuses. Sessions,
 * one-time codes, the wishlist, music download history and support requests
 * (free text that may hold anything) are deleted; conversations keep the
 * other party's thread readable while what the person wrote and attached goes
 * (conversations/account-data.ts), the attachment files after the commit.
 *
 * Wallet money: deletion is refused while the wallet holds any balance. The
 * main pocket is the buyer's own money (refundable on request) and the ledger
 * must always sum to the balance, so it can be neither silently kept nor
 * silently zeroed; the person spends it or asks support for a refund first.
 * Authors and staff are refused too: their accounts carry products, payouts
 * and audit history that staff must hand over first.
 */
import { eq, sql } from 'drizzle-orm';
import type { DeleteAccountInput } from '../../contracts/account';
import type { AuthRequest } from '../auth/request';
import { db } from '../db/client';
import { queryRows } from '../db/rows';
import { authTokens, musicDownloadLogs, musicQuotaUsage, sessions, supportTickets, users, wallets, wishlistItems } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { formatVndText } from '../../format';
import { now } from '../platform/clock';
import { log } from '../platform/logger';
import { deleteFiles, forgetConversations } from '../conversations/account-data';
import { confirmPassword } from './password-change';

/** Unique per account (the id), and never deliverable. */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

export async function deleteAccount(userId: string, input: DeleteAccountInput, req: AuthRequest): Promise<{ deleted: true }> {
	const [user] = await db().select().from(users).where(eq(users.id, userId));
	if (!user || user.deletedAt) throw notFound('Không tìm thấy tài khoản.');
	await confirmPassword(user, input.password, req, 'password');
	if (user.role !== 'customer') {
		throw new AppError('conflict', 'Tài khoản tác giả hoặc nhân viên không tự xoá được vì còn học liệu, chi trả và lịch sử thao tác. Vui lòng gửi yêu cầu qua trang Hỗ trợ.');
	}
	const files = await db().transaction(async (tx) => {
		// Locked, so a credit committing concurrently is either seen by the balance check or waits for the deletion.
		const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
		const balance = (wallet?.main ?? 0n) + (wallet?.bonus ?? 0n);
		if (balance > 0n) {
			throw new AppError(
				'conflict',
				`Ví hoclieu của bạn còn ${formatVndText(balance)}. Hãy dùng hết số dư, hoặc gửi yêu cầu hoàn tiền qua trang Hỗ trợ, rồi xoá tài khoản.`,
				{ walletBalanceVnd: balance.toString() }
			);
		}
		// A payment still on its way would land after the person is gone: money in, nobody to give it back to.
		const [pending] = await queryRows<{ n: number }>(
			sql`SELECT (SELECT count(*) FROM orders WHERE user_id = ${userId} AND status = 'PENDING')
			         + (SELECT count(*) FROM topup_orders WHERE user_id = ${userId} AND status = 'PENDING') AS n`,
			tx
		);
		if (Number(pending?.n ?? 0) > 0) {
			throw new AppError('conflict', 'Bạn còn đơn hàng hoặc lệnh nạp tiền đang chờ thanh toán. Hãy đợi đơn hết hạn (hoặc huỷ đơn) rồi xoá tài khoản.');
		}
		const at = now();
		await tx
			.update(users)
			.set({ email: deletedEmail(userId), name: null, schoolName: null, taxCode: null, passwordHash: null, isVip: false, vipUntil: null, disabledAt: at, deletedAt: at, updatedAt: at })
			.where(eq(users.id, userId));
		await tx.delete(sessions).where(eq(sessions.userId, userId));
		await tx.delete(authTokens).where(sql`${authTokens.userId} = ${userId} OR ${authTokens.email} = ${user.email}`);
		await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
		await tx.delete(musicDownloadLogs).where(eq(musicDownloadLogs.userId, userId));
		await tx.delete(musicQuotaUsage).where(eq(musicQuotaUsage.userId, userId));
		await tx.delete(supportTickets).where(eq(supportTickets.userId, userId));
		return forgetConversations(tx, userId, user.name, at);
	});
	await deleteFiles(files, userId);
	log.info('account deleted by its owner', { userId, attachmentFiles: files.keys.length });
	return { deleted: true };
}
