/**
 * The account page (/tai-khoan), storefront-only procedures (no REST route:
 * the spec keeps account surfaces out of the contract). Wiring only: the rules
 * are in account/*.ts.
 */
import { z } from 'zod';
import { AddEmailConfirmInput, AddEmailSendInput, ChangePasswordInput, DeleteAccountInput, DeviceSession, Profile, ProfileInput, SignedOutElsewhere } from '../../../contracts/account';
import { confirmAddEmail, sendAddEmailCode } from '../../account/add-email';
import { exportAccountData } from '../../account/data-export';
import { deleteAccount } from '../../account/deletion';
import { listDevices, signOutElsewhere } from '../../account/devices';
import { changePassword } from '../../account/password-change';
import { getProfile, updateProfile } from '../../account/profile';
import type { AuthRequest } from '../../auth/request';
import type { Context } from '../../policies/context';
import { router, sessionProcedure } from '../init';

/** What the auth limits need to know, from the procedure's context. */
const authRequest = (ctx: Context & { session: { id: string } }): AuthRequest => ({
	ip: ctx.clientIp,
	userAgent: ctx.request.headers.get('user-agent'),
	currentSessionId: ctx.session.id,
	responseHeaders: ctx.responseHeaders
});

export const accountRouter = router({
	profile: sessionProcedure.output(Profile).query(({ ctx }) => getProfile(ctx.session.user.id)),

	updateProfile: sessionProcedure
		.input(ProfileInput)
		.output(Profile)
		.mutation(({ ctx, input }) => updateProfile(ctx.session.user.id, input)),

	changePassword: sessionProcedure
		.input(ChangePasswordInput)
		.output(z.object({ endedSessions: z.number().int() }))
		.mutation(({ ctx, input }) => changePassword(ctx.session.user.id, ctx.session.id, input, authRequest(ctx))),

	/** An account without an address (Zalo sign-in) asks for a code at the address it wants to add… */
	addEmailSend: sessionProcedure
		.input(AddEmailSendInput)
		.output(z.object({ sent: z.literal(true) }))
		.mutation(async ({ ctx, input }) => {
			await sendAddEmailCode(ctx.session.user.id, input, authRequest(ctx));
			return { sent: true as const };
		}),

	/** …and types it back: the address becomes the account's, proven. */
	addEmailConfirm: sessionProcedure
		.input(AddEmailConfirmInput)
		.output(z.object({ email: z.string() }))
		.mutation(({ ctx, input }) => confirmAddEmail(ctx.session.user.id, input, authRequest(ctx))),

	devices: sessionProcedure.output(z.array(DeviceSession)).query(({ ctx }) => listDevices(ctx.session.user.id, ctx.session.id)),

	signOutElsewhere: sessionProcedure.output(SignedOutElsewhere).mutation(({ ctx }) => signOutElsewhere(ctx.session.user.id, ctx.session.id)),

	/** The JSON the "Tải dữ liệu của tôi" link downloads (src/routes/(shop)/tai-khoan/du-lieu). */
	exportData: sessionProcedure.query(({ ctx }) => exportAccountData(ctx.session.user.id, ctx.session.id)),

	delete: sessionProcedure
		.input(DeleteAccountInput)
		.output(z.object({ deleted: z.literal(true) }))
		.mutation(({ ctx, input }) => deleteAccount(ctx.session.user.id, input, authRequest(ctx)))
});
