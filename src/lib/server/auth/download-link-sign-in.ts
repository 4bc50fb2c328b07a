/**
 * "Gửi mã đến email này" on the expired download link page (/tai-ve): the link's
 * order (or account) names an address; an emailed sign-in code to that address
 * signs its reader in, guest orders of the address join the account
 * (checkout/guest-orders.ts), and the person lands on the order. The page never
 * shows the whole address, only its masked form, and the code goes only to it:
 * holding an old link grants no more than the receipt mail it came from did.
 */
import { eq } from 'drizzle-orm';
import { paths } from '$lib/paths';
import { db } from '../db/client';
import { orders, users } from '../db/schema';
import { readExpiredDownloadToken } from '../downloads/tokens';
import { AppError } from '../errors/app-error';
import { maskEmail } from '../platform/mail';
import type { SignedIn } from './accounts';
import { sendSignInOtp, verifySignInOtp } from './otp';
import type { AuthRequest } from './request';

export interface LinkAddress {
	email: string;
	/** Where the person lands once signed in: the order, or the library for an account's link. */
	landing: string;
}

const noAddress = () =>
	new AppError('not_found', 'Liên kết này không gắn với địa chỉ email nào còn dùng được. Hãy liên hệ bộ phận hỗ trợ của hoclieu.');

/** The address a genuine download link (expired or not) belongs to; null when it names none. */
export async function addressOfDownloadLink(token: string): Promise<LinkAddress | null> {
	const entitlement = readExpiredDownloadToken(token);
	if (!entitlement) return null;
	let email: string | null = null;
	let landing: string = paths.library;
	if ('orderId' in entitlement) {
		const [row] = await db()
			.select({ guestEmail: orders.guestEmail, accountEmail: users.email })
			.from(orders)
			.leftJoin(users, eq(users.id, orders.userId))
			.where(eq(orders.id, entitlement.orderId))
			.limit(1);
		email = row ? (row.accountEmail ?? row.guestEmail) : null;
		landing = paths.checkout(entitlement.orderId);
	} else {
		const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, entitlement.userId)).limit(1);
		email = row?.email ?? null;
	}
	// A deleted account's address is a placeholder nobody reads (account/deletion.ts).
	if (!email || email.endsWith('@deleted.invalid')) return null;
	return { email, landing };
}

/** What the page may show of the address: `c***@truong.edu.vn`. */
export async function maskedAddressOfDownloadLink(token: string): Promise<string | null> {
	const address = await addressOfDownloadLink(token);
	return address ? maskEmail(address.email) : null;
}

export async function sendDownloadLinkCode(token: string, req: AuthRequest): Promise<{ sentTo: string }> {
	const address = await addressOfDownloadLink(token);
	if (!address) throw noAddress();
	await sendSignInOtp({ email: address.email }, req);
	return { sentTo: maskEmail(address.email) };
}

export async function signInWithDownloadLinkCode(token: string, otp: string, req: AuthRequest): Promise<SignedIn & { landing: string }> {
	const address = await addressOfDownloadLink(token);
	if (!address) throw noAddress();
	const session = await verifySignInOtp({ email: address.email, otp }, req);
	return { ...session, landing: address.landing };
}
