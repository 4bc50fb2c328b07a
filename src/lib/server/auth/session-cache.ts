/**
 * Sessions this process read in the last few seconds (ADR 025): a signed-in
 * request answered from here skips the one statement every signed-in request
 * otherwise runs before its own (./session.ts), about a quarter of a wallet
 * read's CPU (docs/performance.md, ADR 025).
 *
 * What may change a cached session is heard, on every instance, when it
 * commits: a session's end (sign-out, revoked device, password change,
 * disabled or deleted account, expiry sweep) and a change to any account field
 * a session carries (migrations 0040 and 0049 notify `hoclieu_live`; the live
 * events' listener passes them here, ../events/setup.ts). While that listener
 * is not listening nothing is cached, and when it listens again the cache
 * starts empty, since a notification may have been missed. Every write this
 * process answers empties it before its answer leaves (../http/write-side.ts),
 * so whatever a request here changed is read by the next one at once, before
 * the notification arrives. `SESSION_CACHE_MS` bounds how long an entry is used
 * at all.
 */
import { config } from '../config';
import type { SessionUser } from './session-user';

/** What a request needs of a stored session. */
export interface StoredSession {
	expiresAt: Date;
	lastSeenAt: Date;
	disabled: boolean;
	user: SessionUser;
}

interface Entry {
	session: StoredSession;
	/** performance.now() when it was read: the bound is real time, whatever the service clock says. */
	readAt: number;
}

/** Enough for every session active within the bound on a busy instance; the oldest go first. */
const MAX_ENTRIES = 20_000;

const entries = new Map<string, Entry>();
const byUser = new Map<string, Set<string>>();
let listening = false;
/** Counts forgets: a read that started before one is not kept (it may hold what was just dropped). */
let generation = 0;

const boundMs = () => config().sessionCacheMs;

/** The session with this id, if it was read within the bound and nothing has dropped it since. */
export function cachedSession(id: string): StoredSession | undefined {
	const entry = entries.get(id);
	if (!entry) return undefined;
	if (performance.now() - entry.readAt < boundMs()) return entry.session;
	drop(id, entry.session.user.id);
	return undefined;
}

/** Taken before reading a session from the database, and given back to `keepSession`. */
export function sessionCacheGeneration(): number {
	return generation;
}

/** Keeps a session read from the database since `since` (a `sessionCacheGeneration()`), unless a forget came in between. */
export function keepSession(id: string, session: StoredSession, since: number): void {
	if (!listening || since !== generation || boundMs() === 0) return;
	if (entries.size >= MAX_ENTRIES) {
		const [oldestId, oldest] = entries.entries().next().value!;
		drop(oldestId, oldest.session.user.id);
	}
	entries.set(id, { session, readAt: performance.now() });
	let ids = byUser.get(session.user.id);
	if (!ids) byUser.set(session.user.id, (ids = new Set()));
	ids.add(id);
}

function drop(id: string, userId: string): void {
	entries.delete(id);
	const ids = byUser.get(userId);
	ids?.delete(id);
	if (ids?.size === 0) byUser.delete(userId);
}

export function forgetSession(id: string): void {
	generation++;
	const entry = entries.get(id);
	if (entry) drop(id, entry.session.user.id);
}

export function forgetSessionsOf(userId: string): void {
	generation++;
	for (const id of byUser.get(userId) ?? []) entries.delete(id);
	byUser.delete(userId);
}

export function forgetAllSessions(): void {
	generation++;
	entries.clear();
	byUser.clear();
}

/** The listener's state (../db/listen.ts): cached only while every change is heard; empty whenever that changes. */
export function setSessionCacheListening(on: boolean): void {
	listening = on;
	forgetAllSessions();
}

/** A notification on `hoclieu_live`: a session that ended (`{end}`) or an account whose session fields changed (`{user}`). */
export function sessionCacheHeard(payload: string): void {
	let message: { end?: unknown; user?: unknown };
	try {
		message = JSON.parse(payload) as typeof message;
	} catch {
		return;
	}
	if (typeof message.end === 'string') forgetSession(message.end);
	else if (typeof message.user === 'string') forgetSessionsOf(message.user);
}
