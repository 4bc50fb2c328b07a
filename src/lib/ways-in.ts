/**
 * The ways into the two other sides of hoclieu, by role: a customer (or a visitor) is invited to
 * sell, an author finds the studio, staff find the studio and the console. The footer and the
 * account page show the same links; the role comes from the server's session, and the studio and
 * console pages check it again themselves (their guards), so a link is only a signpost.
 */
import type { AuthUser } from './contracts/auth';
import { paths } from './paths';
import { studioPaths } from './studio-paths';

export interface WayIn {
	href: string;
	label: string;
}

const SELL: WayIn = { href: studioPaths.apply, label: 'Bán học liệu trên hoclieu' };
const STUDIO: WayIn = { href: studioPaths.studio, label: 'Studio tác giả' };
const CONSOLE: WayIn = { href: paths.admin, label: 'Quản trị' };

/** The links for this role; `null` = signed out (the apply page asks them to sign in first). */
export function waysIn(role: AuthUser['role'] | null): WayIn[] {
	if (role === 'staff') return [STUDIO, CONSOLE];
	if (role === 'author') return [STUDIO];
	return [SELL];
}
