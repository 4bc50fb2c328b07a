/**
 * Public product covers (issue #16): the cover an author submitted, copied to
 * `product-covers/<productId>/<sha256>.<ext>` at submission. Anonymous and
 * cacheable for ever (the name is the content's hash). Works with either
 * storage backend, since it streams through the storage interface.
 */
import { Readable } from 'node:stream';
import type { RequestHandler } from './$types';
import { storage } from '$lib/server/platform/storage';
import { COVER_PREFIX } from '$lib/server/studio/product-media';
import { codeResponse } from '$lib/server/rest/envelope';
import { log } from '$lib/server/platform/logger';
import { methodNotAllowed } from '$lib/server/rest/envelope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE = /^[0-9a-f]{64}\.(png|jpg|webp)$/;

export const GET: RequestHandler = async ({ params, locals }) => {
	const notFound = () => codeResponse('not_found', 'Không tìm thấy ảnh bìa.', locals.requestId);
	if (!UUID.test(params.productId) || !FILE.test(params.file)) return notFound();
	const key = `${COVER_PREFIX}/${params.productId}/${params.file}`;
	try {
		const head = await storage().head(key);
		const stream = head ? await storage().read(key) : null;
		if (!head || !stream) return notFound();
		return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
			headers: {
				'content-type': head.contentType,
				'content-length': String(head.size),
				'cache-control': 'public, max-age=31536000, immutable',
				'x-content-type-options': 'nosniff'
			}
		});
	} catch (error) {
		log.error('cover read failed', { key, error });
		return codeResponse('service_unavailable', 'Kho tệp tạm thời không khả dụng, vui lòng thử lại sau.', locals.requestId);
	}
};

export const fallback = methodNotAllowed('GET', 'HEAD');
