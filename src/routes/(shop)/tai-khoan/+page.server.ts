import { fail, redirect, type ActionFailure } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { ChangePasswordInput, DeleteAccountInput, ProfileInput } from '$lib/contracts/account';
import { paths } from '$lib/paths';
import { clearSessionCookie } from '$lib/server/auth/session';
import { formAction, type FormFailure } from '$lib/server/forms';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const api = serverCaller(event);
	const [profile, devices] = await Promise.all([api.account.profile(), api.account.devices()]).catch(throwPageError);
	return { profile, devices };
};

type Section = 'profile' | 'password' | 'devices' | 'delete';

/** The form failure, tagged with the section whose form was sent. */
const failed = (failure: ActionFailure<FormFailure>, section: Section) => fail(failure.status, { ...failure.data, section });

// Every action goes through the account procedures (same validation and limits as the tRPC API).
// Each answers with `section`, so the page shows the outcome next to the form that was sent.
export const actions = {
	profile: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, ProfileInput, (input) => serverCaller(event).account.updateProfile(input));
		return outcome.ok ? { section: 'profile' as Section, done: 'Đã lưu hồ sơ. Phiếu thu từ nay ghi tên trường và mã số thuế này.' } : failed(outcome.failure, 'profile');
	},
	password: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, ChangePasswordInput, (input) => serverCaller(event).account.changePassword(input));
		if (!outcome.ok) return failed(outcome.failure, 'password');
		const ended = outcome.value.endedSessions;
		return { section: 'password' as Section, done: ended > 0 ? `Đã đổi mật khẩu. ${ended} thiết bị khác đã bị đăng xuất.` : 'Đã đổi mật khẩu.' };
	},
	signOutElsewhere: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, z.object({}), () => serverCaller(event).account.signOutElsewhere());
		if (!outcome.ok) return failed(outcome.failure, 'devices');
		return { section: 'devices' as Section, done: outcome.value.ended > 0 ? `Đã đăng xuất ${outcome.value.ended} thiết bị khác.` : 'Không có thiết bị nào khác đang đăng nhập.' };
	},
	delete: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, DeleteAccountInput, (input) => serverCaller(event).account.delete(input));
		if (!outcome.ok) return failed(outcome.failure, 'delete');
		clearSessionCookie(event.cookies);
		redirect(303, paths.accountDeleted);
	}
} satisfies Actions;
