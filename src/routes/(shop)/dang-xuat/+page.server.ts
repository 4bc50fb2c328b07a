import { redirect } from '@sveltejs/kit';
import type { Actions } from './$types';
import { serverCaller } from '$lib/server/trpc/server-caller';

export const actions = {
	// POST /api/auth/sign-out's procedure: ends the session (if any) and clears the cookie.
	default: async (event) => {
		await serverCaller(event).auth.signOut();
		redirect(303, '/');
	}
} satisfies Actions;
