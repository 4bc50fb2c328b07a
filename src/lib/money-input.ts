/**
 * Amounts as Vietnamese people type them: `35000`, `35.000`, `35 000`,
 * `35.000 ₫`, `35.000đ`, `35.000 VND`. The dot and the space group thousands
 * (never decimals: VND has no fraction), so `35,5`, `35.5` and `-1` are
 * refused with a message that says how to write it. Shared by the browser
 * (the field reformats itself on blur) and the server's form actions
 * (src/lib/server/forms.ts turns the typed text into the decimal string the
 * contracts want); the REST API keeps its plain-digits shape.
 */

export type VndInput = { ok: true; value: string } | { ok: false; message: string };

/** Fifteen digits is already far above any price or balance hoclieu keeps. */
const MAX_DIGITS = 15;

const CURRENCY = /\s*(₫|đ|đồng|vnđ|vnd)\s*$/iu;
// Any space a keyboard, a paste from a spreadsheet or Intl.NumberFormat may produce.
const SPACES = /[\s\u00a0\u202f\u2009]+/gu;

export const VND_INPUT_HINT = 'Số tiền nguyên, ví dụ 35000, 35.000 hoặc 35 000.';

export function parseVndInput(raw: string): VndInput {
	const text = raw.trim().replace(CURRENCY, '').replace(SPACES, ' ').trim();
	if (text === '') return { ok: false, message: 'Vui lòng nhập số tiền.' };
	if (text.startsWith('-')) return { ok: false, message: 'Số tiền không được âm.' };
	if (text.includes(',')) {
		return { ok: false, message: 'Số tiền là số đồng nguyên, không có phần lẻ: dùng dấu chấm để tách hàng nghìn (ví dụ 35.000), không dùng dấu phẩy.' };
	}
	let digits: string;
	if (/^[0-9]+$/.test(text)) digits = text;
	else if (/^[0-9]{1,3}(\.[0-9]{3})+$/.test(text) || /^[0-9]{1,3}( [0-9]{3})+$/.test(text)) digits = text.replace(/[. ]/g, '');
	else if (/^[0-9. ]+$/.test(text)) {
		return { ok: false, message: 'Dấu chấm hoặc khoảng trắng chỉ dùng để tách từng nhóm ba chữ số, ví dụ 35.000 hoặc 1.250.000.' };
	} else return { ok: false, message: 'Số tiền chỉ gồm chữ số, ví dụ 35000 hoặc 35.000 ₫.' };
	const value = BigInt(digits).toString();
	if (value.length > MAX_DIGITS) return { ok: false, message: 'Số tiền quá lớn.' };
	return { ok: true, value };
}

/** "35.000": how a typed amount is shown back in its field (no "₫": the label says đồng). */
export function formatVndInput(value: string): string {
	const parsed = parseVndInput(value);
	if (!parsed.ok) return value;
	return parsed.value.replace(/\B(?=([0-9]{3})+(?![0-9]))/g, '.');
}

/**
 * `use:vndField` on an amount input: on leaving the field a readable amount is
 * rewritten as "35.000"; anything else is left as typed for the server's message.
 */
export function vndField(input: HTMLInputElement, enabled: boolean = true) {
	const reformat = () => {
		if (enabled && input.value.trim() !== '' && parseVndInput(input.value).ok) input.value = formatVndInput(input.value);
	};
	reformat();
	input.addEventListener('blur', reformat);
	return {
		update: (next: boolean) => (enabled = next),
		destroy: () => input.removeEventListener('blur', reformat)
	};
}
