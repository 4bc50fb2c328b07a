/**
 * The open event streams of this process and what reaches them (ADR 020).
 *
 * Each stream knows the last `seq` it wrote. A notification on `hoclieu_live`
 * carrying the next seq is written as it is (one encoding shared by all the
 * person's streams); anything else — a gap, an event too big for a NOTIFY
 * payload, a LISTEN connection that was down — is read from `live_events`
 * after the last seq written, so nothing is lost or repeated. Streams of a
 * session that ended close.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/rows';
import { log } from '../platform/logger';

export interface Stream {
	userId: string;
	sessionId: string;
	/** The last seq written (or the point the stream started from). */
	last: bigint;
	busy: boolean;
	dirty: boolean;
	closed: boolean;
	write(bytes: Uint8Array): void;
	close(): void;
}

const byUser = new Map<string, Set<Stream>>();
const bySession = new Map<string, Set<Stream>>();
const encoder = new TextEncoder();
const PAGE = 500;

function add<K>(map: Map<K, Set<Stream>>, key: K, s: Stream): void {
	let set = map.get(key);
	if (!set) map.set(key, (set = new Set()));
	set.add(s);
}

function remove<K>(map: Map<K, Set<Stream>>, key: K, s: Stream): void {
	const set = map.get(key);
	if (!set) return;
	set.delete(s);
	if (set.size === 0) map.delete(key);
}

export function register(s: Stream): void {
	add(byUser, s.userId, s);
	add(bySession, s.sessionId, s);
}

export function unregister(s: Stream): void {
	remove(byUser, s.userId, s);
	remove(bySession, s.sessionId, s);
}

/** How many streams this process holds open for one person. */
export function streamsOf(userId: string): number {
	return byUser.get(userId)?.size ?? 0;
}

export function openStreams(): number {
	let n = 0;
	for (const set of byUser.values()) n += set.size;
	return n;
}

export function eachStream(f: (s: Stream) => void): void {
	for (const set of byUser.values()) for (const s of [...set]) f(s);
}

/** One SSE event. `type` is a checked word and `dataJson` is JSON.stringify output: neither holds a newline. */
export function frame(seq: bigint | string, type: string, dataJson: string): Uint8Array {
	return encoder.encode(`id: ${seq}\nevent: ${type}\ndata: ${dataJson}\n\n`);
}

/** Writes what the person's log holds after `s.last`, until it is caught up; live events meanwhile only mark it dirty. */
export async function catchUp(s: Stream): Promise<void> {
	if (s.busy) {
		s.dirty = true;
		return;
	}
	s.busy = true;
	try {
		do {
			s.dirty = false;
			for (;;) {
				const rows = await queryRows<{ seq: string; type: string; data: string }>(
					sql`SELECT seq::text AS seq, type, data::text AS data FROM live_events
						WHERE user_id = ${s.userId} AND seq > ${s.last.toString()}::bigint ORDER BY seq LIMIT ${PAGE}`
				);
				for (const row of rows) {
					if (s.closed) return;
					s.last = BigInt(row.seq);
					s.write(frame(row.seq, row.type, row.data));
				}
				if (rows.length < PAGE) break;
			}
		} while (s.dirty && !s.closed);
	} catch (error) {
		// The client reconnects with Last-Event-ID and resumes from here on a healthy instance.
		log.warn('live stream closed: its events could not be read', { error });
		s.close();
	} finally {
		s.busy = false;
	}
}

interface EventPayload {
	u: string;
	s: string;
	t?: string;
	d?: unknown;
}

/** A notification on `hoclieu_live`: an event (`{u, s, t?, d?}`) or an ended session (`{end}`). */
export function heard(payload: string): void {
	let message: EventPayload | { end: string };
	try {
		message = JSON.parse(payload) as EventPayload | { end: string };
	} catch {
		return;
	}
	if ('end' in message) {
		for (const s of [...(bySession.get(message.end) ?? [])]) s.close();
		return;
	}
	const streams = byUser.get(message.u);
	if (!streams) return;
	const seq = BigInt(message.s);
	let bytes: Uint8Array | undefined;
	for (const s of [...streams]) {
		if (s.busy) s.dirty = true;
		else if (seq <= s.last) continue;
		else if (seq === s.last + 1n && message.t !== undefined && 'd' in message) {
			bytes ??= frame(seq, message.t, JSON.stringify(message.d));
			s.last = seq;
			s.write(bytes);
		} else void catchUp(s);
	}
}

/** LISTEN holds again after a loss: whatever was published meanwhile is in the log. */
export function catchUpAll(): void {
	eachStream((s) => void catchUp(s));
}
