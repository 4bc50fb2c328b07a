/**
 * Opening the buyer's banking app from the payment page. A teacher pays on the
 * phone that holds her bank app, so she cannot scan the QR on her own screen;
 * VietQR's deep-link service (dl.vietqr.io) opens a participating bank's app
 * with the transfer pre-filled: account@bank, amount and content. Which apps
 * are offered is configuration (PAYMENT_BANK_APPS), because banks join and
 * leave that list; the deep link carries nothing the QR does not.
 */

export interface BankApp {
	/** The app's id in VietQR's deep-link list (e.g. `vcb`). */
	id: string;
	/** The name a buyer knows it by. */
	name: string;
}

export interface TransferFields {
	bankBin: string;
	accountNumber: string;
	amountVnd: string;
	memo: string | null;
}

/** The default list: banks whose apps accept VietQR deep links, the most used first. */
export const DEFAULT_BANK_APPS =
	'vcb:Vietcombank,bidv:BIDV,icb:VietinBank,mb:MB Bank,tcb:Techcombank,acb:ACB,vpb:VPBank,tpb:TPBank,vba:Agribank,vib:VIB';

const entry = /^([a-z0-9]{2,20}):([^,:]{1,40})$/;

/**
 * `id:Name,id:Name` → apps; an empty string offers none. Throws on a malformed
 * entry so a typo is a start-up error, not a silently missing bank.
 */
export function parseBankApps(raw: string): BankApp[] {
	const trimmed = raw.trim();
	if (trimmed === '') return [];
	const apps: BankApp[] = [];
	for (const part of trimmed.split(',')) {
		const match = entry.exec(part.trim());
		if (!match) throw new Error(`"${part.trim()}" is not "id:Name" (id: 2–20 lower-case letters or digits)`);
		if (apps.some((app) => app.id === match[1])) throw new Error(`"${match[1]}" is listed twice`);
		apps.push({ id: match[1]!, name: match[2]!.trim() });
	}
	return apps;
}

export const DEFAULT_DEEP_LINK_BASE = 'https://dl.vietqr.io/pay';

/** `<base>?app=<id>&ba=<account>@<bin>&am=<amount>&tn=<content>` (VietQR's deep-link format). */
export function bankAppDeepLink(base: string, app: BankApp, transfer: TransferFields): string {
	const url = new URL(base);
	url.searchParams.set('app', app.id);
	url.searchParams.set('ba', `${transfer.accountNumber}@${transfer.bankBin}`);
	url.searchParams.set('am', transfer.amountVnd);
	if (transfer.memo) url.searchParams.set('tn', transfer.memo);
	return url.toString();
}
