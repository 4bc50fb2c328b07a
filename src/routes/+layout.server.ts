import type { LayoutServerLoad } from './$types';
import { toAuthUser } from '$lib/server/auth/accounts';

/** Who is signed in, for the header (hooks.server.ts resolved the session). */
export const load: LayoutServerLoad = ({ locals }) => ({
	user: locals.session ? toAuthUser(locals.session.user) : null
});
