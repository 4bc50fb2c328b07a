/**
 * Sign-in by emailed code (docs/api.md#authentication and #limits): six digits, ten minutes, at most five
 * wrong guesses per code. Sending answers the same whether or not the address
 * has an account; the account is created on the first successful verification.
 */
import { db } from '../db/client';
import { sendMail } from '../platform/mail';
import { claimVerifiedAccount, normaliseEmail, startClaimedSession, type SignedIn } from './accounts';
import { otpMail } from './auth-mail';
import { issueEmailCode, matchEmailCode, OTP_TTL_MINUTES, spendEmailCode } from './email-codes';
import { authLimits } from './limits';
import type { AuthRequest } from './request';

export { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from './email-codes';

export async function sendSignInOtp(input: { email: string }, req: AuthRequest): Promise<void> {
	const email = normaliseEmail(input.email);
	await authLimits.mail(req, email);
	const code = await db().transaction((tx) => issueEmailCode(tx, 'sign_in_otp', email));
	await sendMail(otpMail(email, code, OTP_TTL_MINUTES));
}

export async function verifySignInOtp(input: { email: string; otp: string }, req: AuthRequest): Promise<SignedIn> {
	const email = normaliseEmail(input.email);
	await authLimits.otpVerify(req, email);
	const row = await matchEmailCode('sign_in_otp', email, input.otp);
	const claimed = await db().transaction(async (tx) => {
		await spendEmailCode(row, tx);
		return claimVerifiedAccount(email, tx, req.currentSessionId);
	});
	return startClaimedSession(claimed, req, 'email_otp');
}
