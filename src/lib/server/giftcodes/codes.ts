/**
 * Gift-code text: generation, normalisation and the keyed lookup hash that
 * is all the database keeps.
 */
import { randomInt } from 'node:crypto';
import { hmac } from '../platform/signing';

/** 32 symbols without 0/O or 1/I, so a code read aloud or retyped survives. */
export const GIFT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 16 symbols of 5 bits: 2^80 codes, far beyond guessing at a few failures per quarter hour. */
export const GIFT_CODE_LENGTH = 16;

/** A fresh code shown as `HLQX-7K2M-…`: four groups of four. */
export function generateGiftCode(): string {
	let raw = '';
	for (let i = 0; i < GIFT_CODE_LENGTH; i++) raw += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)];
	return raw.match(/.{4}/g)!.join('-');
}

/** Case, spacing and dashes never matter: `hlqx 7k2m–…` is the same code as `HLQX-7K2M-…`. */
export function normaliseGiftCode(code: string): string {
	return code
		.normalize('NFKC')
		.toUpperCase()
		.replace(/[\s\-\u2010-\u2015\u2212]/g, '');
}

export function giftCodeLookupHash(code: string): string {
	return hmac('giftcode', normaliseGiftCode(code));
}

/** The last four symbols, enough for staff to tell codes apart without being able to redeem one. */
export function giftCodeHint(code: string): string {
	return normaliseGiftCode(code).slice(-4);
}
