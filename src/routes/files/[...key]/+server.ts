/**
 * Serves FsStorage objects behind signed, expiring links (docs/architecture.md#files).
 * A link whose key, expiry, name or signature was changed, or whose expiry has
 * passed, gets 403; with S3 configured this route does not exist (404).
 */
import { Readable } from 'node:stream';
import type { RequestHandler } from './$types';
import { fileServer } from '$lib/server/platform/storage';
import { attachmentDisposition } from '$lib/server/platform/storage/content-disposition';
import { codeResponse } from '$lib/server/rest/envelope';
import type { ErrorCode } from '$lib/server/errors/app-error';
import { log } from '$lib/server/platform/logger';
import { methodNotAllowed } from '$lib/server/rest/envelope';

function fail(requestId: string, code: ErrorCode, message: string): Response {
	return codeResponse(code, message, requestId);
}

export const GET: RequestHandler = async ({ params, url, locals }) => {
	const files = fileServer();
	if (!files) return fail(locals.requestId, 'not_found', 'Không tìm thấy tệp.');
	const q = url.searchParams;
	const check = files.verifyLink(params.key, q.get('exp'), q.get('n'), q.get('sig'));
	if (check === 'expired') {
		return fail(locals.requestId, 'forbidden', 'Liên kết tải xuống đã hết hạn. Vui lòng lấy liên kết mới.');
	}
	if (check === 'invalid') return fail(locals.requestId, 'forbidden', 'Liên kết tải xuống không hợp lệ.');

	const opened = await files.open(params.key).catch((error: unknown) => {
		log.error('file read failed', { key: params.key, error });
		return undefined;
	});
	if (opened === undefined) {
		return fail(locals.requestId, 'service_unavailable', 'Kho tệp tạm thời không khả dụng, vui lòng thử lại sau.');
	}
	if (opened === null) return fail(locals.requestId, 'not_found', 'Không tìm thấy tệp.');

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

/**
 * An upload slot's PUT, or one part of a multipart slot (FsStorage only; S3
 * slots PUT to S3 directly). The body streams to a temporary file and is cut
 * off as soon as it exceeds the signed size, so a slot can never hold more
 * than was declared; a part must be exactly its size, and answers its ETag.
 */
export const PUT: RequestHandler = async ({ params, url, request, locals }) => {
	const files = fileServer();
	if (!files) return fail(locals.requestId, 'not_found', 'Không tìm thấy tệp.');
	const check = files.verifyPutLink(params.key, url.searchParams);
	if (check.status === 'expired') return fail(locals.requestId, 'forbidden', 'Liên kết tải lên đã hết hạn. Vui lòng tạo lượt tải lên mới.');
	if (check.status !== 'ok') return fail(locals.requestId, 'forbidden', 'Liên kết tải lên không hợp lệ.');
	const tooLarge = () => fail(locals.requestId, 'payload_too_large', `Tệp lớn hơn kích thước đã khai báo (${check.size} byte).`);
	if (Number(request.headers.get('content-length') ?? 0) > check.size) return tooLarge();
	if (!request.body) return fail(locals.requestId, 'validation_error', 'Thiếu nội dung tệp.');
	if (check.part) {
		const { uploadId, partNumber } = check.part;
		const stored = await files.putPart(params.key, uploadId, partNumber, request.body, check.size, check.contentType).catch((error: unknown) => {
			log.error('file part upload failed', { key: params.key, partNumber, error });
			return undefined;
		});
		if (stored === undefined) return fail(locals.requestId, 'service_unavailable', 'Kho tệp tạm thời không khả dụng, vui lòng thử lại sau.');
		if (stored.status === 'too_large') return tooLarge();
		if (stored.status === 'too_small') return fail(locals.requestId, 'validation_error', `Phần ${partNumber} phải có đúng ${check.size} byte; hãy gửi lại phần này.`);
		if (stored.status === 'exists') return fail(locals.requestId, 'conflict', 'Tệp của lượt tải lên này đã được ghép xong.');
		// Same-origin, so the page can read it; S3 buckets must expose ETag through CORS.
		return new Response(null, { status: 200, headers: { etag: stored.etag } });
	}
	const result = await files.putStream(params.key, request.body, check.size, check.contentType).catch((error: unknown) => {
		log.error('file upload failed', { key: params.key, error });
		return undefined;
	});
	if (result === undefined) return fail(locals.requestId, 'service_unavailable', 'Kho tệp tạm thời không khả dụng, vui lòng thử lại sau.');
	if (result === 'too_large') return tooLarge();
	if (result === 'exists') return fail(locals.requestId, 'conflict', 'Tệp của lượt tải lên này đã được gửi.');
	return new Response(null, { status: 200 });
};

export const fallback = methodNotAllowed('GET', 'HEAD', 'PUT');
