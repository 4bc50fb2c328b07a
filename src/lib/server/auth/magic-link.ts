/**
 * Sign-in by emailed link. Like codes, a link can be asked for any address
 * (same answer either way) and the account is created when it is opened.
 * Where to land afterwards is a path on this site only, checked by the
 * contract's RedirectPath both when the link is asked for and when it is opened.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { config } from '../config';
import { db } from '../db/client';
import { authTokens } from '../db/schema';
import { now, nowMs } from '../platform/clock';
import { sendMail } from '../platform/mail';
import { claimVerifiedAccount, normaliseEmail, startClaimedSession, type SignedIn } from './accounts';
import { magicLinkMail } from './auth-mail';
import { authLimits } from './limits';
import { consumeLinkToken, newLinkToken } from './one-time-tokens';
import type { AuthRequest } from './request';

export const MAGIC_LINK_TTL_MINUTES = 15;
export const MAGIC_LINK_PATH = '/api/auth/sign-in/magic-link';

export async function requestMagicLink(input: { email: string; callbackURL?: string }, req: AuthRequest): Promise<void> {
	const email = normaliseEmail(input.email);
	await authLimits.mail(req, email);
	const { token, tokenHash } = newLinkToken();
	await db().transaction(async (tx) => {
		await tx
			.delete(authTokens)
			.where(and(eq(authTokens.email, email), eq(authTokens.purpose, 'magic_link'), isNull(authTokens.usedAt)));
		await tx.insert(authTokens).values({
			id: randomUUID(),
			purpose: 'magic_link',
			email,
			tokenHash,
			expiresAt: new Date(nowMs() + MAGIC_LINK_TTL_MINUTES * 60_000),
			createdAt: now()
		});
	});
	const link = new URL(MAGIC_LINK_PATH, config().origin);
	link.searchParams.set('token', token);
	if (input.callbackURL) link.searchParams.set('callbackURL', input.callbackURL);
	await sendMail(magicLinkMail(email, link.toString(), MAGIC_LINK_TTL_MINUTES));
}

export async function signInWithMagicLink(token: string, req: AuthRequest): Promise<SignedIn> {
	await authLimits.link(req);
	const claimed = await db().transaction(async (tx) => {
		const row = await consumeLinkToken('magic_link', token, tx);
		return claimVerifiedAccount(row.email, tx, req.currentSessionId);
	});
	return startClaimedSession(claimed, req, 'magic_link');
}
