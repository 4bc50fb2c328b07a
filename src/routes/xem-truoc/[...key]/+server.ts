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

export const GET: RequestHandler = async ({ params }) => {
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
	return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
		status: 200,
		headers: {
			'content-type': PREVIEW_CONTENT_TYPES[ext] ?? object.contentType,
			'content-length': String(object.size),
			'cache-control': 'public, max-age=31536000, immutable',
			'x-content-type-options': 'nosniff',
			'cross-origin-resource-policy': 'cross-origin'
		}
	});
};
