/**
 * A raw HTTP client for the fuzzer. `fetch` normalises what the fuzzer wants
 * to send as-is (dot segments in paths, duplicated headers, bodies with a
 * wrong content type or no Content-Length), so requests go through node:http
 * with the exact path bytes and header list given.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface RawRequest {
	method: string;
	/** Sent verbatim: the caller percent-encodes whatever must be encoded. */
	path: string;
	headers?: OutgoingHttpHeaders;
	body?: Buffer;
	/** false = send the body chunked, without Content-Length. */
	contentLength?: boolean;
	/** Defaults to a shared keep-alive agent. */
	agent?: Agent;
}

export interface RawResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
	/** The parsed body, `undefined` when it is empty or not JSON. */
	json: unknown;
	ms: number;
}

export class HttpTimeout extends Error {
	override name = 'HttpTimeout';
}

const sharedAgent = new Agent({ keepAlive: true, maxSockets: 8 });

/** Fuzzed headers may ask for compression: read the body as a client that asked would. */
function decoded(body: Buffer, headers: IncomingHttpHeaders): Buffer {
	const encoding = headers['content-encoding'];
	if (body.byteLength === 0 || !encoding) return body;
	if (encoding === 'br') return brotliDecompressSync(body);
	if (encoding === 'gzip') return gunzipSync(body);
	if (encoding === 'deflate') return inflateSync(body);
	throw new Error(`unexpected content-encoding ${encoding}`);
}

/**
 * Sends one request; resolves with the response even when the server stops reading an oversized body early.
 * A kept-alive socket the server closed as idle just as this request went out is reset before the server
 * read a byte: Node's documented answer (http.ClientRequest `reusedSocket`) is to send it again, once, on a
 * new connection. Any other reset, and a reset of a fresh connection, is the server's and fails the case.
 */
export async function rawRequest(base: string, req: RawRequest, timeoutMs = 20_000): Promise<RawResponse> {
	try {
		return await sendOnce(base, req, timeoutMs);
	} catch (error) {
		if (!(error instanceof StaleSocket)) throw error;
		return sendOnce(base, req, timeoutMs);
	}
}

class StaleSocket extends Error {}

function sendOnce(base: string, req: RawRequest, timeoutMs: number): Promise<RawResponse> {
	const url = new URL(base);
	const started = performance.now();
	return new Promise((resolve, reject) => {
		const headers: OutgoingHttpHeaders = { ...req.headers };
		if (req.body && req.contentLength !== false) headers['content-length'] = String(req.body.byteLength);
		// node:http chunks bodies by default only for methods that usually carry one; a DELETE body
		// would otherwise go unframed and its bytes be read as the next request.
		else if (req.body && !Object.keys(headers).some((h) => h.toLowerCase() === 'transfer-encoding')) headers['transfer-encoding'] = 'chunked';
		const r = httpRequest({
			host: url.hostname,
			port: url.port,
			method: req.method,
			path: req.path,
			headers,
			agent: req.agent ?? sharedAgent
		});
		let answered = false;
		const timer = setTimeout(() => {
			r.destroy(new HttpTimeout(`no answer within ${timeoutMs} ms`));
		}, timeoutMs);
		r.on('response', (res) => {
			answered = true;
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('error', (e) => {
				clearTimeout(timer);
				reject(e);
			});
			res.on('end', () => {
				clearTimeout(timer);
				let text: string;
				try {
					text = decoded(Buffer.concat(chunks), res.headers).toString('utf8');
				} catch (error) {
					reject(new Error(`body does not decode as its content-encoding ${res.headers['content-encoding']}: ${String(error)}`));
					return;
				}
				let json: unknown = undefined;
				try {
					json = text ? JSON.parse(text) : undefined;
				} catch {
					json = undefined;
				}
				resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, ms: performance.now() - started });
			});
		});
		r.on('error', (e) => {
			// A server that answers 413 and closes before the whole body was written is fine.
			if (answered) return;
			clearTimeout(timer);
			reject(r.reusedSocket && (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? new StaleSocket(e.message) : e);
		});
		if (req.body) {
			if (req.contentLength === false) {
				// Two writes force chunked transfer encoding.
				const half = Math.floor(req.body.byteLength / 2);
				r.write(req.body.subarray(0, half));
				r.write(req.body.subarray(half));
			} else {
				r.write(req.body);
			}
		}
		r.end();
	});
}

export function header(res: RawResponse, name: string): string | undefined {
	const v = res.headers[name.toLowerCase()];
	return Array.isArray(v) ? v.join(', ') : v;
}
