/**
 * Storage keys are a deliberately small grammar: slash-separated segments of
 * ASCII letters, digits, `.`, `_` and `-`, each starting with a letter or a
 * digit. That rules out `..`, `.`, hidden files, absolute paths, backslashes,
 * percent-encoding tricks and anything S3 and file systems disagree on.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
	if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
	return key.split('/').every((segment) => SEGMENT.test(segment));
}

export class InvalidKeyError extends Error {
	override name = 'InvalidKeyError';
}

export function assertValidKey(key: string): void {
	if (!isValidKey(key)) throw new InvalidKeyError(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
}
