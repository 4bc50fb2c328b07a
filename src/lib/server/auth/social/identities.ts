/**
 * Which hoclieu account a provider identity signs into (ADR 019).
 *
 * - A known identity (provider + subject) signs into its account.
 * - A new identity whose address the provider vouches for (`email_verified`)
 *   joins the account with that address only when the account's own address
 *   is proven. An account registered with a password but never proven may be
 *   someone else's pre-registration of the owner's address; linking to it
 *   would keep that password working next to the owner's Google account (the
 *   pre-account-takeover attack), so the person is asked to prove the address
 *   by email code first, which drops the unproven password (accounts.ts).
 * - Otherwise a new account is created with the provider's verified address.
 * - An address the provider does not vouch for never creates or joins an
 *   account.
 * - Zalo gives no address at all: a new Zalo identity gets an account of its
 *   own, keyed by Zalo's user id, with the Zalo display name and no mailbox
 *   (../mailbox.ts) until the person adds and proves one.
 * Linking from the account page attaches the identity to the signed-in
 * account, again only when that account's address is proven.
 */
import { and, count, eq } from 'drizzle-orm';
import { db, type DbOrTx } from '../../db/client';
import { providerIdentities, users, type SocialProvider } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { now } from '../../platform/clock';
import { log } from '../../platform/logger';
import { findUserByEmail, normaliseEmail, type UserRow } from '../accounts';
import { createAccountWithoutEmail } from '../mailbox';

export interface ProviderClaims {
	subject: string;
	email: string | null;
	emailVerified: boolean;
	name: string | null;
}

export type IdentityRow = typeof providerIdentities.$inferSelect;

const refused = (reason: string, message: string, returnTo?: string) =>
	new AppError('conflict', message, returnTo ? { reason, returnTo } : { reason });

async function userById(id: string, tx: DbOrTx): Promise<UserRow | undefined> {
	const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
	return row;
}

async function touch(identity: IdentityRow, claims: ProviderClaims, tx: DbOrTx): Promise<void> {
	await tx
		.update(providerIdentities)
		.set({ email: claims.email, emailVerified: claims.emailVerified, lastUsedAt: now() })
		.where(eq(providerIdentities.id, identity.id));
}

async function attach(userId: string, provider: SocialProvider, claims: ProviderClaims, tx: DbOrTx): Promise<void> {
	const at = now();
	await tx.insert(providerIdentities).values({
		userId,
		provider,
		subject: claims.subject,
		email: claims.email,
		emailVerified: claims.emailVerified,
		createdAt: at,
		lastUsedAt: at
	});
}

async function identityOf(provider: SocialProvider, subject: string, tx: DbOrTx): Promise<IdentityRow | undefined> {
	const [row] = await tx
		.select()
		.from(providerIdentities)
		.where(and(eq(providerIdentities.provider, provider), eq(providerIdentities.subject, subject)))
		.limit(1);
	return row;
}

/** The account a sign-in with this identity enters, created or linked as the rules above say. */
export async function accountForSignIn(provider: SocialProvider, claims: ProviderClaims, tx: DbOrTx): Promise<UserRow> {
	const known = await identityOf(provider, claims.subject, tx);
	if (known) {
		await touch(known, claims, tx);
		const user = await userById(known.userId, tx);
		if (!user) throw new Error('identity without account');
		return user;
	}
	if (provider === 'zalo') {
		const created = await createAccountWithoutEmail(claims.name, tx);
		await attach(created.id, provider, claims, tx);
		log.info('account created by social sign-in', { provider, userId: created.id, email: false });
		return created;
	}
	if (!claims.email || !claims.emailVerified) {
		log.info('social sign-in refused', { provider, reason: 'provider_email_unverified' });
		throw refused(
			'provider_email_unverified',
			'Nhà cung cấp đăng nhập không xác nhận địa chỉ email của bạn, nên hoclieu không thể tạo hay liên kết tài khoản. Hãy đăng nhập bằng mã gửi qua email.'
		);
	}
	const email = normaliseEmail(claims.email);
	const existing = await findUserByEmail(email, tx);
	if (existing) {
		if (!existing.emailVerifiedAt) {
			log.info('social sign-in refused', { provider, reason: 'account_unverified', userId: existing.id });
			throw refused(
				'account_unverified',
				'Email này đã có tài khoản hoclieu nhưng địa chỉ chưa được xác minh. Hãy đăng nhập bằng mã gửi đến email này trước, rồi liên kết trong trang Tài khoản.'
			);
		}
		await attach(existing.id, provider, claims, tx);
		log.info('provider identity linked by verified address', { provider, userId: existing.id });
		return existing;
	}
	const at = now();
	const [created] = await tx
		.insert(users)
		.values({ email, name: claims.name?.slice(0, 100) || null, emailVerifiedAt: at, createdAt: at, updatedAt: at })
		.returning();
	await attach(created!.id, provider, claims, tx);
	log.info('account created by social sign-in', { provider, userId: created!.id });
	return created!;
}

/** Links the identity to the signed-in account that asked for it from its account page. */
export async function linkToAccount(provider: SocialProvider, claims: ProviderClaims, userId: string, tx: DbOrTx): Promise<UserRow> {
	const user = await userById(userId, tx);
	if (!user || user.deletedAt) throw new AppError('unauthenticated', 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.');
	const known = await identityOf(provider, claims.subject, tx);
	if (known && known.userId !== userId) {
		throw refused('identity_taken', 'Tài khoản này của nhà cung cấp đã được liên kết với một tài khoản hoclieu khác.', '/tai-khoan');
	}
	if (known) {
		await touch(known, claims, tx);
		return user;
	}
	if (!user.emailVerifiedAt) {
		throw refused('account_unverified', 'Hãy xác minh địa chỉ email của tài khoản trước khi liên kết cách đăng nhập khác.', '/tai-khoan');
	}
	const [sameProvider] = await tx
		.select({ id: providerIdentities.id })
		.from(providerIdentities)
		.where(and(eq(providerIdentities.userId, userId), eq(providerIdentities.provider, provider)))
		.limit(1);
	if (sameProvider) {
		throw refused('provider_already_linked', 'Tài khoản đã liên kết với nhà cung cấp này. Hãy huỷ liên kết cũ trước.', '/tai-khoan');
	}
	await attach(userId, provider, claims, tx);
	log.info('provider identity linked from account', { provider, userId });
	return user;
}

export interface LinkedProvider {
	provider: SocialProvider;
	email: string | null;
	linkedAt: Date;
}

export async function linkedProviders(userId: string): Promise<LinkedProvider[]> {
	const rows = await db()
		.select({ provider: providerIdentities.provider, email: providerIdentities.email, linkedAt: providerIdentities.createdAt })
		.from(providerIdentities)
		.where(eq(providerIdentities.userId, userId))
		.orderBy(providerIdentities.createdAt);
	return rows;
}

/**
 * Removes a linked provider while another way in remains: a password, a
 * proven address (sign-in by emailed code), or another linked provider.
 */
export async function unlinkProvider(userId: string, provider: SocialProvider): Promise<void> {
	await db().transaction(async (tx) => {
		// Serialises concurrent unlinks of one account, so two of them cannot each see the other as "remaining".
		const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
		if (!user) throw new AppError('unauthenticated', 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.');
		const [linked] = await tx
			.select({ id: providerIdentities.id })
			.from(providerIdentities)
			.where(and(eq(providerIdentities.userId, userId), eq(providerIdentities.provider, provider)));
		if (!linked) throw new AppError('not_found', 'Tài khoản chưa liên kết với nhà cung cấp này.');
		const [{ value: identities } = { value: 0 }] = await tx
			.select({ value: count() })
			.from(providerIdentities)
			.where(eq(providerIdentities.userId, userId));
		const otherWayIn = user.passwordHash !== null || user.emailVerifiedAt !== null || identities > 1;
		if (!otherWayIn) {
			throw new AppError('conflict', 'Không thể huỷ liên kết cách đăng nhập cuối cùng. Hãy đặt mật khẩu hoặc liên kết cách khác trước.', {
				reason: 'last_sign_in_method'
			});
		}
		await tx.delete(providerIdentities).where(eq(providerIdentities.id, linked.id));
		log.info('provider identity unlinked', { provider, userId });
	});
}
