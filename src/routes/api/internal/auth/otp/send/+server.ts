import { OtpSendInput } from '$lib/contracts/auth';
import { sendSignInOtp } from '$lib/server/auth/otp';
import { authEndpoint, methodNotAllowed, parseJson } from '$lib/server/rest/auth-endpoint';

/** UI wrapper of the first `/api/auth/sign-in/email-otp` call. */
export const POST = authEndpoint(async (event, req) => {
	await sendSignInOtp(await parseJson(OtpSendInput, event.request), req);
	return { status: true };
});

export const fallback = methodNotAllowed('POST');
