/**
 * A product's files as one ZIP (README "Several files per product"), behind the
 * signed, expiring ticket a token exchange with `all: true` answers. The archive
 * is written while it is sent (ReadableStream pulled by the client), so memory
 * does not grow with the files' size.
 */
import { Readable } from 'node:stream';
import type { RequestHandler } from './$types';
import { zipDownload } from '$lib/server/downloads/zip-download';
import { AppError } from '$lib/server/errors/app-error';
import { log } from '$lib/server/platform/logger';
import { attachmentDisposition } from '$lib/server/platform/storage/content-disposition';
import { codeResponse, methodNotAllowed } from '$lib/server/rest/envelope';

export const GET: RequestHandler = async ({ params, locals }) => {
	let zip;
	try {
		zip = await zipDownload(params.ticket);
	} catch (error) {
		if (error instanceof AppError) return codeResponse(error.code, error.message, locals.requestId);
		log.error('zip download failed before the first byte', { error });
		return codeResponse('service_unavailable', 'Kho lưu trữ tệp tạm thời không khả dụng, vui lòng thử lại sau ít phút.', locals.requestId);
	}
	const body = Readable.from(zip.body, { objectMode: false, highWaterMark: 64 * 1024 });
	// Past the first byte the status is sent: a failure can only cut the archive short, which unzip reports.
	body.on('error', (error) => log.error('zip download cut short', { error }));
	return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
		status: 200,
		headers: {
			'content-type': 'application/zip',
			'content-length': String(zip.size),
			'content-disposition': attachmentDisposition(zip.fileName),
			'cache-control': 'private, no-store',
			'x-content-type-options': 'nosniff',
			'referrer-policy': 'no-referrer'
		}
	});
};

export const fallback = methodNotAllowed('GET', 'HEAD');
