/**
 * Becoming an author (issue #16): the application stores the public profile
 * and the payout account, and makes the account an `author` at once. The role
 * change is audited as done by the user themself; staff can revoke it through
 * the ordinary role endpoint, and a revoked account is refused here until
 * staff allow it to apply again (admin/users.ts, README "Trust rules").
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProductType } from '../../contracts/catalog';
import type { ApplyInput, AuthorProfile } from '../../contracts/studio';
import { recordAudit } from '../admin/audit';
import { emailRequired, hasMailbox } from '../auth/mailbox';
import { db } from '../db/client';
import { authorProfiles, categories, products, users } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { recordPayoutDetailsChange } from './payout-details';

type Row = typeof authorProfiles.$inferSelect;

const toDto = (r: Row): AuthorProfile => ({
	userId: r.userId,
	displayName: r.displayName,
	bio: r.bio,
	bankName: r.bankName,
	bankAccountNumber: r.bankAccountNumber,
	bankAccountHolder: r.bankAccountHolder,
	createdAt: r.createdAt.toISOString(),
	updatedAt: r.updatedAt.toISOString()
});

/** Applying again updates the profile; the role is only ever raised from `customer`. */
export async function applyAsAuthor(userId: string, input: ApplyInput): Promise<AuthorProfile> {
	return db().transaction(async (tx) => {
		const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
		if (!u) throw notFound('Không tìm thấy tài khoản.');
		// An account opened by Zalo has no address yet: payouts and buyers' messages are mailed, so it adds one first.
		if (!hasMailbox(u.email)) throw emailRequired('Tác giả nhận thư về đơn bán và chi trả. Hãy thêm và xác minh địa chỉ email trong trang Tài khoản trước khi đăng ký bán học liệu.');
		if (!u.emailVerifiedAt) {
			throw new AppError('forbidden', 'Bạn cần xác minh địa chỉ email trước khi đăng ký bán học liệu.', { reason: 'email_unverified' });
		}
		if (u.authorReapplyBlockedAt) {
			throw new AppError(
				'forbidden',
				'Quyền tác giả của tài khoản này đã bị quản trị viên thu hồi nên bạn không thể tự đăng ký lại. Nếu cho rằng đây là nhầm lẫn, hãy liên hệ bộ phận hỗ trợ.',
				{ reason: 'author_revoked' }
			);
		}
		const at = now();
		const [existing] = await tx.select().from(authorProfiles).where(eq(authorProfiles.userId, userId)).for('update');
		if (existing) {
			// Applying again: the public profile is simply replaced, the bank account changes as the studio's form changes it (audited).
			await tx.update(authorProfiles).set({ displayName: input.displayName, bio: input.bio, updatedAt: at }).where(eq(authorProfiles.userId, userId));
			await recordPayoutDetailsChange(tx, userId, existing, input);
		} else {
			await tx.insert(authorProfiles).values({ userId, ...input, createdAt: at, updatedAt: at });
		}
		const [profile] = await tx.select().from(authorProfiles).where(eq(authorProfiles.userId, userId));
		if (u.role === 'customer') {
			await tx.update(users).set({ role: 'author', updatedAt: at }).where(eq(users.id, userId));
			await recordAudit(tx, {
				actorId: userId,
				action: 'user.role_change',
				targetType: 'user',
				targetId: userId,
				summary: { before: { role: 'customer' }, after: { role: 'author' }, via: 'author_application' }
			});
		}
		return toDto(profile!);
	});
}

export async function authorProfile(userId: string): Promise<AuthorProfile> {
	const [row] = await db().select().from(authorProfiles).where(eq(authorProfiles.userId, userId));
	if (!row) throw notFound('Bạn chưa có hồ sơ tác giả. Hãy đăng ký bán học liệu trước.');
	return toDto(row);
}

/** What anyone may see of an author: never the bank details. */
export async function publicAuthor(userId: string): Promise<{ id: string; displayName: string; bio: string } | null> {
	const [row] = await db()
		.select({ id: authorProfiles.userId, displayName: authorProfiles.displayName, bio: authorProfiles.bio })
		.from(authorProfiles)
		.where(eq(authorProfiles.userId, userId));
	return row ?? null;
}

export interface AuthorPage {
	author: { id: string; displayName: string; bio: string };
	products: { id: string; title: string; type: ProductType; priceVnd: string; coverImageUrl: string | null; fullPath: string }[];
}

/** The public author page: the profile and every product of theirs on sale, newest first. */
export async function authorPage(userId: string): Promise<AuthorPage> {
	const author = await publicAuthor(userId);
	if (!author) throw notFound('Không tìm thấy tác giả.');
	const rows = await db()
		.select({
			id: products.id,
			title: products.title,
			type: products.type,
			priceVnd: products.priceVnd,
			coverImageUrl: products.coverImageUrl,
			fullPath: sql<string>`${categories.path} || '/' || ${products.slug}`
		})
		.from(products)
		.innerJoin(categories, eq(categories.id, products.categoryId))
		.where(and(eq(products.authorId, userId), eq(products.isPublished, true)))
		.orderBy(desc(products.createdAt), desc(products.id))
		.limit(200);
	return { author, products: rows.map((r) => ({ ...r, priceVnd: r.priceVnd.toString() })) };
}

/** Who sells a product on sale; null for the house catalog and for authors without a public profile. */
export async function authorOfProduct(productId: string): Promise<{ id: string; displayName: string } | null> {
	const [row] = await db()
		.select({ id: authorProfiles.userId, displayName: authorProfiles.displayName })
		.from(products)
		.innerJoin(authorProfiles, eq(authorProfiles.userId, products.authorId))
		.where(and(eq(products.id, productId), eq(products.isPublished, true)));
	return row ?? null;
}
