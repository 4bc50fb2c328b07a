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
let sink: LogSink = (line) => process.stdout.write(line + '\n');

/** Tests replace the sink to inspect what would have been written. */
export function setLogSink(next: LogSink): void {
	sink = next;
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
