import type { LayoutServerLoad } from './$types';
import { requireStaff } from '$lib/server/page-guards';

export const load: LayoutServerLoad = (event) => {
	const session = requireStaff(event);
	return { staffEmail: session.user.email };
};
