/** "Giỏ hàng" (/api/v1/cart): the cart and one payment for it. Wiring only; rules live in src/lib/server/cart and checkout/cart-*.ts. */
import { Cart, CartCheckout, CartCheckoutIdInput, CartCheckoutInput, CartProductInput } from '../../../contracts/cart';
import { addForRequest, cartOwnerOf } from '../../cart/owner';
import { readCart, removeFromCart } from '../../cart/store';
import { resolveBuyer } from '../../checkout/buyer';
import { checkoutCart } from '../../checkout/cart-checkout';
import { getCartCheckout, toCartCheckoutView } from '../../checkout/cart-read';
import { grantsOrderAccess, issueOrderAccess, orderAccessCookieName } from '../../checkout/order-access';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { route, router } from '../init';
import { docs } from './cart.docs';

// A cart checkout reserves what a single one does, so it stops, as checkout does, when the shared limit cannot be counted.
const checkoutPolicy = (): RateLimitPolicy => ({
	name: 'cart-checkout',
	limit: config().checkout.createRateLimit,
	windowMs: 60_000,
	onStoreFailure: 'closed',
	unavailable: { code: 'payment_processing', message: 'Hệ thống thanh toán tạm thời gián đoạn, vui lòng thử lại sau ít phút.' }
});

// Reads and changes guard no money (checkout has its own limit); an in-process count is enough when the shared store is down.
const cartPolicy = (): RateLimitPolicy => ({ name: 'cart', limit: config().cartRateLimit, windowMs: 60_000, onStoreFailure: 'open' });
const rateLimit = { requests: [{ policy: cartPolicy, key: 'user-or-ip' as const }] };

export const cartRouter = router({
	get: route({ openapi: { method: 'GET', path: '/api/v1/cart', envelope: 'object', auth: 'optional-session', rateLimit, ...docs.get } })
		.output(Cart)
		.query(async ({ ctx }) => readCart(await cartOwnerOf(ctx.session?.user.id ?? null, ctx.cookies))),

	add: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/cart/items',
			envelope: 'object',
			auth: 'optional-session',
			rateLimit,
			sameOrigin: true,
			setsCookies: ['cart'],
			...docs.add
		}
	})
		.input(CartProductInput)
		.output(Cart)
		.mutation(async ({ ctx, input }) => {
			const owner = await cartOwnerOf(ctx.session?.user.id ?? null, ctx.cookies);
			await addForRequest(owner, ctx.cookies, input.productId);
			return readCart(await cartOwnerOf(ctx.session?.user.id ?? null, ctx.cookies));
		}),

	remove: route({
		openapi: {
			method: 'DELETE',
			path: '/api/v1/cart/items/{productId}',
			envelope: 'object',
			auth: 'optional-session',
			rateLimit,
			sameOrigin: true,
			...docs.remove
		}
	})
		.input(CartProductInput)
		.output(Cart)
		.mutation(async ({ ctx, input }) => {
			const owner = await cartOwnerOf(ctx.session?.user.id ?? null, ctx.cookies);
			await removeFromCart(owner, input.productId);
			return readCart(owner);
		}),

	checkout: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/cart/checkout',
			envelope: 'object',
			auth: 'session-or-guest',
			rateLimit: { requests: [{ policy: checkoutPolicy, key: 'user-or-ip' }] },
			sameOrigin: true,
			idempotent: true,
			setsCookies: ['order_access_<checkoutId>'],
			...docs.checkout
		}
	})
		.input(CartCheckoutInput)
		.output(CartCheckout)
		.mutation(async ({ ctx, input }) => {
			const buyer = resolveBuyer(ctx.session?.user.id ?? null, input);
			const owner = await cartOwnerOf(ctx.session?.user.id ?? null, ctx.cookies);
			const { checkout, orders, replayed } = await checkoutCart(buyer, owner, input, ctx.idempotencyKey);
			const access = issueOrderAccess(checkout.id);
			ctx.cookies.set(access.name, access.value, { path: '/', httpOnly: true, sameSite: 'lax', secure: config().isProduction, maxAge: access.maxAgeSeconds });
			if (replayed) ctx.responseHeaders.set('Idempotent-Replayed', 'true');
			return toCartCheckoutView(checkout, orders, { created: !replayed });
		}),

	checkoutStatus: route({
		openapi: { method: 'GET', path: '/api/v1/cart/checkout/{checkoutId}', envelope: 'object', auth: 'session-or-order-cookie', ...docs.checkoutStatus }
	})
		.input(CartCheckoutIdInput)
		.output(CartCheckout)
		.query(({ ctx, input }) =>
			getCartCheckout(
				{ userId: ctx.session?.user.id ?? null, hasAccessCookie: grantsOrderAccess(input.checkoutId, ctx.cookies.get(orderAccessCookieName(input.checkoutId))) },
				input.checkoutId
			)
		)
});
