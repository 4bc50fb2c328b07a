/**
 * Housekeeping: expired sessions and long-dead one-time tokens are deleted in
 * the background. Used tokens are kept a while so a second click can still be
 * told "already used" rather than "unknown". Plain deletes are safe on several
 * instances at once.
 */
import { lt } from 'drizzle-orm';
import { db } from '../db/client';
import { authTokens, sessions } from '../db/schema';
import { now, nowMs } from '../platform/clock';
import { registerJob } from '../platform/jobs';

const KEEP_SPENT_TOKENS_MS = 7 * 24 * 60 * 60 * 1000;

export async function deleteExpiredAuthRows(): Promise<void> {
	await db().delete(sessions).where(lt(sessions.expiresAt, now()));
	await db().delete(authTokens).where(lt(authTokens.expiresAt, new Date(nowMs() - KEEP_SPENT_TOKENS_MS)));
}

export function registerAuthCleanup(): void {
	registerJob('auth-cleanup', 60 * 60 * 1000, deleteExpiredAuthRows);
}
