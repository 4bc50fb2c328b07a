/**
 * An amount of đồng in Vietnamese words, as a receipt writes it under the figure ("Bằng chữ: Ba mươi
 * lăm nghìn đồng"), so a school's accountant can check the two against each other.
 *
 * The reading rules: "mười" for 10–19 and "mươi" above; after "mươi" a final 1 reads "mốt" and a 4
 * "tư"; after any ten a 5 reads "lăm"; a zero ten before a unit reads "linh" (105: "một trăm linh
 * năm"); a group after the first always says its hundreds, even "không trăm"; groups of zeros are
 * skipped; scales go nghìn, triệu, tỷ, and past a tỷ they repeat ("một nghìn tỷ").
 */
const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'];
const SCALES = ['', 'nghìn', 'triệu'];
const BILLION = 1_000_000_000n;

function digit(d: number): string {
	const word = DIGITS[d];
	if (word === undefined) throw new RangeError(`amountInWords: ${d} is not a digit`);
	return word;
}

/** One group of three digits; `full` when a group stands before it (it then says "không trăm"). */
function group(n: number, full: boolean): string[] {
	const hundreds = Math.floor(n / 100);
	const tens = Math.floor((n % 100) / 10);
	const units = n % 10;
	const out: string[] = [];
	if (hundreds > 0 || full) out.push(digit(hundreds), 'trăm');
	if (tens === 0) {
		if (units > 0 && out.length > 0) out.push('linh');
	} else if (tens === 1) {
		out.push('mười');
	} else {
		out.push(digit(tens), 'mươi');
	}
	if (units === 0) return out;
	if (units === 5 && tens > 0) out.push('lăm');
	else if (units === 1 && tens > 1) out.push('mốt');
	else if (units === 4 && tens > 1) out.push('tư');
	else out.push(digit(units));
	return out;
}

/** Words for 0 < n < 10⁹ (`full`: a higher part stands before it). */
function belowBillion(n: number, full: boolean): string[] {
	const out: string[] = [];
	for (let scale = 2; scale >= 0; scale--) {
		const part = Math.floor(n / 1000 ** scale) % 1000;
		if (part === 0) continue;
		out.push(...group(part, full || out.length > 0));
		const scaleWord = SCALES[scale];
		if (scaleWord) out.push(scaleWord);
	}
	return out;
}

/** Words for n > 0, any size: the part above a tỷ is read the same way, then "tỷ". */
function words(n: bigint, full: boolean): string[] {
	const high = n / BILLION;
	const low = Number(n % BILLION);
	const out = high > 0n ? [...words(high, full), 'tỷ'] : [];
	if (low > 0) out.push(...belowBillion(low, full || high > 0n));
	return out;
}

/** "Ba mươi lăm nghìn đồng" for 35 000; "Không đồng" for 0. Negative amounts are refused. */
export function amountInWords(amountVnd: bigint): string {
	if (amountVnd < 0n) throw new RangeError('amountInWords: the amount must not be negative');
	const text = [...(amountVnd === 0n ? [digit(0)] : words(amountVnd, false)), 'đồng'].join(' ');
	return text.charAt(0).toUpperCase() + text.slice(1);
}
