/**
 * The link a token exchange answers for "all files": /files/zip/<ticket>, a
 * ticket signed for its own purpose (`download-zip`) that names the token's
 * entitlement and expires with DOWNLOAD_URL_TTL_SECONDS, like a signed storage
 * link. The entitlement is checked again when the ZIP starts, so a refund or a
 * takedown between the exchange and the download still stops it.
 */
import { config } from '../config';
import { isUuid } from '../db/ids';
import { nowMs } from '../platform/clock';
import { signJson, verifyJson } from '../platform/signing';
import type { DownloadEntitlement } from './tokens';

interface Claims {
	v: 1;
	p: string;
	o?: string;
	u?: string;
	exp: number;
}

export function issueZipTicket(e: DownloadEntitlement, ttlSeconds: number): string {
	const exp = Math.floor(nowMs() / 1000) + ttlSeconds;
	const claims: Claims = 'orderId' in e ? { v: 1, p: e.productId, o: e.orderId, exp } : { v: 1, p: e.productId, u: e.userId, exp };
	return signJson('download-zip', claims);
}

export type TicketCheck = { status: 'ok'; entitlement: DownloadEntitlement } | { status: 'expired' | 'invalid' };

export function readZipTicket(ticket: string): TicketCheck {
	const c = verifyJson('download-zip', ticket) as Partial<Claims> | null;
	if (!c || c.v !== 1 || !isUuid(c.p) || typeof c.exp !== 'number') return { status: 'invalid' };
	if (c.exp * 1000 <= nowMs()) return { status: 'expired' };
	if (isUuid(c.o) && c.u === undefined) return { status: 'ok', entitlement: { productId: c.p, orderId: c.o } };
	if (isUuid(c.u) && c.o === undefined) return { status: 'ok', entitlement: { productId: c.p, userId: c.u } };
	return { status: 'invalid' };
}

export const zipUrl = (ticket: string) => `${config().origin}/files/zip/${ticket}`;

/** "<title>.zip", without characters file systems refuse. */
export const zipFileName = (title: string) => `${title.replace(/[\\/:*?"<>|]/g, '_').trim() || 'hoclieu'}.zip`;
