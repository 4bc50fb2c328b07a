import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../src/lib/amount-in-words';

describe('an amount of đồng in Vietnamese words (the receipt\'s "Bằng chữ")', () => {
	it.each([
		[0n, 'Không đồng'],
		[1_000n, 'Một nghìn đồng'],
		[21_000n, 'Hai mươi mốt nghìn đồng'],
		[105_000n, 'Một trăm linh năm nghìn đồng'],
		[1_000_000_000n, 'Một tỷ đồng'],
		[35_000n, 'Ba mươi lăm nghìn đồng'],
		[10n, 'Mười đồng'],
		[11n, 'Mười một đồng'],
		[15n, 'Mười lăm đồng'],
		[24n, 'Hai mươi tư đồng'],
		[14n, 'Mười bốn đồng'],
		[101n, 'Một trăm linh một đồng'],
		[1_005n, 'Một nghìn không trăm linh năm đồng'],
		[1_250_000n, 'Một triệu hai trăm năm mươi nghìn đồng'],
		[2_000_015n, 'Hai triệu không trăm mười lăm đồng'],
		[120_000n, 'Một trăm hai mươi nghìn đồng'],
		[999_999n, 'Chín trăm chín mươi chín nghìn chín trăm chín mươi chín đồng'],
		[1_000_000_001n, 'Một tỷ không trăm linh một đồng'],
		[2_500_000_000_000n, 'Hai nghìn năm trăm tỷ đồng']
	])('%s → %s', (amount, text) => {
		expect(amountInWords(amount)).toBe(text);
	});

	it('refuses a negative amount rather than reading it as positive', () => {
		expect(() => amountInWords(-1n)).toThrow(RangeError);
	});
});
