import { fail, redirect, type ActionFailure } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { AddEmailConfirmInput, AddEmailSendInput, ChangePasswordInput, DeleteAccountInput, ProfileInput } from '$lib/contracts/account';
import { isSafeRedirectPath, LinkProviderInput } from '$lib/contracts/auth';
import { verifyEmailActions } from '$lib/server/verify-email-actions';
import { socialProblem } from '$lib/server/auth/social/messages';
import { enabledProviders } from '$lib/server/auth/social/providers';
import { paths } from '$lib/paths';
import { clearSessionCookie } from '$lib/server/auth/session';
import { formAction, type FormFailure } from '$lib/server/forms';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

/** Why the verification link did not work (its GET redirects here with `xac-minh-loi` and `ly-do`). */
function verifyProblem(code: string | null, reason: string | null): string | null {
	if (!code) return null;
	if (code === 'forbidden' && reason === 'other_account')
		return 'Liên kết xác minh đó dành cho một tài khoản khác. Hãy đăng xuất rồi mở lại liên kết, và đăng nhập bằng tài khoản đã nhận email.';
	if (code === 'invalid_token' && reason === 'expired') return 'Liên kết xác minh đã hết hạn. Hãy bấm "Gửi lại mã xác minh" bên dưới.';
	if (code === 'invalid_token') return 'Liên kết xác minh đã được dùng hoặc đã được thay bằng liên kết mới hơn. Hãy dùng email gần nhất, hoặc gửi lại mã xác minh.';
	if (code === 'rate_limited') return 'Bạn đã thử quá nhiều lần. Vui lòng đợi ít phút rồi thử lại.';
	return 'Không thể xác minh email bằng liên kết lúc này. Hãy nhập mã xác minh bên dưới, hoặc thử lại sau ít phút.';
}

export const load: PageServerLoad = async (event) => {
	const session = requireSignIn(event);
	const api = serverCaller(event);
	const [profile, devices, linked, mail] = await Promise.all([
		api.account.profile(),
		api.account.devices(),
		api.auth.linkedProviders(),
		api.notifications.mailPreferences()
	]).catch(throwPageError);
	// Authors see where their payouts go (edited in the studio); nobody else has a payout account.
	const payoutDetails = event.locals.session?.user.role === 'author' ? await api.studio.payoutDetails().catch(() => null) : null;
	const providers = enabledProviders();
	const { searchParams } = event.url;
	const justLinked = providers.find((p) => p.id === searchParams.get('da-lien-ket') && linked.some((l) => l.provider === p.id));
	return {
		profile,
		payoutDetails,
		devices,
		mail,
		isStaff: event.locals.session?.user.role === 'staff',
		// Every enabled provider with whether it is linked; a linked one that was since switched off still shows, to be unlinked.
		providers: [
			...providers.map((p) => ({ ...p, linked: linked.find((l) => l.provider === p.id) ?? null })),
			...linked.filter((l) => !providers.some((p) => p.id === l.provider)).map((l) => ({ id: l.provider, label: l.provider, linked: l }))
		],
		emailVerified: session.user.emailVerified,
		verifiedByLink: searchParams.has('da-xac-minh') && session.user.emailVerified,
		verifyProblem: verifyProblem(searchParams.get('xac-minh-loi'), searchParams.get('ly-do')),
		// A sign-in by emailed code or link dropped a password nobody had proven (auth/accounts.ts): say why, and where they were going.
		passwordDropped: searchParams.has('mat-khau-da-go'),
		next: safeNext(searchParams.get('tiep')),
		providerNotice: socialProblem(searchParams.get('mxh-loi'), searchParams.get('ly-do')),
		providerLinked: justLinked && !searchParams.has('mxh-loi') ? `Đã liên kết ${justLinked.label}. Từ nay bạn có thể đăng nhập bằng ${justLinked.label}.` : null
	};
};

function safeNext(next: string | null): string | null {
	return next && isSafeRedirectPath(next) && next !== paths.account ? next : null;
}

type Section = 'email' | 'profile' | 'password' | 'devices' | 'providers' | 'mail' | 'delete';

/** The form failure, tagged with the section whose form was sent. */
const failed = (failure: ActionFailure<FormFailure>, section: Section) => fail(failure.status, { ...failure.data, section });

// Every action goes through the account procedures (same validation and limits as the tRPC API).
// Each answers with `section`, so the page shows the outcome next to the form that was sent.
export const actions = {
	...verifyEmailActions,
	/** An account without an address (Zalo sign-in): the code goes to the address typed, which the next form sends back with it. */
	addEmailSend: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, AddEmailSendInput, (input) => serverCaller(event).account.addEmailSend(input).then(() => input.email));
		if (!outcome.ok) return failed(outcome.failure, 'email');
		return { section: 'email' as Section, sentTo: outcome.value, done: `Đã gửi mã xác nhận gồm 6 chữ số đến ${outcome.value}. Mã có hiệu lực trong 10 phút.` };
	},
	addEmailConfirm: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, AddEmailConfirmInput, (input) => serverCaller(event).account.addEmailConfirm(input));
		if (!outcome.ok) {
			const failure = failed(outcome.failure, 'email');
			return fail(failure.status, { ...failure.data, sentTo: String(failure.data.values?.email ?? '') });
		}
		return { section: 'email' as Section, done: `Đã thêm email ${outcome.value.email}. Từ nay hoclieu gửi biên lai và thông báo đến địa chỉ này.` };
	},
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
	unlinkProvider: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, LinkProviderInput, (input) => serverCaller(event).auth.uiUnlinkProvider(input));
		if (!outcome.ok) return failed(outcome.failure, 'providers');
		return { section: 'providers' as Section, done: 'Đã huỷ liên kết.' };
	},
	/** Unchecked boxes are not sent: each group shown is on exactly when its box came back; staff mail is shown to staff only. */
	mail: async (event) => {
		const session = requireSignIn(event);
		const form = await event.request.formData();
		const on = (group: string) => form.get(group) === 'on';
		const api = serverCaller(event);
		const staff = session.user.role === 'staff' ? on('staff') : (await api.notifications.mailPreferences()).staff;
		await api.notifications.setMailPreferences({ studio: on('studio'), messages: on('messages'), reports: on('reports'), staff });
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
