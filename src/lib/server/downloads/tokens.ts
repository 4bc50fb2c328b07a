/**
 * Download tokens (docs/api.md#authentication): HMAC-signed (purpose `download-token`),
 * short-lived, single-purpose. A token names one product and what entitles
 * its holder to it — a paid order, or an account that owns the product — and
 * authorises only POST /api/v1/downloads/by-token. The entitlement is checked
 * again at every exchange, so revoking it revokes the token.
 */
import { config } from '../config';
import { nowMs } from '../platform/clock';
import { signJson, verifyJson } from '../platform/signing';
import { isUuid } from '../db/ids';

export type DownloadEntitlement = { productId: string; orderId: string } | { productId: string; userId: string };

interface Claims {
	v: 1;
	p: string;
	o?: string;
	u?: string;
	/** Expiry, unix seconds. */
	exp: number;
}

export interface IssuedToken {
	token: string;
	expiresAt: Date;
}

export function issueDownloadToken(entitlement: DownloadEntitlement, ttlMs = config().checkout.downloadTokenTtlMs): IssuedToken {
	const exp = Math.floor((nowMs() + ttlMs) / 1000);
	const claims: Claims =
		'orderId' in entitlement ? { v: 1, p: entitlement.productId, o: entitlement.orderId, exp } : { v: 1, p: entitlement.productId, u: entitlement.userId, exp };
	return { token: signJson('download-token', claims), expiresAt: new Date(exp * 1000) };
}


/** The entitlement of a valid, unexpired token; null for anything tampered, expired or not a download token. */
export function readDownloadToken(token: string): DownloadEntitlement | null {
	const c = verifyJson('download-token', token) as Partial<Claims> | null;
	if (!c || c.v !== 1 || !isUuid(c.p) || typeof c.exp !== 'number' || c.exp * 1000 <= nowMs()) return null;
	if (isUuid(c.o) && c.u === undefined) return { productId: c.p, orderId: c.o };
	if (isUuid(c.u) && c.o === undefined) return { productId: c.p, userId: c.u };
	return null;
}

/**
 * The order or account a genuine token names, expired or not: the expired-link page offers
 * to mail a sign-in code to that order's address (auth/download-link-sign-in.ts). Null for
 * anything tampered or not a download token.
 */
export function readExpiredDownloadToken(token: string): DownloadEntitlement | null {
	const c = verifyJson('download-token', token) as Partial<Claims> | null;
	if (!c || c.v !== 1 || !isUuid(c.p)) return null;
	if (isUuid(c.o) && c.u === undefined) return { productId: c.p, orderId: c.o };
	if (isUuid(c.u) && c.o === undefined) return { productId: c.p, userId: c.u };
	return null;
}
