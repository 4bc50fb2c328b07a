/**
 * gzip/brotli for dynamic responses (issue 14, item 7). Static files under
 * /_app are compressed at build time instead (adapter-node `precompress`),
 * so this only costs CPU for what the server renders or serialises.
 */
import { Duplex } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { unreadBytes } from '../rest/bytes-response';

export type Encoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than its extra headers and CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

// Brotli's default (11) costs ~10× more CPU than 4 for a few percent smaller pages.
const BROTLI_QUALITY = 4;

const COMPRESSIBLE =
	/^(text\/(html|css|plain|markdown|javascript|xml|csv)|application\/(json|[a-z0-9.+-]+\+json|javascript|xml|[a-z0-9.+-]+\+xml)|image\/svg\+xml)\s*(;|$)/i;

/**
 * The encoding the client accepts that we prefer (br, then gzip), honouring
 * q-values: `gzip;q=0` refuses gzip, `*` covers codings it does not name.
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
	if (!acceptEncoding) return null;
	const q = new Map<string, number>();
	for (const part of acceptEncoding.split(',')) {
		const [name, ...params] = part.trim().toLowerCase().split(';');
		if (!name) continue;
		const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
		const value = qParam ? Number(qParam.slice(2)) : 1;
		q.set(name, Number.isFinite(value) ? value : 0);
	}
	const accepts = (coding: Encoding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
	if (accepts('br')) return 'br';
	if (accepts('gzip')) return 'gzip';
	return null;
}

function addVary(headers: Headers, field: string): void {
	const vary = headers.get('vary');
	if (!vary) headers.set('vary', field);
	else if (!vary.split(',').some((v) => v.trim().toLowerCase() === field.toLowerCase() || v.trim() === '*')) headers.set('vary', `${vary}, ${field}`);
}

function compressor(encoding: Encoding, sizeHint: number | undefined) {
	const stream =
		encoding === 'br'
			? createBrotliCompress({
					params: {
						[constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
						[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
						...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {})
					}
				})
			: createGzip({ level: 6 });
	return Duplex.toWeb(stream) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
}

/**
 * Reads up to `limit` bytes of a body of unknown length: the bytes read, and
 * the rest of the stream unless it ended first. Bodies are often small JSON
 * without a Content-Length, and only reading tells whether they are.
 */
async function readPrefix(body: ReadableStream<Uint8Array>, limit: number): Promise<{ head: Uint8Array[]; size: number; rest: boolean; reader: ReadableStreamDefaultReader<Uint8Array> }> {
	const reader = body.getReader();
	const head: Uint8Array[] = [];
	let size = 0;
	while (size < limit) {
		const { done, value } = await reader.read();
		if (done) return { head, size, rest: false, reader };
		head.push(value);
		size += value.byteLength;
	}
	return { head, size, rest: true, reader };
}

function rejoin(head: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array> | undefined): ReadableStream<Uint8Array> {
	let i = 0;
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (i < head.length) return controller.enqueue(head[i++]!);
			const next = reader ? await reader.read() : { done: true as const, value: undefined };
			if (next.done) controller.close();
			else controller.enqueue(next.value);
		},
		cancel(reason) {
			return reader?.cancel(reason);
		}
	});
}

/**
 * The response compressed for this request when that is worth it and safe,
 * otherwise the response itself. Never for HEAD, 204/206/304, range requests,
 * bodies that are already encoded, binary types, signed file downloads
 * (`/files/*`, which may be ranged media) or small bodies.
 */
export async function compressResponse(request: Request, pathname: string, response: Response): Promise<Response> {
	const type = response.headers.get('content-type') ?? '';
	if (!COMPRESSIBLE.test(type) || pathname.startsWith('/files/')) return response;
	// Whether or not this answer is compressed, another Accept-Encoding could change it.
	addVary(response.headers, 'Accept-Encoding');
	// Bytes in memory are measured as they are: reading `body` would make the stream they save (../rest/bytes-response.ts).
	const bytes = unreadBytes(response);
	if (request.method === 'HEAD' || (bytes ? bytes.byteLength === 0 : !response.body)) return response;
	if (response.status === 204 || response.status === 206 || response.status === 304) return response;
	if (request.headers.has('range') || response.headers.has('content-encoding')) return response;
	const encoding = negotiateEncoding(request.headers.get('accept-encoding'));
	if (!encoding) return response;
	const length = response.headers.get('content-length');
	let size = length === null ? bytes?.byteLength : Number(length);
	if (size !== undefined && size < MIN_COMPRESS_BYTES) return response;

	const stream = response.body;
	if (!stream) return response;
	let body: ReadableStream<Uint8Array> = stream;
	if (size === undefined) {
		const prefix = await readPrefix(stream, MIN_COMPRESS_BYTES);
		body = rejoin(prefix.head, prefix.rest ? prefix.reader : undefined);
		if (!prefix.rest) {
			size = prefix.size;
			if (size < MIN_COMPRESS_BYTES) return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
		}
	}

	const headers = new Headers(response.headers);
	headers.delete('content-length');
	headers.set('content-encoding', encoding);
	// A strong validator names exact bytes: the compressed bytes get their own strong tag
	// ("<tag>-gzip"), which rest/conditional-get.ts recognises in If-None-Match.
	const etag = headers.get('etag');
	if (etag && !etag.startsWith('W/') && etag.endsWith('"')) headers.set('etag', `${etag.slice(0, -1)}-${encoding}"`);
	return new Response(body.pipeThrough(compressor(encoding, size)), {
		status: response.status,
		statusText: response.statusText,
		headers
	});
}
