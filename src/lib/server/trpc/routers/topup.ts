import { z } from 'zod';
import {
	CreateTopupOrderInput,
	Denomination,
	TopupOrder,
	TopupOrderIdInput,
	TopupPromoResult,
	TopupPromoValidateInput
} from '../../../contracts/topup';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { listActiveDenominations } from '../../topup/denominations';
import { createTopupOrder, getTopupOrder } from '../../topup/orders';
import { validateTopupPromo } from '../../topup/promo';
import { route, router } from '../init';
import { docs } from './topup.docs';

const MINUTE = 60_000;

// POST /api/v1/topup/orders and /api/v1/topup/promos/validate list no 503 for the limiter; a top-up order only becomes money once the bank transfer
// arrives, and validation moves nothing, so the in-process limiter stands in while the shared store is down.
const orderPolicy = (): RateLimitPolicy => ({ name: 'topup-order', limit: config().topupOrderRateLimit, windowMs: MINUTE, onStoreFailure: 'open' });
const promoPolicy = (): RateLimitPolicy => ({ name: 'topup-promo', limit: config().topupPromoRateLimit, windowMs: MINUTE, onStoreFailure: 'open' });

export const topupRouter = router({
	denominations: route({ openapi: { method: 'GET', path: '/api/v1/topup/denominations', envelope: 'object', auth: 'none', ...docs.denominations } })
		.input(z.object({}))
		.output(z.array(Denomination))
		.query(() => listActiveDenominations()),

	createOrder: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/topup/orders',
			envelope: 'object',
			auth: 'session',
			rateLimit: { requests: [{ policy: orderPolicy, key: 'user' }] },
			sameOrigin: true,
			idempotent: true,
			...docs.createOrder
		}
	})
		.input(CreateTopupOrderInput)
		.output(TopupOrder)
		.mutation(async ({ ctx, input }) => {
			const { order, replayed } = await createTopupOrder(ctx.session.user.id, input, ctx.idempotencyKey);
			if (replayed) ctx.responseHeaders.set('Idempotent-Replayed', 'true');
			return order;
		}),

	getOrder: route({ openapi: { method: 'GET', path: '/api/v1/topup/orders/{id}', envelope: 'object', auth: 'session', ...docs.getOrder } })
		.input(TopupOrderIdInput)
		.output(TopupOrder)
		.query(({ ctx, input }) => getTopupOrder(ctx.session.user.id, input.id)),

	validatePromo: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/topup/promos/validate',
			envelope: 'object',
			auth: 'session',
			rateLimit: { requests: [{ policy: promoPolicy, key: 'user' }] },
			...docs.validatePromo
		}
	})
		.input(TopupPromoValidateInput)
		.output(TopupPromoResult)
		.mutation(({ ctx, input }) => validateTopupPromo(ctx.session.user.id, input.code, BigInt(input.amountVnd)))
});
