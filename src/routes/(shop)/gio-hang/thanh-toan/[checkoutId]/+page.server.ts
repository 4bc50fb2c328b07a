import { error } from '@sveltejs/kit';
import type { PageServerLoad } from './$types';
import { describeError } from '$lib/errors';
import { nowMs } from '$lib/server/platform/clock';
import { serverCaller } from '$lib/server/trpc/server-caller';

/** A cart checkout, for its buyer's session or its access cookie (a guest); anyone else gets the 404 of an unknown one. */
export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const checkout = await api.cart.checkoutStatus({ checkoutId: event.params.checkoutId }).catch((e: unknown) => {
		if (describeError(e).code !== 'not_found') throw e;
		error(404, { code: 'not_found', message: 'Không tìm thấy lần thanh toán giỏ hàng này. Hãy mở từ trang “Đơn hàng của tôi” hoặc từ trình duyệt đã dùng để thanh toán.' });
	});
	const [products, bankTransfer] = await Promise.all([
		api.accountPages.productLinks({ ids: checkout.orders.map((o) => o.productId) }).catch(() => []),
		checkout.status === 'PENDING' && checkout.paymentMethod === 'qr_direct' ? api.storefront.bankTransfer() : null
	]);
	return { checkout, products, bankTransfer, signedIn: event.locals.session !== null, serverNow: nowMs() };
};
