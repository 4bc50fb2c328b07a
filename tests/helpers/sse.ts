/**
 * A Server-Sent Events client for tests, reading the stream as a browser's
 * EventSource would (the WHATWG event stream format): events with their id,
 * type and data, comment lines (heartbeats) and the `retry:` advice, and
 * whether the server ended the stream.
 */
export interface SseEvent {
	id: string | undefined;
	event: string;
	data: string;
}

export interface SseClient {
	status: number;
	headers: Headers;
	events: SseEvent[];
	comments: string[];
	retry: number | undefined;
	/** Resolves when the server ends the stream (or the read fails). */
	ended: Promise<void>;
	isEnded(): boolean;
	/** Waits until `check` holds for what arrived so far; throws with what did arrive after `timeoutMs`. */
	waitFor(check: (c: SseClient) => boolean, timeoutMs?: number, what?: string): Promise<void>;
	close(): void;
	/** The body of a non-stream answer (an error envelope). */
	text?: string;
}

export async function openSse(base: string, path: string, headers: Record<string, string> = {}): Promise<SseClient> {
	const abort = new AbortController();
	const res = await fetch(base + path, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
	let ended = false;
	const waiters = new Set<() => void>();
	const wake = () => waiters.forEach((w) => w());
	const client: SseClient = {
		status: res.status,
		headers: res.headers,
		events: [],
		comments: [],
		retry: undefined,
		ended: Promise.resolve(),
		isEnded: () => ended,
		async waitFor(check, timeoutMs = 5_000, what = 'the expected events') {
			if (check(client)) return;
			await new Promise<void>((resolve, reject) => {
				const timer = setTimeout(() => {
					waiters.delete(test);
					reject(new Error(`SSE: no ${what} within ${timeoutMs} ms; got ${JSON.stringify({ status: client.status, text: client.text, events: client.events, comments: client.comments, ended })}`));
				}, timeoutMs);
				const test = () => {
					if (!check(client)) return;
					clearTimeout(timer);
					waiters.delete(test);
					resolve();
				};
				waiters.add(test);
			});
		},
		close: () => abort.abort()
	};
	if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
		client.text = await res.text();
		ended = true;
		return client;
	}
	client.ended = (async () => {
		const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
		let buffer = '';
		let current: { id?: string; event?: string; data: string[] } = { data: [] };
		try {
			for (;;) {
				const { value, done } = await reader.read();
				if (done) break;
				buffer += value;
				let nl: number;
				while ((nl = buffer.indexOf('\n')) >= 0) {
					const line = buffer.slice(0, nl).replace(/\r$/, '');
					buffer = buffer.slice(nl + 1);
					if (line === '') {
						if (current.data.length) client.events.push({ id: current.id, event: current.event ?? 'message', data: current.data.join('\n') });
						current = { data: [] };
					} else if (line.startsWith(':')) client.comments.push(line.slice(1).trim());
					else {
						const colon = line.indexOf(':');
						const field = colon < 0 ? line : line.slice(0, colon);
						const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
						if (field === 'id') current.id = value;
						else if (field === 'event') current.event = value;
						else if (field === 'data') current.data.push(value);
						else if (field === 'retry') client.retry = Number(value);
					}
				}
				wake();
			}
		} catch {
			// aborted by close(), or the connection broke
		} finally {
			ended = true;
			wake();
		}
	})();
	return client;
}
