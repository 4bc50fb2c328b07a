/**
 * The account as a session carries it: what ./session.ts reads with the session and
 * ./session-cache.ts keeps, in a file of its own so neither imports the other for it.
 */
import type { UserRole } from '../db/schema';

export interface SessionUser {
	id: string;
	email: string;
	name: string | null;
	role: UserRole;
	isVip: boolean;
	vipUntil: Date | null;
	emailVerified: boolean;
}
