/**
 * Serves FsStorage objects behind signed, expiring links (architecture D6).
 * A link whose key, expiry, name or signature was changed, or whose expiry has
 * passed, gets 403; with S3 configured this route does not exist (404).
 */
import { Readable } from 'node:stream';
import type { RequestHandler } from './$types';
import { fileServer } from '$lib/server/platform/storage';
import { attachmentDisposition } from '$lib/server/platform/storage/content-disposition';
import { errorBody, json } from '$lib/server/rest/envelope';
import type { ErrorCode } from '$lib/server/errors/app-error';
import { log } from '$lib/server/platform/logger';
import { methodNotAllowed } from '$lib/server/rest/auth-endpoint';

function fail(requestId: string, status: number, code: ErrorCode, message: string): Response {
	return json(errorBody({ status, code, message }, requestId), status);
}

export const GET: RequestHandler = async ({ params, url, locals }) => {
	const files = fileServer();
	if (!files) return fail(locals.requestId, 404, 'not_found', 'Không tìm thấy tệp.');
	const q = url.searchParams;
	const check = files.verifyLink(params.key, q.get('exp'), q.get('n'), q.get('sig'));
	if (check === 'expired') {
		return fail(locals.requestId, 403, 'forbidden', 'Liên kết tải xuống đã hết hạn. Vui lòng lấy liên kết mới.');
	}
	if (check === 'invalid') return fail(locals.requestId, 403, 'forbidden', 'Liên kết tải xuống không hợp lệ.');

	const opened = await files.open(params.key).catch((error: unknown) => {
		log.error('file read failed', { key: params.key, error });
		return undefined;
	});
	if (opened === undefined) {
		return fail(locals.requestId, 503, 'service_unavailable', 'Kho tệp tạm thời không khả dụng, vui lòng thử lại sau.');
	}
	if (opened === null) return fail(locals.requestId, 404, 'not_found', 'Không tìm thấy tệp.');

	return new Response(Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>, {
		status: 200,
		headers: {
			'content-type': opened.object.contentType,
			'content-length': String(opened.object.size),
			'content-disposition': attachmentDisposition(q.get('n')!),
			// A signed link is a short-lived capability; nothing in between should keep the bytes.
			'cache-control': 'private, no-store',
			'x-content-type-options': 'nosniff',
			'referrer-policy': 'no-referrer'
		}
	});
};

export const fallback = methodNotAllowed('GET', 'HEAD');
