/**
 * Vietnamese formatting for the storefront (server and browser alike):
 * VND as "120.000 ₫", dates and times in Vietnam time whatever the viewer's zone.
 */
const VN_TZ = 'Asia/Ho_Chi_Minh';

const vnd = new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('vi-VN', { timeZone: VN_TZ, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
const dateOnly = new Intl.DateTimeFormat('vi-VN', { timeZone: VN_TZ, day: 'numeric', month: 'numeric', year: 'numeric' });

/** Money arrives as decimal strings (MoneyVnd); BigInt keeps large amounts exact. */
export function formatVnd(amount: string | bigint | number): string {
	const value = typeof amount === 'string' ? BigInt(amount) : amount;
	// Intl's narrow no-break space before ₫ would surprise copy-paste; use a plain space.
	return vnd.format(value).replace(/\u00a0/g, ' ');
}

export function formatDateTime(iso: string | Date): string {
	return dateTime.format(new Date(iso));
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
