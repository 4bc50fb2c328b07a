import { EmailOtpInput } from '$lib/contracts/auth';
import { sendSignInOtp, verifySignInOtp } from '$lib/server/auth/otp';
import { authEndpoint, methodNotAllowed, parseJson, signedInBody } from '$lib/server/rest/auth-endpoint';

/** First call `{ email }` sends a code; second call `{ email, otp }` verifies it and signs in. */
export const POST = authEndpoint(async (event, req) => {
	const { email, otp } = await parseJson(EmailOtpInput, event.request);
	if (otp === undefined) {
		await sendSignInOtp({ email }, req);
		return { status: true };
	}
	return signedInBody(event.cookies, await verifySignInOtp({ email, otp }, req));
});

export const fallback = methodNotAllowed('POST');
