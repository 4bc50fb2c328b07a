/**
 * `npm run ops -- staff:create`: the first staff account, made from the
 * command line before anyone can sign in to the console. The operator proves
 * nothing by mail, so the address is marked verified here; the password passes
 * the same policy as sign-up.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { Email, Password } from '../../contracts/auth';
import { normaliseEmail, findUserByEmail } from '../auth/accounts';
import { assertAcceptablePassword, hashPassword } from '../auth/password';
import { db } from '../db/client';
import { sessions, users } from '../db/schema';
import { now } from '../platform/clock';
import { recordAudit } from './audit';

export interface StaffBootstrapResult {
	userId: string;
	email: string;
	created: boolean;
}

export async function createOrPromoteStaff(input: { email: string; password: string }): Promise<StaffBootstrapResult> {
	// Parsed as one object so a refusal names its field ("password: …"), as sign-up's does.
	const parsed = z.object({ email: Email, password: Password }).parse(input);
	const email = normaliseEmail(parsed.email);
	const password = parsed.password;
	assertAcceptablePassword(password, email);
	const passwordHash = await hashPassword(password);
	return db().transaction(async (tx) => {
		const at = now();
		const existing = await findUserByEmail(email, tx);
		if (!existing) {
			const [user] = await tx
				.insert(users)
				.values({ email, passwordHash, role: 'staff', emailVerifiedAt: at, createdAt: at, updatedAt: at })
				.returning();
			await recordAudit(tx, {
				actorId: null,
				action: 'user.staff_create',
				targetType: 'user',
				targetId: user!.id,
				summary: { before: null, after: { role: 'staff', email }, via: 'ops staff:create' }
			});
			return { userId: user!.id, email, created: true };
		}
		await tx
			.update(users)
			.set({ role: 'staff', passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? at, disabledAt: null, updatedAt: at })
			.where(eq(users.id, existing.id));
		// The password was just replaced: whoever held the old one must sign in again.
		await tx.delete(sessions).where(eq(sessions.userId, existing.id));
		await recordAudit(tx, {
			actorId: null,
			action: 'user.staff_promote',
			targetType: 'user',
			targetId: existing.id,
			summary: {
				before: { role: existing.role, disabledAt: existing.disabledAt?.toISOString() ?? null, emailVerified: existing.emailVerifiedAt !== null },
				after: { role: 'staff', disabledAt: null, emailVerified: true },
				via: 'ops staff:create'
			}
		});
		return { userId: existing.id, email, created: false };
	});
}
