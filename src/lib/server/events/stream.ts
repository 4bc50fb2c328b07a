/**
 * GET /api/v1/events: one person's live events as Server-Sent Events
 * (README "Live event stream", ADR 020). The response starts with the
 * `retry:` advice; then, resuming after `Last-Event-ID`, whatever the person's
 * log holds after it, then each event as it commits; a comment line every
 * LIVE_HEARTBEAT_MS. It ends when the session ends (sign-out, revocation, a
 * disabled account, expiry), when the client is too slow to keep up, and when
 * the server shuts down.
 */
import { sql } from 'drizzle-orm';
import { config } from '../config';
import { queryRows } from '../db/rows';
import { nowMs } from '../platform/clock';
import { log } from '../platform/logger';
import { catchUp, eachStream, frame, register, unregister, type Stream } from './hub';

export interface StreamOwner {
	sessionId: string;
	userId: string;
	expiresAt: Date;
}

const encoder = new TextEncoder();
const PING = encoder.encode(': ping\n\n');
const READY = encoder.encode(': ready\n\n');
/** Chunks queued for a client that does not read: past this it is dropped and resumes when it can. */
const MAX_QUEUED = 1_000;
/** setTimeout's ceiling; a session expiring later is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

let heartbeat: NodeJS.Timeout | undefined;
let shutdownHooked = false;

function startHeartbeat(): void {
	if (heartbeat) return;
	heartbeat = setInterval(() => eachStream((s) => s.write(PING)), config().live.heartbeatMs);
	heartbeat.unref();
}

/**
 * adapter-node's graceful shutdown waits for open connections to end, and a
 * stream never does: close them all on the same signals so the process ends
 * now and the clients reconnect (with Last-Event-ID) to another instance.
 */
function hookShutdown(): void {
	if (shutdownHooked || process.listenerCount('SIGTERM') === 0) return;
	shutdownHooked = true;
	const closeAll = () => eachStream((s) => s.close());
	process.once('SIGTERM', closeAll);
	process.once('SIGINT', closeAll);
}

/** Where a stream starts: after `lastEventId`, or after the newest event when it is new. */
async function startingPoint(userId: string, lastEventId: bigint | undefined): Promise<{ last: bigint; resync: boolean }> {
	const [row] = await queryRows<{ newest: string | null; oldest: string | null }>(
		sql`SELECT (SELECT seq::text FROM live_event_counters WHERE user_id = ${userId}) AS newest,
			(SELECT min(seq)::text FROM live_events WHERE user_id = ${userId}) AS oldest`
	);
	const newest = BigInt(row?.newest ?? '0');
	if (lastEventId === undefined || lastEventId > newest) return { last: newest, resync: false };
	const oldest = row?.oldest ? BigInt(row.oldest) : newest + 1n;
	// Events after lastEventId were pruned (LIVE_RETENTION_HOURS): the client must reload what it shows.
	if (lastEventId + 1n < oldest) return { last: oldest - 1n, resync: true };
	return { last: lastEventId, resync: false };
}

export function openEventStream(owner: StreamOwner, lastEventId: bigint | undefined): Response {
	const cfg = config().live;
	let stream: Stream | undefined;
	let expiry: NodeJS.Timeout | undefined;
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			const s: Stream = {
				userId: owner.userId,
				sessionId: owner.sessionId,
				last: 0n,
				busy: true,
				dirty: false,
				closed: false,
				write(bytes) {
					if (s.closed) return;
					if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return s.close();
					controller.enqueue(bytes);
				},
				close() {
					if (s.closed) return;
					s.closed = true;
					unregister(s);
					clearTimeout(expiry);
					try {
						controller.close();
					} catch {
						// already closed by the client going away
					}
				}
			};
			stream = s;
			controller.enqueue(encoder.encode(`retry: ${cfg.retryMs}\n\n`));
			// Registered before the starting point is read: whatever commits from here is either read or heard.
			register(s);
			startHeartbeat();
			hookShutdown();
			const untilExpiry = Math.min(owner.expiresAt.getTime() - nowMs(), MAX_TIMER_MS);
			expiry = setTimeout(() => s.close(), Math.max(untilExpiry, 0));
			expiry.unref();
			startingPoint(owner.userId, lastEventId)
				.then(({ last, resync }) => {
					s.last = last;
					// From here on nothing published is missed: say so (clients and tests may wait for it).
					s.write(READY);
					if (resync) s.write(frame(last, 'resync', '{}'));
					s.busy = false;
					return catchUp(s);
				})
				.catch((error: unknown) => {
					log.warn('live stream closed: its starting point could not be read', { error });
					s.close();
				});
		},
		cancel() {
			// The client went away.
			if (stream && !stream.closed) {
				stream.closed = true;
				unregister(stream);
				clearTimeout(expiry);
			}
		}
	});
	return new Response(body, {
		status: 200,
		headers: {
			'content-type': 'text/event-stream; charset=utf-8',
			'cache-control': 'no-store',
			// nginx and similar proxies would otherwise hold events back in a buffer.
			'x-accel-buffering': 'no'
		}
	});
}
