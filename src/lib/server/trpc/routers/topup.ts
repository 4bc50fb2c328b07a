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
import { vietQrPayload } from '../../payments/vietqr';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { listActiveDenominations } from '../../topup/denominations';
import { createTopupOrder, getTopupOrder } from '../../topup/orders';
import { validateTopupPromo } from '../../topup/promo';
import { route, router } from '../init';

const tags = ['Top-up'];
const MINUTE = 60_000;

// POST /api/v1/topup/orders and /api/v1/topup/promos/validate list no 503 for the limiter; a top-up order only becomes money once the bank transfer
// arrives, and validation moves nothing, so the in-process limiter stands in while the shared store is down.
const orderPolicy = (): RateLimitPolicy => ({ name: 'topup-order', limit: config().topupOrderRateLimit, windowMs: MINUTE, onStoreFailure: 'open' });
const promoPolicy = (): RateLimitPolicy => ({ name: 'topup-promo', limit: config().topupPromoRateLimit, windowMs: MINUTE, onStoreFailure: 'open' });

const exampleOrder = {
	id: '6f1c2a9e-0000-4000-8000-000000000000',
	status: 'PENDING',
	amountVnd: '200000',
	bonusVnd: '20000',
	promoDiscountVnd: '10000',
	totalAmountVnd: '190000',
	paymentMethod: 'qr_direct',
	qrUrl: 'data:image/png;base64,iVBORw0KGgo…',
	qrPayload: vietQrPayload({ bankBin: '970422', accountNumber: '0123456789', amountVnd: 190_000n, memo: 'HL7K2MQX9A' }),
	expiresAt: '2026-01-15T09:00:00.000Z',
	paymentRef: 'HL7K2MQX9A',
	paymentInstructions: 'Quét mã QR bằng ứng dụng ngân hàng, hoặc chuyển khoản 190.000 ₫ … nội dung: HL7K2MQX9A.',
	paidAt: null,
	createdAt: '2026-01-15T08:30:00.000Z',
	returnTo: '/vi'
};

export const topupRouter = router({
	denominations: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/topup/denominations',
			scopes: ['catalog:read'],
			summary: 'Top-up denominations',
			description: 'Active denominations in display order, with the bonus percent each earns.',
			tags,
			envelope: 'object',
			auth: 'none',
			errors: {},
			example: [{ id: 'b1d0c3e2-0000-4000-8000-000000000000', amountVnd: '200000', bonusRatePct: 10, isActive: true, sortOrder: 30, tag: 'Phổ biến', isPopular: true }]
		}
	})
		.input(z.object({}))
		.output(z.array(Denomination))
		.query(() => listActiveDenominations()),

	createOrder: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/topup/orders',
			scopes: ['topup:write'],
			summary: 'Create a top-up order',
			description:
				'Creates a pending top-up paid by VietQR bank transfer. Once the transfer of `totalAmountVnd` with the `paymentRef` as its content is confirmed, `amountVnd` is credited to the main pocket and `bonusVnd` to the bonus pocket. Unpaid top-ups expire at `expiresAt`. While pending, `qrPayload` is the VietQR (EMVCo) text the `qrUrl` image encodes. ' +
				'`Idempotency-Key` (optional, 1–255 printable ASCII characters, e.g. a UUID): a retry with the same key and body returns the first top-up (header `Idempotent-Replayed: true`) instead of creating another, for 24 hours; the same key with a different body is refused with 422 `state_violation` (`details.reason = "idempotency_key_reused"`). Keys belong to the signed-in account and are separate from checkout keys. Only requests that created a top-up are remembered, so a failed request may be retried with its key.',
			tags,
			envelope: 'object',
			auth: 'session',
			rateLimit: { requests: [{ policy: orderPolicy, key: 'user' }] },
			sameOrigin: true,
			idempotent: true,
			errors: {
				400: ['validation_error'],
				401: ['unauthenticated'],
				409: ['promo_cap_reached'],
				422: ['state_violation', 'wallet_balance_overflow'],
				429: ['rate_limited'],
				503: ['payment_processing']
			},
			example: exampleOrder
		}
	})
		.input(CreateTopupOrderInput)
		.output(TopupOrder)
		.mutation(async ({ ctx, input }) => {
			const { order, replayed } = await createTopupOrder(ctx.session.user.id, input, ctx.idempotencyKey);
			if (replayed) ctx.responseHeaders.set('Idempotent-Replayed', 'true');
			return order;
		}),

	getOrder: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/topup/orders/{id}',
			scopes: ['topup:read'],
			summary: 'Poll a top-up order',
			description: 'One of the caller\'s top-ups. A pending top-up carries its payment QR; a top-up past its expiry is reported EXPIRED.',
			tags,
			envelope: 'object',
			auth: 'session',
			errors: { 401: ['unauthenticated'], 404: ['not_found'] },
			example: exampleOrder
		}
	})
		.input(TopupOrderIdInput)
		.output(TopupOrder)
		.query(({ ctx, input }) => getTopupOrder(ctx.session.user.id, input.id)),

	validatePromo: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/topup/promos/validate',
			scopes: ['promos:validate'],
			summary: 'Check a top-up promo code',
			description: 'Computes the discount a promo code gives on a top-up amount without reserving it. Unknown, expired, exhausted or not-applicable codes answer 200 with `valid: false`.',
			tags,
			envelope: 'object',
			auth: 'session',
			rateLimit: { requests: [{ policy: promoPolicy, key: 'user' }] },
			errors: { 400: ['validation_error'], 401: ['unauthenticated'], 429: ['rate_limited'] },
			example: { valid: true, discountVnd: '10000', finalAmountVnd: '190000', description: 'Giảm 5% tối đa 10.000 ₫' }
		}
	})
		.input(TopupPromoValidateInput)
		.output(TopupPromoResult)
		.mutation(({ ctx, input }) => validateTopupPromo(ctx.session.user.id, input.code, BigInt(input.amountVnd)))
});
