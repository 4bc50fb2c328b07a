import { redirect } from '@sveltejs/kit';
import type { Actions } from './$types';
import { signOut } from '$lib/server/auth/accounts';
import { clearSessionCookie } from '$lib/server/auth/session';

export const actions = {
	default: async ({ locals, cookies }) => {
		if (locals.session) await signOut(locals.session.id);
		clearSessionCookie(cookies);
		redirect(303, '/');
	}
} satisfies Actions;
