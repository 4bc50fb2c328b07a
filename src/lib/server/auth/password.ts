/**
 * Password hashing (docs/architecture.md#sessions): argon2id, 19 MiB, t=2, p=1 (the OWASP
 * baseline). Unknown accounts are checked against a dummy hash with the same
 * parameters so "no such email" costs exactly as much as "wrong password".
 */
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { badRequest } from '../errors/app-error';
import { isCommonPassword } from './common-passwords';

const OPTIONS = {
	algorithm: 2, // Argon2id (a const enum, unusable under isolatedModules)
	memoryCost: 19456,
	timeCost: 2,
	parallelism: 1
} as const;

/** NFC so the same passphrase typed on another keyboard still matches. */
function normalise(password: string): string {
	return password.normalize('NFC');
}

export function hashPassword(password: string): Promise<string> {
	return hash(normalise(password), OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against the dummy hash when there is
 * none (unknown email, or an account that only signs in by code or link).
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
	if (!stored) {
		dummyHash ??= hash(randomBytes(32).toString('base64url'), OPTIONS);
		await verify(await dummyHash, normalise(password)).catch(() => false);
		return false;
	}
	try {
		return await verify(stored, normalise(password));
	} catch {
		return false;
	}
}

/** Warms the dummy hash at start-up so the first unknown-email sign-in is not the only fast one. */
export async function primePasswordHashing(): Promise<void> {
	dummyHash ??= hash(randomBytes(32).toString('base64url'), OPTIONS);
	await dummyHash;
}

/** The server-side half of the policy: length is checked by the contract schema. */
export function assertAcceptablePassword(password: string, email: string, field = 'password'): void {
	const lower = password.toLowerCase();
	let reason: string | null = null;
	if (isCommonPassword(password)) reason = 'Mật khẩu này quá phổ biến và dễ bị đoán. Hãy chọn mật khẩu khác.';
	else if (lower === email.toLowerCase() || lower === email.split('@')[0]?.toLowerCase())
		reason = 'Mật khẩu không được trùng với email.';
	if (reason) throw badRequest(reason, { fields: [{ path: field, message: reason }] });
}
