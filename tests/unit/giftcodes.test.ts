import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateGiftCode, giftCodeHint, giftCodeLookupHash, normaliseGiftCode } from '../../src/lib/server/giftcodes/codes';

// The lookup hash is keyed by the signing secret (read from the environment on first use).
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'hoclieu-giftcode-'));
process.env.SIGNING_SECRET = 's'.repeat(40);

describe('gift codes', () => {
	it('are 16 symbols from a 32-symbol alphabet in four groups', () => {
		const codes = Array.from({ length: 1000 }, generateGiftCode);
		for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
		expect(new Set(codes).size).toBe(codes.length);
	});

	it.each([
		['hlqx-7k2m-abcd-efgh'],
		['  HLQX 7K2M ABCD EFGH '],
		['HLQX7K2MABCDEFGH'],
		['ＨＬＱＸ－７Ｋ２Ｍ－ＡＢＣＤ－ＥＦＧＨ'],
		['HLQX–7K2M—ABCD\tEFGH']
	])('normalise %j to the same code', (typed) => {
		expect(normaliseGiftCode(typed)).toBe('HLQX7K2MABCDEFGH');
		expect(giftCodeLookupHash(typed)).toBe(giftCodeLookupHash('HLQX-7K2M-ABCD-EFGH'));
	});

	it('hash differently for different codes and never contain the code', () => {
		const hash = giftCodeLookupHash('HLQX-7K2M-ABCD-EFGH');
		expect(hash).not.toBe(giftCodeLookupHash('HLQX-7K2M-ABCD-EFGJ'));
		expect(hash).not.toContain('HLQX');
		expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
	});

	it('keep only the last four symbols as a hint', () => {
		expect(giftCodeHint('hlqx-7k2m-abcd-efgh')).toBe('EFGH');
	});
});
