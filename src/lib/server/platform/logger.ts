/**
 * A small structured logger (one JSON line per event). Secrets never reach it:
 * fields whose names look sensitive are replaced before writing, and tests
 * capture the sink to prove it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { config } from '../config';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

const SENSITIVE = /pass(word)?|secret|token|otp|code|cookie|authorization|signature|sig$/i;

export type LogSink = (line: string) => void;

/**
 * Lines wait for the end of the event loop's turn, or for the next response
 * to leave, and go out in one write.
 * A write to stdout is a system call, synchronous for pipes and files, and
 * under load it was a line's biggest cost: a paid wallet order logs two
 * (its receipt), and those writes were 6 % of the server's CPU in the
 * checkout benchmark (docs/performance.md). On exit, including an uncaught
 * exception's, what is queued is written first; only a process killed
 * outright (SIGKILL) loses the lines of its last turn.
 */
let queued = '';
let queuedBytes = 0;
let waiting = false;

/**
 * Workers share one stdout; the kernel keeps a pipe write whole only up to
 * PIPE_BUF (4 KiB on Linux), so no write is larger unless one line is.
 */
const WHOLE_WRITE_BYTES = 4096;

/**
 * Writes what is queued now. Called as each response leaves (finish-response.ts), so the lines
 * a request wrote reach stdout before its answer reaches the client, as they did when every line
 * was written at once; what is logged after the answer (a receipt's mail) still waits.
 */
export function writeQueuedLogLines(): void {
	if (!queued) return;
	const chunk = queued;
	queued = '';
	queuedBytes = 0;
	process.stdout.write(chunk);
}

function endOfTurn(): void {
	waiting = false;
	process.off('exit', endOfTurn);
	writeQueuedLogLines();
}

let sink: LogSink = (line) => {
	const text = line + '\n';
	const bytes = Buffer.byteLength(text);
	if (queuedBytes + bytes > WHOLE_WRITE_BYTES) writeQueuedLogLines();
	queued += text;
	queuedBytes += bytes;
	// Listening only while lines wait: a process that loads this module many times (a test runner) collects no listeners.
	if (!waiting) {
		waiting = true;
		setImmediate(endOfTurn);
		process.on('exit', endOfTurn);
	}
};

/** Tests replace the sink to inspect what would have been written; it returns the sink it replaced, to put back. */
export function setLogSink(next: LogSink): LogSink {
	const replaced = sink;
	sink = next;
	return replaced;
}

export function redact(value: unknown, depth = 0): unknown {
	if (depth > 5 || value === null || typeof value !== 'object') return value;
	if (value instanceof Error) {
		// Drivers wrap the database's own error (code, message) in `cause`; without it a failure cannot be diagnosed.
		const { cause, code } = value as { cause?: unknown; code?: unknown };
		return {
			name: value.name,
			message: value.message,
			...(typeof code === 'string' ? { code } : {}),
			...(cause === undefined ? {} : { cause: redact(cause, depth + 1) })
		};
	}
	if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
	return Object.fromEntries(
		Object.entries(value).map(([k, v]) => [k, SENSITIVE.test(k) ? '[redacted]' : redact(v, depth + 1)])
	);
}

/** What every line written while serving one request carries (hooks.server.ts sets it). */
export interface RequestContext {
	requestId: string;
}

const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` so that every log line it writes, however deep, names this request. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
	return requestContext.run(context, fn);
}

/** Runs `fn` as work of its own, not of the request that started it (a background build's log lines name no request). */
export function outsideRequestContext<T>(fn: () => T): T {
	return requestContext.exit(fn);
}

function write(level: Level, msg: string, fields?: Record<string, unknown>): void {
	if (order[level] < order[config().logLevel]) return;
	const requestId = requestContext.getStore()?.requestId;
	sink(JSON.stringify({ time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...(redact(fields ?? {}) as object) }));
}

export const log = {
	debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
	info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
	warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
	error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields)
};
