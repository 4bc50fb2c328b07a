/**
 * The form actions behind `VerifyEmail.svelte` ("Gửi lại mã xác minh" and the code field),
 * for every page that needs a proven address: spread them into the page's `actions`. Both
 * call the /api/auth procedures (same limits, same errors); the link in the mail lands back
 * on the page the person asked from.
 */
import { fail, type RequestEvent } from '@sveltejs/kit';
import { z } from 'zod';
import { VerifyEmailCodeInput } from '$lib/contracts/auth';
import type { VerificationResult } from '$lib/verification-result';
import { formAction } from './forms';
import { requireSignIn } from './page-guards';
import { serverCaller } from './trpc/server-caller';

export const verifyEmailActions = {
	sendVerification: async (event: RequestEvent) => {
		const session = requireSignIn(event);
		const outcome = await formAction(event, z.object({}), () =>
			serverCaller(event).auth.sendVerificationEmail({ callbackURL: event.url.pathname })
		);
		if (!outcome.ok) return fail(outcome.failure.status, { verification: { message: outcome.failure.data.message } satisfies VerificationResult });
		return { verification: { sentTo: session.user.email } satisfies VerificationResult };
	},
	verifyEmail: async (event: RequestEvent) => {
		requireSignIn(event);
		const outcome = await formAction(event, VerifyEmailCodeInput, (input) => serverCaller(event).auth.verifyEmailOtp(input));
		if (!outcome.ok) {
			const { message, fields } = outcome.failure.data;
			return fail(outcome.failure.status, { verification: { message: fields.otp ?? message, codeStep: true } satisfies VerificationResult });
		}
		return { verification: { verified: true } satisfies VerificationResult };
	}
};
