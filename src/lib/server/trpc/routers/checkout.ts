/** Checkout and checkout promos (/api/v1/checkout and /api/v1/promos/validate): wiring only; rules live in src/lib/server/checkout. */
import {
	CheckoutPromoResult,
	CheckoutPromoValidateInput,
	CreateCheckoutInput,
	Order,
	OrderIdInput,
	OrderListQuery,
	OrderPage
} from '../../../contracts/checkout';
import { resolveBuyer } from '../../checkout/buyer';
import { createCheckoutOrder } from '../../checkout/create';
import { grantsOrderAccess, issueOrderAccess, orderAccessCookieName } from '../../checkout/order-access';
import { validateCheckoutPromo } from '../../checkout/promo';
import { getOrder, listOrders, toOrderView } from '../../checkout/read';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { route, router } from '../init';
import { docs } from './checkout.docs';

const MINUTE = 60_000;

// Orders reserve stock and promo caps, so without the shared limit checkout stops, with the code POST /api/v1/checkout lists for a 503.
const createPolicy = (): RateLimitPolicy => ({
	name: 'checkout-create',
	limit: config().checkout.createRateLimit,
	windowMs: MINUTE,
	onStoreFailure: 'closed',
	unavailable: { code: 'payment_processing', message: 'Hệ thống thanh toán tạm thời gián đoạn, vui lòng thử lại sau ít phút.' }
});
// POST /api/v1/promos/validate lists no 503; validating moves nothing, so the in-process limiter stands in.
const promoPolicy = (): RateLimitPolicy => ({ name: 'checkout-promo', limit: config().checkout.promoRateLimit, windowMs: MINUTE, onStoreFailure: 'open' });

export const checkoutRouter = router({
	create: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/checkout',
			envelope: 'object',
			auth: 'session-or-guest',
			rateLimit: { requests: [{ policy: createPolicy, key: 'user-or-ip' }] },
			sameOrigin: true,
			idempotent: true,
			setsCookies: ['order_access_<orderId>'],
			...docs.create
		}
	})
		.input(CreateCheckoutInput)
		.output(Order)
		.mutation(async ({ ctx, input }) => {
			const buyer = resolveBuyer(ctx.session?.user.id ?? null, input);
			const { order, replayed } = await createCheckoutOrder(buyer, input, ctx.idempotencyKey);
			const access = issueOrderAccess(order.id);
			ctx.cookies.set(access.name, access.value, { path: '/', httpOnly: true, sameSite: 'lax', secure: config().isProduction, maxAge: access.maxAgeSeconds });
			if (replayed) ctx.responseHeaders.set('Idempotent-Replayed', 'true');
			return toOrderView(order, { created: !replayed });
		}),

	list: route({ openapi: { method: 'GET', path: '/api/v1/checkout', envelope: 'list', auth: 'session', ...docs.list } })
		.input(OrderListQuery)
		.output(OrderPage)
		.query(({ ctx, input }) => listOrders(ctx.session.user.id, input)),

	get: route({ openapi: { method: 'GET', path: '/api/v1/checkout/{orderId}', envelope: 'object', auth: 'session-or-order-cookie', ...docs.get } })
		.input(OrderIdInput)
		.output(Order)
		.query(({ ctx, input }) =>
			getOrder(
				{ userId: ctx.session?.user.id ?? null, hasAccessCookie: grantsOrderAccess(input.orderId, ctx.cookies.get(orderAccessCookieName(input.orderId))) },
				input.orderId
			)
		),

	validatePromo: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/promos/validate',
			envelope: 'object',
			auth: 'session',
			rateLimit: { requests: [{ policy: promoPolicy, key: 'user' }] },
			...docs.validatePromo
		}
	})
		.input(CheckoutPromoValidateInput)
		.output(CheckoutPromoResult)
		.mutation(({ ctx, input }) => validateCheckoutPromo(ctx.session.user.id, input.code, input.productId))
});
