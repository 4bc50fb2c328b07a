/**
 * Staff view of accounts: look-up, role changes and disabling (architecture
 * D10). Every change locks the account row, writes its audit row in the same
 * transaction and refuses to take staff rights away from the acting account,
 * so the last staff member cannot lock everyone out.
 *
 * Taking the author role away (to `customer`) also blocks the studio
 * application, so the account cannot make itself an author again the next
 * second; staff lift the block with allowAuthorReapplication (README, "Trust
 * rules").
 */
import { and, asc, count, eq, gt, ilike, ne, or, sql } from 'drizzle-orm';
import type { AdminUserDetail, AdminUserPage, AdminUserSummary, UserRoleValue } from '../../contracts/admin';
import { fingerprint } from '../catalog/cursor';
import { db, type DbOrTx } from '../db/client';
import { authorProfiles, sessions, users, type UserRole } from '../db/schema';
import { AppError, invalidCursor, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { signJson, verifyJson } from '../platform/signing';
import { payoutDetailsView } from '../studio/payout-details';
import { getBalance } from '../wallet/service';
import { recordAudit } from './audit';
import { keysetPage } from '../platform/keyset-page';

type UserRow = typeof users.$inferSelect;

const accountNotFound = () => notFound('Không tìm thấy tài khoản.');

function summary(u: UserRow): AdminUserSummary {
	return {
		id: u.id,
		email: u.email,
		name: u.name,
		role: u.role,
		emailVerified: u.emailVerifiedAt !== null,
		disabledAt: u.disabledAt?.toISOString() ?? null,
		createdAt: u.createdAt.toISOString()
	};
}

/** `%`, `_` and `\` typed by staff are literal characters, not patterns. */
function likeFragment(q: string): string {
	return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface UserCursor {
	kind: 'admin-users';
	f: string;
	/** lower(email) of the last row shown; emails are unique case-insensitively. */
	after: string;
}

function decodeCursor(raw: string, f: string): string {
	const c = verifyJson('cursor', raw) as Partial<UserCursor> | null;
	if (c?.kind !== 'admin-users' || c.f !== f || typeof c.after !== 'string') {
		throw invalidCursor();
	}
	return c.after;
}

/** By email or name fragment, case-insensitive, ordered by email. */
export async function searchUsers(query: { q?: string; cursor?: string; pageSize: number }): Promise<AdminUserPage> {
	const q = query.q?.trim() || undefined;
	const f = fingerprint({ q });
	const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, f);
	const email = sql<string>`lower(${users.email})`;
	const rows = await db()
		.select()
		.from(users)
		.where(
			and(
				q ? or(ilike(users.email, likeFragment(q)), ilike(users.name, likeFragment(q))) : undefined,
				after === undefined ? undefined : gt(email, after)
			)
		)
		.orderBy(asc(email))
		.limit(query.pageSize + 1);
	const page = keysetPage(rows, query.pageSize, (last) => signJson('cursor', { kind: 'admin-users', f, after: last.email.toLowerCase() } satisfies UserCursor));
	return { items: page.rows.map(summary), hasMore: page.hasMore, nextCursor: page.nextCursor };
}

/** Where this account's payouts go, and the other accounts paid into the same bank account. */
async function payoutAccount(userId: string, tx: DbOrTx): Promise<Pick<AdminUserDetail, 'payoutDetails' | 'payoutAccountSharedWith'>> {
	const [own] = await tx
		.select({
			bankName: authorProfiles.bankName,
			bankAccountNumber: authorProfiles.bankAccountNumber,
			bankAccountHolder: authorProfiles.bankAccountHolder,
			payoutDetailsChangedAt: authorProfiles.payoutDetailsChangedAt
		})
		.from(authorProfiles)
		.where(eq(authorProfiles.userId, userId));
	if (!own) return { payoutDetails: null, payoutAccountSharedWith: [] };
	const shared = await tx
		.select({ id: users.id, email: users.email, name: users.name, role: users.role, displayName: authorProfiles.displayName, bankName: authorProfiles.bankName })
		.from(authorProfiles)
		.innerJoin(users, eq(users.id, authorProfiles.userId))
		.where(and(eq(authorProfiles.bankAccountNumber, own.bankAccountNumber), ne(authorProfiles.userId, userId)))
		.orderBy(asc(users.email))
		.limit(100);
	return { payoutDetails: payoutDetailsView(own), payoutAccountSharedWith: shared };
}

async function detail(u: UserRow, tx: DbOrTx): Promise<AdminUserDetail> {
	const wallet = await getBalance(tx, u.id);
	const [active] = await tx
		.select({ n: count() })
		.from(sessions)
		.where(and(eq(sessions.userId, u.id), gt(sessions.expiresAt, now())));
	return {
		...summary(u),
		wallet: { main: wallet.main.toString(), bonus: wallet.bonus.toString(), total: wallet.total.toString() },
		activeSessions: Number(active?.n ?? 0),
		authorReapplyBlockedAt: u.authorReapplyBlockedAt?.toISOString() ?? null,
		...(await payoutAccount(u.id, tx))
	};
}

export async function getUser(id: string): Promise<AdminUserDetail> {
	const [u] = await db().select().from(users).where(eq(users.id, id));
	if (!u) throw accountNotFound();
	return detail(u, db());
}

function refuseSelf(actorId: string, targetId: string, message: string): void {
	if (actorId === targetId) throw new AppError('conflict', message);
}

export async function changeUserRole(actorId: string, id: string, role: UserRoleValue): Promise<AdminUserDetail> {
	return db().transaction(async (tx) => {
		const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
		if (!u) throw accountNotFound();
		if (u.role === role) return detail(u, tx);
		refuseSelf(actorId, id, 'Bạn không thể tự bỏ quyền quản trị của chính mình. Hãy nhờ một nhân viên quản trị khác.');
		const at = now();
		// Revoking an author blocks re-application; making someone an author on purpose lifts any block.
		const blocked = u.role === 'author' && role === 'customer' ? at : role === 'author' ? null : u.authorReapplyBlockedAt;
		const [updated] = await tx
			.update(users)
			.set({ role: role as UserRole, authorReapplyBlockedAt: blocked, updatedAt: at })
			.where(eq(users.id, id))
			.returning();
		const blockChanged = (blocked === null) !== (u.authorReapplyBlockedAt === null);
		await recordAudit(tx, {
			actorId,
			action: 'user.role_change',
			targetType: 'user',
			targetId: id,
			summary: blockChanged
				? { before: { role: u.role, authorReapplyBlocked: u.authorReapplyBlockedAt !== null }, after: { role, authorReapplyBlocked: blocked !== null } }
				: { before: { role: u.role }, after: { role } }
		});
		return detail(updated!, tx);
	});
}

export async function disableUser(actorId: string, id: string, reason?: string): Promise<AdminUserDetail> {
	return db().transaction(async (tx) => {
		const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
		if (!u) throw accountNotFound();
		refuseSelf(actorId, id, 'Bạn không thể tự khoá tài khoản của chính mình.');
		if (u.disabledAt) return detail(u, tx);
		const at = now();
		const [updated] = await tx.update(users).set({ disabledAt: at, updatedAt: at }).where(eq(users.id, id)).returning();
		const revoked = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
		await recordAudit(tx, {
			actorId,
			action: 'user.disable',
			targetType: 'user',
			targetId: id,
			summary: {
				before: { disabledAt: null },
				after: { disabledAt: at.toISOString() },
				sessionsRevoked: revoked.length,
				...(reason ? { reason } : {})
			}
		});
		return detail(updated!, tx);
	});
}

/**
 * Lets an account whose author role staff took away apply again (audited).
 * Applying is still the account's own act: this only lifts the refusal.
 */
export async function allowAuthorReapplication(actorId: string, id: string): Promise<AdminUserDetail> {
	return db().transaction(async (tx) => {
		const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
		if (!u) throw accountNotFound();
		if (!u.authorReapplyBlockedAt) return detail(u, tx);
		const [updated] = await tx.update(users).set({ authorReapplyBlockedAt: null, updatedAt: now() }).where(eq(users.id, id)).returning();
		await recordAudit(tx, {
			actorId,
			action: 'user.author_reapply_allow',
			targetType: 'user',
			targetId: id,
			summary: { before: { authorReapplyBlockedAt: u.authorReapplyBlockedAt.toISOString() }, after: { authorReapplyBlockedAt: null } }
		});
		return detail(updated!, tx);
	});
}
