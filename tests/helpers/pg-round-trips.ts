/**
 * A TCP proxy between the server and PostgreSQL that counts round trips: the
 * messages after which a client waits for the server — Sync ('S', closing an
 * extended-protocol Parse/Bind/Describe/Execute batch), Flush ('H') and
 * simple Query ('Q'). postgres.js runs a statement it has prepared on that
 * connection in one round trip (Bind + Execute + Sync); a statement with
 * parameters it has not prepared costs two: Parse + Describe + Flush, wait for
 * the parameter types, then Bind + Execute + Sync. So the count shows both the
 * number of statements and whether they ran prepared. Parse messages are kept too (a
 * statement's name and text) to explain a count that went over its budget.
 *
 * It reads the frontend protocol only: the untyped startup packet (and an
 * SSL/GSS request, which the test servers never send but which is skipped
 * correctly), then typed messages `type(1) length(4) body`.
 *
 * A pool connection prepares each statement the first time it runs it there;
 * which connection a request gets is the pool's choice, so a statement other
 * connections already prepared may still cost that extra round trip on this
 * one. Such a round trip (the Flush after its Parse) is marked `warmup` and
 * not counted: the budgets are for a warm pool, and a statement that is never
 * prepared (unnamed, or parsed again on the same connection) always counts.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface RoundTripEvent {
	/**
	 * 'sync' | 'flush' | 'query' (simple protocol, with its text) are round trips; 'parse' (a statement's name and
	 * text) and 'bind' (the statement run, with its text when this proxy saw it prepared) are not.
	 */
	kind: 'sync' | 'flush' | 'query' | 'parse' | 'bind';
	name?: string;
	text?: string;
	/** A round trip that only prepared, on this connection, a statement another connection had prepared before. */
	warmup?: boolean;
}

export interface CountingProxy {
	port: number;
	/** Round trips (Sync + Flush + Query) since the last reset, but for warm-ups. */
	count(): number;
	/** What was sent since the last reset, in order. */
	events(): RoundTripEvent[];
	reset(): void;
	/** Waits until no message has arrived for `quietMs` (work the server does after answering, e.g. a receipt). */
	settle(quietMs?: number, timeoutMs?: number): Promise<void>;
	close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

function cstring(buf: Buffer, at: number): [string, number] {
	const end = buf.indexOf(0, at);
	return [buf.toString('utf8', at, end), end + 1];
}

/** Parses one connection's client → server stream incrementally. */
function frontendParser(onEvent: (e: RoundTripEvent) => void) {
	let pending: Buffer = Buffer.alloc(0);
	let startup = true;
	return (chunk: Buffer) => {
		pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
		for (;;) {
			if (startup) {
				if (pending.length < 8) return;
				const len = pending.readInt32BE(0);
				if (pending.length < len) return;
				const code = pending.readInt32BE(4);
				// An SSL/GSS request is followed by another untyped packet (the real startup message).
				if (!(len === 8 && (code === SSL_REQUEST || code === GSS_REQUEST))) startup = false;
				pending = pending.subarray(len);
				continue;
			}
			if (pending.length < 5) return;
			const type = String.fromCharCode(pending[0]!);
			const len = pending.readInt32BE(1);
			if (pending.length < 1 + len) return;
			const body = pending.subarray(5, 1 + len);
			if (type === 'S') onEvent({ kind: 'sync' });
			else if (type === 'H') onEvent({ kind: 'flush' });
			else if (type === 'Q') onEvent({ kind: 'query', text: cstring(body, 0)[0] });
			else if (type === 'P') {
				const [name, next] = cstring(body, 0);
				onEvent({ kind: 'parse', name, text: cstring(body, next)[0] });
			} else if (type === 'B') {
				const [, next] = cstring(body, 0);
				onEvent({ kind: 'bind', name: cstring(body, next)[0] });
			}
			pending = pending.subarray(1 + len);
		}
	};
}

export async function startCountingProxy(targetHost: string, targetPort: number): Promise<CountingProxy> {
	let events: RoundTripEvent[] = [];
	/** Prepared statements' texts by name, kept across resets (a statement is parsed once per connection). */
	const prepared = new Map<string, string>();
	/** Texts prepared as named statements on any connection. */
	const preparedTexts = new Set<string>();
	/** One connection's recorder: it knows what that connection prepared. */
	const recorder = () => {
		const own = new Set<string>();
		let warmingUp = false;
		return (e: RoundTripEvent) => {
			if (e.kind === 'parse' && e.name) {
				const text = e.text ?? '';
				prepared.set(e.name, text);
				warmingUp = !own.has(text) && preparedTexts.has(text);
				own.add(text);
				preparedTexts.add(text);
			}
			// Only a Flush is the extra round trip (Parse + Describe, for the parameter types); a statement
			// without parameters is parsed and run in one, which counts.
			const warmup = warmingUp && e.kind === 'flush';
			if (e.kind === 'sync' || e.kind === 'flush' || e.kind === 'query') warmingUp = false;
			events.push(warmup ? { ...e, warmup } : e.kind === 'bind' && e.name ? { ...e, text: prepared.get(e.name) } : e);
		};
	};
	let lastMessageAt = Date.now();
	const sockets = new Set<Socket>();
	const track = (s: Socket) => {
		sockets.add(s);
		s.on('close', () => sockets.delete(s));
		s.on('error', () => s.destroy());
	};
	const server: Server = createServer((client) => {
		track(client);
		client.pause();
		const upstream = connect(targetPort, targetHost, () => client.resume());
		track(upstream);
		const parse = frontendParser(recorder());
		client.on('data', (chunk) => {
			lastMessageAt = Date.now();
			parse(chunk);
			upstream.write(chunk);
		});
		upstream.on('data', (chunk) => client.write(chunk));
		client.on('close', () => upstream.destroy());
		upstream.on('close', () => client.destroy());
	});
	await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
	const port = (server.address() as { port: number }).port;
	const roundTrips = () => events.filter((e) => (e.kind === 'sync' || e.kind === 'flush' || e.kind === 'query') && !e.warmup).length;
	return {
		port,
		count: roundTrips,
		events: () => [...events],
		reset() {
			events = [];
		},
		async settle(quietMs = 300, timeoutMs = 5_000) {
			const deadline = Date.now() + timeoutMs;
			while (Date.now() - lastMessageAt < quietMs && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
		},
		close: () =>
			new Promise<void>((res) => {
				for (const s of sockets) s.destroy();
				server.close(() => res());
			})
	};
}

/** A readable trace for a failed budget: one line per round trip (warm-ups unnumbered), with the statements parsed before it. */
export function describeRoundTrips(events: RoundTripEvent[]): string {
	const lines: string[] = [];
	let counted = 0;
	let parsed: string[] = [];
	for (const e of events) {
		if (e.kind === 'parse') parsed.push(`parse ${e.name ? `[${e.name}] ` : ''}${(e.text ?? '').replace(/\s+/g, ' ').slice(0, 160)}`);
		else if (e.kind === 'bind') parsed.push(`run ${e.name ? `[${e.name}] ` : ''}${(e.text ?? '').replace(/\s+/g, ' ').slice(0, 160)}`);
		else {
			const what = e.kind === 'query' ? `Q ${(e.text ?? '').slice(0, 160)}` : `${e.kind === 'sync' ? 'S' : 'H'} ${parsed.join(' | ')}`;
			lines.push(`${e.warmup ? '-. (warm-up, not counted)' : `${++counted}.`} ${what}`);
			parsed = [];
		}
	}
	return lines.join('\n');
}
