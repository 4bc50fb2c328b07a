import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The notifier authenticates with `Authorization: Apikey <secret>` (SePay's
 * scheme). Both sides are hashed first so the comparison is constant-time
 * whatever the lengths.
 */
export function isAuthorisedWebhook(authorization: string | null, secret: string): boolean {
	const match = /^Apikey\s+(\S+)\s*$/i.exec(authorization ?? '');
	if (!match) return false;
	const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
	return timingSafeEqual(digest(match[1]!), digest(secret));
}
