/**
 * A JSON answer's Response (src/lib/server/rest/bytes-response.ts): its bytes are
 * handed over as they are until something reads the body, and from then on it
 * reads as any Response does, through SvelteKit's `body`, compression's stream,
 * tests' `json()` or a clone.
 */
import { describe, expect, it } from 'vitest';
import { BytesResponse, unreadBytes } from '../../src/lib/server/rest/bytes-response';
import { compressResponse } from '../../src/lib/server/http/compression';
import { json } from '../../src/lib/server/rest/envelope';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

function answer(value: unknown, status = 200): BytesResponse {
	return new BytesResponse(encode(value), { status, headers: new Headers({ 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r1' }) });
}

describe('BytesResponse', () => {
	it('hands its bytes over unread, with the status and headers it was given', () => {
		const response = answer({ data: { main: '100000', bonus: '0', total: '100000' } }, 201);
		expect(response).toBeInstanceOf(Response);
		expect(response.status).toBe(201);
		expect(response.headers.get('x-request-id')).toBe('r1');
		expect(response.bodyUsed).toBe(false);
		expect(new TextDecoder().decode(unreadBytes(response))).toBe('{"data":{"main":"100000","bonus":"0","total":"100000"}}');
	});

	it('reads as any Response: json(), then used, and no longer unread', async () => {
		const response = answer({ data: 'Giáo án Tiếng Việt lớp 3' });
		await expect(response.json()).resolves.toEqual({ data: 'Giáo án Tiếng Việt lớp 3' });
		expect(response.bodyUsed).toBe(true);
		expect(unreadBytes(response)).toBeUndefined();
		await expect(response.text()).rejects.toThrow(TypeError);
	});

	it('gives SvelteKit a body stream with the same bytes, and counts as read once the stream is read', async () => {
		const response = answer({ data: [1, 2, 3] });
		const stream = response.body;
		expect(stream).toBeInstanceOf(ReadableStream);
		expect(unreadBytes(response)).toBeUndefined();
		const copied = new Response(stream, response);
		await expect(copied.text()).resolves.toBe('{"data":[1,2,3]}');
		expect(response.bodyUsed).toBe(true);
	});

	it('clones into an unread answer of its own, and every read form agrees', async () => {
		const response = answer({ data: 'đ' });
		const clone = response.clone();
		expect(unreadBytes(clone)).toEqual(unreadBytes(response));
		expect(new Uint8Array(await clone.arrayBuffer())).toEqual(encode({ data: 'đ' }));
		await expect(response.bytes()).resolves.toEqual(encode({ data: 'đ' }));
		await expect(answer({ a: 1 }).blob().then((b) => b.text())).resolves.toBe('{"a":1}');
	});

	it('is what json() makes; anything else has no unread bytes', () => {
		expect(new Uint8Array(unreadBytes(json({ ok: true }, 200))!)).toEqual(encode({ ok: true }));
		expect(unreadBytes(new Response('{"ok":true}'))).toBeUndefined();
	});

	it('is left uncompressed below the threshold without its stream being made, and compressed above it', async () => {
		const request = new Request('http://127.0.0.1/api/v1/wallet/balance', { headers: { 'accept-encoding': 'gzip' } });
		const small = json({ data: 'x' }, 200);
		expect(await compressResponse(request, '/api/v1/wallet/balance', small)).toBe(small);
		expect(unreadBytes(small)).toBeDefined();
		const big = json({ data: 'Phiếu bài tập '.repeat(200) }, 200);
		const compressed = await compressResponse(request, '/api/v1/library', big);
		expect(compressed.headers.get('content-encoding')).toBe('gzip');
		const unzipped = await new Response(compressed.body!.pipeThrough(new DecompressionStream('gzip'))).json();
		expect(unzipped).toEqual({ data: 'Phiếu bài tập '.repeat(200) });
	});
});
