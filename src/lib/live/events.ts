/**
 * The browser's end of the live event stream (README "Live event stream"):
 * one `EventSource` on GET /api/v1/events per tab, shared by every component
 * that listens, opened with the first listener and closed with the last.
 *
 *     const stop = onLive('notification', (n) => …);   // in an $effect, return stop
 *
 * Types: `notification`, `message` (conversations), `resync` (reload what you
 * show), and `unread` — not from the server's stream but from the fallback:
 * while the stream is cut, the unread counts are polled (GET /api/v1/me/unread)
 * and handed out as `{ messages, notifications }` whenever they change. The browser itself reconnects
 * and resumes with Last-Event-ID; a stream the server refused (signed out,
 * an outage) is tried again after a pause.
 */
export type LiveHandler = (data: unknown) => void;

const STREAM_URL = '/api/v1/events';
/** The fallback poll: both of the header's counts. */
const POLL_URL = '/api/v1/me/unread';
const POLL_MS = 30_000;
const REOPEN_MS = 60_000;
/** Types the server sends; each gets one listener on the EventSource. */
const STREAM_TYPES = ['notification', 'message', 'resync'];

const handlers = new Map<string, Set<LiveHandler>>();
let source: EventSource | undefined;
let pollTimer: ReturnType<typeof setInterval> | undefined;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let lastUnread: string | undefined;

function emit(type: string, data: unknown): void {
	for (const h of handlers.get(type) ?? []) {
		try {
			h(data);
		} catch (error) {
			console.error('live event handler failed', error);
		}
	}
}

function listenerCount(): number {
	let n = 0;
	for (const set of handlers.values()) n += set.size;
	return n;
}

async function poll(): Promise<void> {
	try {
		const res = await fetch(POLL_URL, { headers: { accept: 'application/json' } });
		if (res.status === 401) return stop();
		if (!res.ok) return;
		const body = (await res.json()) as { data?: { messages?: number; notifications?: number } };
		const counts = body.data;
		if (typeof counts?.messages !== 'number' || typeof counts.notifications !== 'number') return;
		const key = `${counts.messages}/${counts.notifications}`;
		if (key !== lastUnread) {
			const first = lastUnread === undefined;
			lastUnread = key;
			// The first answer is what the page already shows.
			if (!first) emit('unread', { messages: counts.messages, notifications: counts.notifications });
		}
	} catch {
		// Offline: the next beat tries again.
	}
}

function startPolling(): void {
	if (pollTimer) return;
	void poll();
	pollTimer = setInterval(() => void poll(), POLL_MS);
}

function stopPolling(): void {
	clearInterval(pollTimer);
	pollTimer = undefined;
	lastUnread = undefined;
}

function open(): void {
	if (source || typeof EventSource === 'undefined') return;
	const s = new EventSource(STREAM_URL);
	source = s;
	for (const type of STREAM_TYPES) {
		s.addEventListener(type, (e) => {
			let data: unknown = null;
			try {
				data = JSON.parse((e as MessageEvent<string>).data);
			} catch {
				return;
			}
			emit(type, data);
		});
	}
	s.onopen = () => stopPolling();
	s.onerror = () => {
		// Cut: the browser retries by itself (CONNECTING); meanwhile, and when it gave up (CLOSED), poll.
		startPolling();
		if (s.readyState === EventSource.CLOSED) {
			source = undefined;
			clearTimeout(reopenTimer);
			reopenTimer = setTimeout(() => {
				reopenTimer = undefined;
				if (listenerCount() > 0) open();
			}, REOPEN_MS);
		}
	};
}

function stop(): void {
	source?.close();
	source = undefined;
	clearTimeout(reopenTimer);
	reopenTimer = undefined;
	stopPolling();
}

/** True while the stream is open: what it delivers needs no polling of its own. */
export function streaming(): boolean {
	return source !== undefined && source.readyState === EventSource.OPEN;
}

/** Calls `handler` with each live event of `type`; returns the function that stops it. */
export function onLive(type: string, handler: LiveHandler): () => void {
	let set = handlers.get(type);
	if (!set) handlers.set(type, (set = new Set()));
	set.add(handler);
	open();
	return () => {
		set.delete(handler);
		if (listenerCount() === 0) stop();
	};
}
