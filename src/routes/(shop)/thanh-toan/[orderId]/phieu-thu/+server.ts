/**
 * The receipt PDF of a paid order (a file, so a raw route like /files). The
 * order page's "Phiếu thu" form and the receipt mail's link lead here; the
 * owner's session, the order-access cookie or the mail's receipt link
 * (`?ma=`) authorise it, and anyone else gets the order's 404.
 */
import type { RequestHandler } from './$types';
import { ReceiptOptions } from '$lib/contracts/receipt';
import { grantsOrderAccess, orderAccessCookieName } from '$lib/server/checkout/order-access';
import { receiptPdf } from '$lib/server/checkout/receipt-pdf';
import { badRequest } from '$lib/server/errors/app-error';
import { validationDetails } from '$lib/server/errors/classify';
import { errorResponse } from '$lib/server/rest/envelope';
import { attachmentDisposition } from '$lib/server/platform/storage/content-disposition';

export const GET: RequestHandler = async ({ params, url, cookies, locals }) => {
	try {
		const parsed = ReceiptOptions.safeParse({ schoolName: url.searchParams.get('truong'), taxCode: url.searchParams.get('mst') });
		if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Thông tin phiếu thu không hợp lệ.', validationDetails(parsed.error));
		const viewer = {
			userId: locals.session?.user.id ?? null,
			hasAccessCookie: grantsOrderAccess(params.orderId, cookies.get(orderAccessCookieName(params.orderId)))
		};
		const receipt = await receiptPdf(viewer, params.orderId, url.searchParams.get('ma'), parsed.data);
		return new Response(new Uint8Array(receipt.bytes), {
			headers: {
				'content-type': 'application/pdf',
				'content-length': String(receipt.bytes.length),
				'content-disposition': attachmentDisposition(receipt.filename),
				'cache-control': 'private, no-store'
			}
		});
	} catch (error) {
		return errorResponse(error, locals.requestId);
	}
};
