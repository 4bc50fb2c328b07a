/**
 * Sessions, the Lucia pattern owned by us (docs/architecture.md#sessions).
 *
 * The cookie carries `<token>.<hmac>`; the database keeps only SHA-256(token),
 * so a leaked database cannot be replayed as cookies and a forged cookie fails
 * the HMAC before any query runs.
 */
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { Cookies } from '@sveltejs/kit';
import { eq, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { config } from '../config';
import { db, type DbOrTx } from '../db/client';
import { asDate, fixedQuery } from '../db/rows';
import { sessions, users, type UserRole } from '../db/schema';
import { now, nowMs } from '../platform/clock';
import { sign, verify } from '../platform/signing';
import { cachedSession, forgetSession, keepSession, sessionCacheGeneration, type StoredSession } from './session-cache';
import type { SessionUser } from './session-user';

export const SESSION_COOKIE = 'auth.session_data';
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** Sliding renewal: a session used with less than this left is extended to the full lifetime. */
const RENEW_WHEN_UNDER_MS = 15 * DAY_MS;
/** `lastSeenAt` is refreshed at most this often, so reads do not each cost a write. */
const LAST_SEEN_GRANULARITY_MS = 60 * 60 * 1000;

export type { SessionUser } from './session-user';

export interface SessionContext {
	id: string;
	expiresAt: Date;
	user: SessionUser;
}

export interface SessionMeta {
	userAgent?: string | null;
	ip?: string | null;
}

function hashToken(token: string): string {
	// Node's native SHA-256: the same hex as before, without a JavaScript hash on every signed-in request.
	return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
	userId: string,
	meta: SessionMeta,
	tx: DbOrTx = db()
): Promise<{ token: string; expiresAt: Date }> {
	const token = encodeBase32LowerCaseNoPadding(randomBytes(25)); // 200 bits
	const expiresAt = new Date(nowMs() + SESSION_LIFETIME_MS);
	await tx.insert(sessions).values({
		id: hashToken(token),
		userId,
		expiresAt,
		createdAt: now(),
		lastSeenAt: now(),
		userAgent: meta.userAgent?.slice(0, 512) ?? null,
		ip: meta.ip ?? null
	});
	return { token, expiresAt };
}

export type ValidationResult =
	| { session: SessionContext; renewedUntil: Date | null }
	| { session: null; renewedUntil: null };

interface SessionRow {
	expires_at: Date | string;
	last_seen_at: Date | string;
	disabled: boolean;
	user_id: string;
	email: string;
	name: string | null;
	role: UserRole;
	is_vip: boolean;
	vip_until: Date | string | null;
	email_verified: boolean;
}

/**
 * Every signed-in request runs this: one prepared statement of fixed text, only the columns used
 * (building drizzle's select of both whole tables cost about 0.9 ms of CPU per request), its text
 * built once (../db/rows.ts fixedQuery).
 */
const sessionRow = fixedQuery<SessionRow>(
	() => sql`
		SELECT s.expires_at, s.last_seen_at, u.disabled_at IS NOT NULL AS disabled, u.id::text AS user_id, u.email, u.name,
			u.role, u.is_vip, u.vip_until, u.email_verified_at IS NOT NULL AS email_verified
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.id = ${sql.placeholder('id')}`
);

export async function validateSessionToken(token: string): Promise<ValidationResult> {
	const id = hashToken(token);
	const since = sessionCacheGeneration();
	const cached = cachedSession(id);
	const found = cached ?? (await storedSession(id));
	if (!found) return { session: null, renewedUntil: null };
	const current = nowMs();
	// Disabling revokes sessions in the same transaction; this also covers a session created in a race with it.
	if (found.expiresAt.getTime() <= current || found.disabled) {
		forgetSession(id);
		await db().delete(sessions).where(eq(sessions.id, id));
		return { session: null, renewedUntil: null };
	}
	let expiresAt = found.expiresAt;
	let renewedUntil: Date | null = null;
	if (expiresAt.getTime() - current < RENEW_WHEN_UNDER_MS) {
		expiresAt = renewedUntil = new Date(current + SESSION_LIFETIME_MS);
		// The next request reads the renewed row (and may keep that one).
		forgetSession(id);
		await db().update(sessions).set({ expiresAt, lastSeenAt: now() }).where(eq(sessions.id, id));
	} else if (current - found.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS) {
		forgetSession(id);
		await db().update(sessions).set({ lastSeenAt: now() }).where(eq(sessions.id, id));
	} else if (!cached) keepSession(id, found, since);
	return { session: { id, expiresAt, user: found.user }, renewedUntil };
}

async function storedSession(id: string): Promise<StoredSession | undefined> {
	const [row] = await sessionRow({ id });
	if (!row) return undefined;
	return {
		expiresAt: asDate(row.expires_at),
		lastSeenAt: asDate(row.last_seen_at),
		disabled: row.disabled,
		user: {
			id: row.user_id,
			email: row.email,
			name: row.name,
			role: row.role,
			isVip: row.is_vip,
			vipUntil: row.vip_until === null ? null : asDate(row.vip_until),
			emailVerified: row.email_verified
		}
	};
}

export function toSessionUser(u: typeof users.$inferSelect): SessionUser {
	return {
		id: u.id,
		email: u.email,
		name: u.name,
		role: u.role,
		isVip: u.isVip,
		vipUntil: u.vipUntil,
		emailVerified: u.emailVerifiedAt !== null
	};
}

export async function invalidateSession(sessionId: string): Promise<void> {
	await db().delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(userId: string, tx: DbOrTx = db()): Promise<void> {
	await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Parses the cookie value; null when the signature does not match. */
export function tokenFromCookie(value: string | undefined): string | null {
	if (!value || value.length > 256) return null;
	return verify('session', value);
}

export function setSessionCookie(cookies: Cookies, token: string, expiresAt: Date): void {
	cookies.set(SESSION_COOKIE, sign('session', token), {
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: config().isProduction,
		expires: expiresAt,
		// Rounded, not floored: a cookie set for a fresh 30-day session says 2592000, not 2591999.
		maxAge: Math.max(0, Math.round((expiresAt.getTime() - nowMs()) / 1000))
	});
}

export function clearSessionCookie(cookies: Cookies): void {
	cookies.delete(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config().isProduction });
}

/** Resolves the request's session, renewing or clearing the cookie as needed. */
export async function sessionFromCookies(cookies: Cookies): Promise<SessionContext | null> {
	const raw = cookies.get(SESSION_COOKIE);
	if (raw === undefined) return null;
	const token = tokenFromCookie(raw);
	if (!token) {
		clearSessionCookie(cookies);
		return null;
	}
	const { session, renewedUntil } = await validateSessionToken(token);
	if (!session) {
		clearSessionCookie(cookies);
		return null;
	}
	if (renewedUntil) setSessionCookie(cookies, token, renewedUntil);
	return session;
}
