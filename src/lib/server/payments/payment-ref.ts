/**
 * Payment references: the memo a buyer's transfer must carry, e.g.
 * `HL7K2MQX9A`. Short enough to type, with no 0/O or 1/I to confuse, and
 * found again in whatever banks make of the transfer content (upper- or
 * lower-case, with spaces, dashes or dots inserted, other words around it).
 */
import { randomInt } from 'node:crypto';

export const REFERENCE_PREFIX = 'HL';
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERENCE_RANDOM_LENGTH = 8;
const REFERENCE_LENGTH = REFERENCE_PREFIX.length + REFERENCE_RANDOM_LENGTH;

/** 8 characters from 32: 2^40 possibilities; uniqueness is still enforced by a unique index. */
export function newPaymentReference(): string {
	let ref = REFERENCE_PREFIX;
	for (let i = 0; i < REFERENCE_RANDOM_LENGTH; i++) ref += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
	return ref;
}

const VALID = new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${REFERENCE_RANDOM_LENGTH}}$`);

export function isPaymentReference(value: string): boolean {
	return VALID.test(value);
}

/**
 * Every substring of the content that could be a reference once separators
 * are removed. Joining words may produce candidates that were never issued;
 * they simply match nothing when looked up.
 */
export function referenceCandidates(content: string): string[] {
	const compact = content.normalize('NFKC').toUpperCase().replace(/[^0-9A-Z]/g, '');
	const found = new Set<string>();
	for (let i = compact.indexOf(REFERENCE_PREFIX); i !== -1; i = compact.indexOf(REFERENCE_PREFIX, i + 1)) {
		const candidate = compact.slice(i, i + REFERENCE_LENGTH);
		if (isPaymentReference(candidate)) found.add(candidate);
		if (found.size >= 20) break;
	}
	return [...found];
}
