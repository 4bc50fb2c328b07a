/**
 * Public preview images and clips (issue #16 item 3): what a buyer sees before
 * paying, so no signature. Only the worker's outputs under `previews/` can be
 * named here (kinds.ts: a folder hash and a fixed output name), never a sold
 * file. Outputs are content-addressed, so they are cached as immutable.
 */
import { Readable } from 'node:stream';
import type { RequestHandler } from './$types';
import { log } from '$lib/server/platform/logger';
import { storage } from '$lib/server/platform/storage';
import { PREVIEW_CONTENT_TYPES, previewKeyFromPublicPath } from '$lib/server/previews/kinds';

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
	new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

export const GET: RequestHandler = async ({ params, request }) => {
	const key = previewKeyFromPublicPath(params.key);
	if (!key) return text(404, 'Không tìm thấy bản xem trước.');
	const opened = await Promise.all([storage().head(key), storage().read(key)]).catch((error: unknown) => {
		log.error('preview read failed', { key, error });
		return undefined;
	});
	if (!opened) return text(503, 'Kho tệp tạm thời không khả dụng, vui lòng thử lại sau.', { 'retry-after': '30' });
	const [object, stream] = opened;
	if (!object || !stream) {
		stream?.destroy();
		return text(404, 'Không tìm thấy bản xem trước.');
	}
	const ext = key.slice(key.lastIndexOf('.') + 1);
	const range = request.headers.get('range');
	if (range && ext !== 'webp') return partial(stream, object.size, range, PREVIEW_CONTENT_TYPES[ext] ?? object.contentType);
	return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
		status: 200,
		headers: {
			'content-type': PREVIEW_CONTENT_TYPES[ext] ?? object.contentType,
			'content-length': String(object.size),
			'cache-control': 'public, max-age=31536000, immutable',
			'x-content-type-options': 'nosniff',
			'cross-origin-resource-policy': 'cross-origin',
			...(ext === 'webp' ? {} : { 'accept-ranges': 'bytes' })
		}
	});
};

/** Clips are at most a few MB: one byte range is cut from the buffered object (Safari plays media only with ranges). */
const MAX_RANGED_BYTES = 64 * 1024 * 1024;

async function partial(stream: Readable, size: number, header: string, contentType: string): Promise<Response> {
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
	const start = match?.[1] ? Number(match[1]) : match?.[2] ? Math.max(0, size - Number(match[2])) : NaN;
	const end = match?.[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
	if (!match || !Number.isSafeInteger(start) || start > end || start >= size || size > MAX_RANGED_BYTES) {
		stream.destroy();
		return text(416, 'Khoảng byte không hợp lệ.', { 'content-range': `bytes */${size}` });
	}
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	const body = Buffer.concat(chunks).subarray(start, end + 1);
	return new Response(body, {
		status: 206,
		headers: {
			'content-type': contentType,
			'content-length': String(body.length),
			'content-range': `bytes ${start}-${end}/${size}`,
			'accept-ranges': 'bytes',
			'cache-control': 'public, max-age=31536000, immutable',
			'x-content-type-options': 'nosniff',
			'cross-origin-resource-policy': 'cross-origin'
		}
	});
}
