import { OtpVerifyInput } from '$lib/contracts/auth';
import { verifySignInOtp } from '$lib/server/auth/otp';
import { authEndpoint, methodNotAllowed, parseJson, signedInBody } from '$lib/server/rest/auth-endpoint';

/** UI wrapper of the second `/api/auth/sign-in/email-otp` call. */
export const POST = authEndpoint(async (event, req) => {
	const input = await parseJson(OtpVerifyInput, event.request);
	return signedInBody(event.cookies, await verifySignInOtp(input, req));
});

export const fallback = methodNotAllowed('POST');
