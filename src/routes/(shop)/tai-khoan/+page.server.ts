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
	const [profile, devices, mail] = await Promise.all([api.account.profile(), api.account.devices(), api.notifications.mailPreferences()]).catch(throwPageError);
	return { profile, devices, mail, isStaff: event.locals.session?.user.role === 'staff' };
};

type Section = 'profile' | 'password' | 'devices' | 'mail' | 'delete';

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
	/** Unchecked boxes are not sent: each group shown is on exactly when its box came back; staff mail is shown to staff only. */
	mail: async (event) => {
		const session = requireSignIn(event);
		const form = await event.request.formData();
		const on = (group: string) => form.get(group) === 'on';
		const api = serverCaller(event);
		const staff = session.user.role === 'staff' ? on('staff') : (await api.notifications.mailPreferences()).staff;
		await api.notifications.setMailPreferences({ studio: on('studio'), reports: on('reports'), staff });
		return { section: 'mail' as Section, done: 'Đã lưu lựa chọn nhận thư.' };
	},
	delete: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, DeleteAccountInput, (input) => serverCaller(event).account.delete(input));
		if (!outcome.ok) return failed(outcome.failure, 'delete');
		clearSessionCookie(event.cookies);
		redirect(303, paths.accountDeleted);
	}
} satisfies Actions;
