/**
 * The buyer's profile on the account page: the display name, and the school
 * and tax code printed on every receipt from now on (receipt-pdf.ts reads
 * them when the receipt link does not name a school itself).
 */
import { eq } from 'drizzle-orm';
import type { Profile, ProfileInput } from '../../contracts/account';
import { hasMailbox } from '../auth/mailbox';
import { db } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '../errors/app-error';
import { now } from '../platform/clock';

type UserRow = typeof users.$inferSelect;

function toProfile(u: UserRow): Profile {
	return {
		email: u.email,
		hasEmail: hasMailbox(u.email),
		name: u.name,
		schoolName: u.schoolName,
		taxCode: u.taxCode,
		hasPassword: u.passwordHash !== null,
		createdAt: u.createdAt.toISOString()
	};
}

const accountMissing = () => notFound('Không tìm thấy tài khoản.');

export async function getProfile(userId: string): Promise<Profile> {
	const [u] = await db().select().from(users).where(eq(users.id, userId));
	if (!u || u.deletedAt) throw accountMissing();
	return toProfile(u);
}

/** Every field is replaced: a blank one clears the value (the contract turns blanks into undefined). */
export async function updateProfile(userId: string, input: ProfileInput): Promise<Profile> {
	const [u] = await db()
		.update(users)
		.set({ name: input.name ?? null, schoolName: input.schoolName ?? null, taxCode: input.taxCode ?? null, updatedAt: now() })
		.where(eq(users.id, userId))
		.returning();
	if (!u) throw accountMissing();
	return toProfile(u);
}
