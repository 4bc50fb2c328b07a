/**
 * Vietnamese formatting for the storefront (server and browser alike):
 * VND as "120.000 ₫", dates and times in Vietnam time whatever the viewer's zone.
 */
const VN_TZ = 'Asia/Ho_Chi_Minh';

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('vi-VN', {
	timeZone: VN_TZ,
	day: '2-digit',
	month: '2-digit',
	year: 'numeric',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23'
});
const dateOnly = new Intl.DateTimeFormat('vi-VN', { timeZone: VN_TZ, day: '2-digit', month: '2-digit', year: 'numeric' });
const shortDateTime = new Intl.DateTimeFormat('vi-VN', { timeZone: VN_TZ, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });

/** Money arrives as decimal strings (MoneyVnd); BigInt keeps large amounts exact. */
function vndParts(amount: string | bigint | number): string {
	return vnd.format(typeof amount === 'string' ? BigInt(amount) : amount);
}

/** VND on the page: a no-break space keeps the number and "₫" on one line. */
export function formatVnd(amount: string | bigint | number): string {
	return vndParts(amount).replace(/[\u00a0\u202f]/g, '\u00a0');
}

/**
 * VND in text that leaves the page (API messages and payment instructions,
 * e-mails, stored ledger notes, the ops CLI): a plain space, as these texts
 * have always been written, so what clients and stored notes see is unchanged.
 */
export function formatVndText(amount: string | bigint | number): string {
	return vndParts(amount).replace(/[\u00a0\u202f]/g, ' ');
}

/** Whether a text (a promo's description) already names this amount, "10.000 ₫" with either space; not "110.000 ₫". */
export function mentionsVnd(text: string, amount: string | bigint | number): boolean {
	const number = vndParts(amount).replace(/[^\d.]/g, '');
	return new RegExp(`(^|[^\\d.])${number.replaceAll('.', '\\.')}\\s*₫`).test(text);
}

/** "00:30 01/12/2026" on the page. */
export function formatDateTime(iso: string | Date): string {
	return dateTime.format(new Date(iso));
}

/** The short "00:30 1/12/26" of server-written text (API instructions, e-mails), kept as it was. */
export function formatDateTimeText(iso: string | Date): string {
	return shortDateTime.format(new Date(iso));
}

export function formatDate(iso: string | Date): string {
	return dateOnly.format(new Date(iso));
}

/** "còn 05:07" style countdown text from milliseconds left. */
export function formatCountdown(msLeft: number): string {
	const total = Math.max(0, Math.floor(msLeft / 1000));
	const h = Math.floor(total / 3600);
	const m = Math.floor((total % 3600) / 60);
	const s = total % 60;
	const mm = String(m).padStart(2, '0');
	const ss = String(s).padStart(2, '0');
	return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** A file size as people read it, in Vietnamese notation: `820 KB`, `1,4 MB`. */
export function formatFileSize(bytes: number): string {
	if (bytes < 1024) return `${bytes} byte`;
	const [value, unit] = bytes < 1024 ** 2 ? [bytes / 1024, 'KB'] : [bytes / 1024 ** 2, 'MB'];
	return `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value)} ${unit}`;
}
