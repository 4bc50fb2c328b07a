import { error } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';
import { describeError } from '$lib/errors';
import { nowMs } from '$lib/server/platform/clock';
import { serverCaller } from '$lib/server/trpc/server-caller';

/**
 * The owner's session or the order's access cookie (a guest) may see the
 * order; anyone else gets the same 404 as for an unknown order (GET /api/v1/checkout/{orderId}).
 */
export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const order = await api.checkout.get({ orderId: event.params.orderId }).catch((e: unknown) => {
		if (describeError(e).code !== 'not_found') throw e;
		error(404, {
			code: 'not_found',
			message: event.locals.session
				? 'Không tìm thấy đơn hàng này trong tài khoản của bạn. Hãy mở đơn từ trang “Đơn hàng của tôi” hoặc từ email biên nhận.'
				: 'Không tìm thấy đơn hàng này. Nếu bạn đã mua khi đăng nhập, hãy đăng nhập để xem đơn; nếu mua không cần tài khoản, hãy mở đơn trên trình duyệt đã dùng để đặt mua hoặc từ email biên nhận.'
		});
	});
	const [[product], bankTransfer] = await Promise.all([
		api.accountPages.productLinks({ ids: [order.productId] }).catch(() => []),
		order.status === 'PENDING' && order.paymentMethod === 'qr_direct' ? api.storefront.bankTransfer() : null
	]);
	return { order, product: product ?? null, bankTransfer, signedIn: event.locals.session !== null, serverNow: nowMs() };
};
