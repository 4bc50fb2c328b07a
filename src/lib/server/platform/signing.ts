/**
 * HMAC-SHA256 signing for everything the service hands out and later trusts:
 * session cookies, cursors, order-access cookies, download tokens, file links.
 * Each use passes its own `purpose`, so a value signed for one purpose never
 * verifies for another.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../config';

export type SigningPurpose =
	| 'session'
	| 'auth-code'
	| 'cursor'
	| 'order-access'
	| 'cart'
	| 'receipt-link'
	| 'download-token'
	| 'download-zip'
	| 'file-link'
	| 'upload-link'
	| 'upload-part-link'
	| 'webhook'
	| 'giftcode'
	| 'mail-unsubscribe'
	| 'support-continue';

function secretFor(purpose: SigningPurpose): string {
	const { secrets } = config();
	return purpose === 'session' || purpose === 'auth-code' ? secrets.authSecret : secrets.signingSecret;
}

export function hmac(purpose: SigningPurpose, payload: string): string {
	return createHmac('sha256', secretFor(purpose))
		.update(`${purpose}\n${payload}`)
		.digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

/** `payload.signature`; verification splits on the last dot, so payloads may contain dots. */
export function sign(purpose: SigningPurpose, payload: string): string {
	return `${payload}.${hmac(purpose, payload)}`;
}

/** Returns the payload when the signature is valid, else null. */
export function verify(purpose: SigningPurpose, signed: string): string | null {
	const dot = signed.lastIndexOf('.');
	if (dot <= 0) return null;
	const payload = signed.slice(0, dot);
	return safeEqual(signed.slice(dot + 1), hmac(purpose, payload)) ? payload : null;
}

/** Signs a JSON value as base64url(json).signature. */
export function signJson(purpose: SigningPurpose, value: unknown): string {
	return sign(purpose, Buffer.from(JSON.stringify(value)).toString('base64url'));
}

export function verifyJson(purpose: SigningPurpose, signed: string): unknown {
	const payload = verify(purpose, signed);
	if (payload === null) return null;
	try {
		return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
	} catch {
		return null;
	}
}
