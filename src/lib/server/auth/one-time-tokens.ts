/**
 * Single-use secrets sent by email (docs/architecture.md#sessions). Links carry 256 random
 * bits and are stored as SHA-256; six-digit codes are too few to hash plainly
 * (a leaked table would be brute-forced in seconds), so they are stored as an
 * HMAC under AUTH_SECRET, bound to their row.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomBytes, randomInt } from 'node:crypto';
import { db, type DbOrTx } from '../db/client';
import { authTokens, type AuthTokenPurpose } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { hmac } from '../platform/signing';

export type AuthTokenRow = typeof authTokens.$inferSelect;

export function hashLinkToken(token: string): string {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function newLinkToken(): { token: string; tokenHash: string } {
	const token = randomBytes(32).toString('base64url');
	return { token, tokenHash: hashLinkToken(token) };
}

export function newOtpCode(): string {
	return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function otpHash(rowId: string, code: string): string {
	return hmac('auth-code', `${rowId}:${code}`);
}

const REASONS = {
	used: 'Liên kết này đã được sử dụng. Mỗi liên kết chỉ dùng được một lần; hãy yêu cầu liên kết mới.',
	expired: 'Liên kết này đã hết hạn. Hãy yêu cầu liên kết mới.',
	unknown: 'Liên kết không hợp lệ hoặc đã bị thay thế bởi một liên kết mới hơn.'
} as const;

export type InvalidLinkReason = keyof typeof REASONS;

export function invalidLink(reason: InvalidLinkReason): AppError {
	return new AppError('invalid_token', REASONS[reason], { reason });
}

/**
 * Marks a link used in one conditional update, so two clicks racing each other
 * cannot both succeed. On failure, says why (used, expired or unknown).
 */
export async function consumeLinkToken(purpose: AuthTokenPurpose, token: string, tx: DbOrTx = db()): Promise<AuthTokenRow> {
	const tokenHash = hashLinkToken(token);
	const at = now();
	const [row] = await tx
		.update(authTokens)
		.set({ usedAt: at })
		.where(
			and(
				eq(authTokens.tokenHash, tokenHash),
				eq(authTokens.purpose, purpose),
				isNull(authTokens.usedAt),
				gt(authTokens.expiresAt, at)
			)
		)
		.returning();
	if (row) return row;
	throw invalidLink(await whyUnusable(purpose, tokenHash, tx));
}

/** An unused, unexpired link, without consuming it (to validate the rest of a request first). */
export async function peekLinkToken(purpose: AuthTokenPurpose, token: string, tx: DbOrTx = db()): Promise<AuthTokenRow> {
	const tokenHash = hashLinkToken(token);
	const [row] = await tx
		.select()
		.from(authTokens)
		.where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
		.limit(1);
	if (row && !row.usedAt && row.expiresAt > now()) return row;
	throw invalidLink(await whyUnusable(purpose, tokenHash, tx));
}

async function whyUnusable(purpose: AuthTokenPurpose, tokenHash: string, tx: DbOrTx): Promise<InvalidLinkReason> {
	const [row] = await tx
		.select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
		.from(authTokens)
		.where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)))
		.limit(1);
	if (!row) return 'unknown';
	return row.usedAt ? 'used' : 'expired';
}
