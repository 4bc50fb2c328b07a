/**
 * The session cache (ADR 025, src/lib/server/auth/session-cache.ts): a session
 * read from the database is kept only while the process hears every change,
 * only if nothing was dropped while it was being read, for at most
 * SESSION_CACHE_MS, and a notification of its end or of its account's change
 * drops it. Across instances on PostgreSQL: tests/integration/front.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	cachedSession,
	forgetAllSessions,
	keepSession,
	sessionCacheGeneration,
	sessionCacheHeard,
	setSessionCacheListening,
	type StoredSession
} from '../../src/lib/server/auth/session-cache';
import { config } from '../../src/lib/server/config';

function stored(userId: string): StoredSession {
	const at = new Date('2026-11-29T00:00:00Z');
	return {
		expiresAt: new Date(at.getTime() + 86_400_000),
		lastSeenAt: at,
		disabled: false,
		user: { id: userId, email: `${userId}@example.com`, name: 'Cô Lan', role: 'customer', isVip: false, vipUntil: null, emailVerified: true }
	};
}

/** Kept as a request would: the generation taken before its read. */
function read(id: string, session: StoredSession): void {
	keepSession(id, session, sessionCacheGeneration());
}

describe('session cache', () => {
	beforeEach(() => {
		vi.useFakeTimers({ toFake: ['performance'] });
		setSessionCacheListening(true);
	});
	afterEach(() => {
		setSessionCacheListening(false);
		vi.useRealTimers();
	});

	it('answers a kept session until SESSION_CACHE_MS has passed, then reads again', () => {
		const bound = config().sessionCacheMs;
		expect(bound).toBe(5_000);
		const session = stored('u1');
		read('s1', session);
		expect(cachedSession('s1')).toBe(session);
		vi.advanceTimersByTime(bound - 1);
		expect(cachedSession('s1')).toBe(session);
		vi.advanceTimersByTime(1);
		expect(cachedSession('s1')).toBeUndefined();
	});

	it('keeps nothing while the listener is down, and starts empty when it is up again', () => {
		read('s1', stored('u1'));
		setSessionCacheListening(false);
		expect(cachedSession('s1')).toBeUndefined();
		read('s2', stored('u2'));
		expect(cachedSession('s2')).toBeUndefined();
		setSessionCacheListening(true);
		expect(cachedSession('s2')).toBeUndefined();
		read('s2', stored('u2'));
		expect(cachedSession('s2')?.user.id).toBe('u2');
	});

	it('does not keep a read that a forget overtook: the row it holds may be the one just changed', () => {
		const since = sessionCacheGeneration();
		sessionCacheHeard(JSON.stringify({ user: 'u1' }));
		keepSession('s1', stored('u1'), since);
		expect(cachedSession('s1')).toBeUndefined();
		// Any forget counts, whoever it named: a later read is kept.
		const later = sessionCacheGeneration();
		keepSession('s1', stored('u1'), later);
		expect(cachedSession('s1')).toBeDefined();
	});

	it('drops a session that ended, every session of an account that changed, and everything on a local write', () => {
		read('a1', stored('ua'));
		read('a2', stored('ua'));
		read('b1', stored('ub'));
		read('c1', stored('uc'));
		sessionCacheHeard(JSON.stringify({ end: 'b1' }));
		expect(cachedSession('b1')).toBeUndefined();
		expect(cachedSession('a1')).toBeDefined();
		sessionCacheHeard(JSON.stringify({ user: 'ua' }));
		expect(cachedSession('a1')).toBeUndefined();
		expect(cachedSession('a2')).toBeUndefined();
		expect(cachedSession('c1')?.user.id).toBe('uc');
		// A live event for a person's streams ({u, s, t, d}) and a payload that is not JSON change nothing.
		sessionCacheHeard(JSON.stringify({ u: 'uc', s: '7', t: 'notification', d: {} }));
		sessionCacheHeard('not json');
		expect(cachedSession('c1')?.user.id).toBe('uc');
		forgetAllSessions();
		expect(cachedSession('c1')).toBeUndefined();
	});

	it('holds at most 20 000 sessions, dropping the oldest first', () => {
		for (let i = 0; i <= 20_000; i++) read(`s${i}`, stored(`u${i}`));
		expect(cachedSession('s0')).toBeUndefined();
		expect(cachedSession('s1')?.user.id).toBe('u1');
		expect(cachedSession('s20000')?.user.id).toBe('u20000');
		// The one dropped for room is no longer its account's either: a change to it finds nothing to drop.
		sessionCacheHeard(JSON.stringify({ user: 'u0' }));
		expect(cachedSession('s1')?.user.id).toBe('u1');
	});
});
