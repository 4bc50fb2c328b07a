/**
 * Accounts without an email address. A Zalo sign-in brings none (ADR 019),
 * yet `users.email` is the unique key every other flow signs in by, so such an
 * account holds a placeholder on the reserved `.invalid` top-level domain
 * (RFC 2606: it never resolves, so nothing can be mailed there, and nobody can
 * receive a sign-in code for it). Deleted accounts use the same domain
 * (account/deletion.ts). Anything that would mail the account checks
 * `hasMailbox` first; the person adds a real address from /tai-khoan
 * (account/add-email.ts).
 */
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import type { UserRow } from './accounts';

const NO_EMAIL_DOMAIN = 'chua-co-email.invalid';

/** Whether mail to this address can reach anyone (false for placeholders and deleted accounts). */
export function hasMailbox(email: string | null | undefined): email is string {
	return typeof email === 'string' && email.length > 0 && !email.toLowerCase().endsWith('.invalid');
}

/** Where the account page's "add an email" form is. */
export const ADD_EMAIL_PATH = '/tai-khoan#them-email';

export function emailRequired(message: string): AppError {
	return new AppError('conflict', message, { reason: 'email_required', returnTo: ADD_EMAIL_PATH });
}

/** A new account known only by a provider identity: its name, and a placeholder address. */
export async function createAccountWithoutEmail(name: string | null, tx: DbOrTx): Promise<UserRow> {
	const id = randomUUID();
	const at = now();
	const [created] = await tx
		.insert(users)
		.values({ id, email: `khong-email-${id}@${NO_EMAIL_DOMAIN}`, name: name?.slice(0, 100) || null, createdAt: at, updatedAt: at })
		.returning();
	return created!;
}
