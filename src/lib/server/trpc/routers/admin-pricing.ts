/**
 * Staff pricing operations (issue #16), at /api/v1/admin/{topup-denominations,
 * promos,giftcode-batches}, tagged Admin. The same domain services serve the
 * ops CLI. Wiring only.
 */
import {
	AdminDenominationList,
	AdminPromo,
	AdminPromoList,
	BatchIdInput,
	CreatedGiftCodeBatch,
	CreateDenominationInput,
	CreateGiftCodesInput,
	CreatePromoInput,
	DeactivatedBatch,
	GiftCodeBatchList,
	PromoIdInput,
	UpdateDenominationInput
} from '../../../contracts/admin-pricing';
import { Denomination } from '../../../contracts/topup';
import { z } from 'zod';
import { notFound } from '../../errors/app-error';
import { createGiftCodes, deactivateGiftCodeBatch, giftCodesCsv, listGiftCodeBatches } from '../../giftcodes/admin';
import { adminPromoView, createPromo, deactivatePromo, listPromos } from '../../promos/admin';
import { createDenomination, listAllDenominations, toDenomination, updateDenomination } from '../../topup/denominations';
import { route, router } from '../init';

const tags = ['Admin'];
const denomination = { id: '2c8a4f10-0000-4000-8000-000000000000', amountVnd: '200000', bonusRatePct: 10, isActive: true, sortOrder: 30, tag: 'Phổ biến', isPopular: true };
const promo = {
	id: '7d1e2b30-0000-4000-8000-000000000000',
	code: 'KHAIGIANG',
	description: 'Giảm 20% mùa khai giảng, tối đa 30.000 ₫',
	appliesTo: 'CHECKOUT',
	kind: 'PERCENT',
	percentOff: 20,
	maxDiscountVnd: '30000',
	amountOffVnd: null,
	minAmountVnd: '0',
	startsAt: '2026-08-15T00:00:00.000Z',
	endsAt: '2026-09-15T00:00:00.000Z',
	totalCap: 500,
	perUserCap: 1,
	used: 42,
	productId: null,
	productType: 'LESSON_PLAN',
	categoryId: null,
	isActive: true,
	createdAt: '2026-08-01T02:00:00.000Z'
};
const batchId = '4e9b7c20-0000-4000-8000-000000000000';
const codes = ['HLQT-7K2M-QX9A-B3CD', 'HLQT-9PZR-4TWE-H6FJ'];

export const adminPricingRouter = router({
	denominations: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/topup-denominations',
			summary: 'All top-up denominations',
			description: 'Every denomination, active or not, in display order (the public list shows only active ones).',
			tags,
			envelope: 'list',
			auth: 'staff',
			errors: {},
			example: { items: [denomination], nextCursor: null, hasMore: false }
		}
	})
		.input(z.object({}))
		.output(AdminDenominationList)
		.query(async () => ({ items: (await listAllDenominations()).map(toDenomination), nextCursor: null, hasMore: false as const })),

	createDenomination: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/topup-denominations',
			summary: 'Add a top-up denomination',
			description:
				'A new amount buyers can top up: a multiple of 1 000 ₫ from 10 000 ₫ up to the wallet\'s maximum balance, with a bonus percent (two decimals at most). One denomination per amount (409 `conflict`). Audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 409: ['conflict'] },
			example: denomination
		}
	})
		.input(CreateDenominationInput)
		.output(Denomination)
		.mutation(({ ctx, input }) => createDenomination(ctx.session.user.id, input)),

	updateDenomination: route({
		openapi: {
			method: 'PATCH',
			path: '/api/v1/admin/topup-denominations/{id}',
			summary: 'Change a top-up denomination',
			description: 'Activate or deactivate it, or change its bonus, order, tag or "popular" mark. Pending top-ups keep the bonus they were offered. Audited with before/after.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: { ...denomination, isActive: false }
		}
	})
		.input(UpdateDenominationInput)
		.output(Denomination)
		.mutation(({ ctx, input }) => updateDenomination(ctx.session.user.id, input)),

	promos: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/promos',
			summary: 'Promo codes',
			description: 'Every promo code, newest first, with its caps and how many uses it has (uses held by pending orders included).',
			tags,
			envelope: 'list',
			auth: 'staff',
			errors: {},
			example: { items: [promo], nextCursor: null, hasMore: false }
		}
	})
		.input(z.object({}))
		.output(AdminPromoList)
		.query(async () => ({ items: (await listPromos()).map(adminPromoView), nextCursor: null, hasMore: false as const })),

	createPromo: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/promos',
			summary: 'Create a promo code',
			description:
				'A code for top-ups (`TOPUP`) or purchases (`CHECKOUT`): a percent off (optionally capped by `maxDiscountVnd`) or a fixed amount off, an optional minimum amount and validity window, caps in total and per account, and for purchases an optional product, type or category. Codes ignore case. A code that exists is 409 `conflict`. Audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 409: ['conflict'] },
			example: promo
		}
	})
		.input(CreatePromoInput)
		.output(AdminPromo)
		.mutation(async ({ ctx, input }) => adminPromoView(await createPromo(input, ctx.session.user.id))),

	deactivatePromo: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/promos/{id}/deactivate',
			summary: 'Stop a promo code',
			description: 'No new order or top-up can use the code; uses already held by pending orders stay valid. Audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: { ...promo, isActive: false }
		}
	})
		.input(PromoIdInput)
		.output(AdminPromo)
		.mutation(async ({ ctx, input }) => {
			const promo = await deactivatePromo({ id: input.id }, ctx.session.user.id);
			if (!promo) throw notFound('Không tìm thấy mã khuyến mãi.');
			return adminPromoView(promo);
		}),

	giftCodeBatches: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/admin/giftcode-batches',
			summary: 'Gift-code batches',
			description: 'Batches newest first (at most 100): value, how many codes, how many still active, redemptions so far, expiry and note. Plain codes are not stored, so they are not listed.',
			tags,
			envelope: 'list',
			auth: 'staff',
			errors: {},
			example: {
				items: [{ batchId, amountVnd: '50000', count: 200, activeCount: 200, maxRedemptions: 1, redeemed: 37, expiresAt: '2026-12-31T16:59:59.000Z', note: 'Hội thảo giáo viên Hà Nội', createdAt: '2026-11-01T02:00:00.000Z' }],
				nextCursor: null,
				hasMore: false
			}
		}
	})
		.input(z.object({}))
		.output(GiftCodeBatchList)
		.query(() => listGiftCodeBatches()),

	createGiftCodes: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/giftcode-batches',
			summary: 'Create a batch of gift codes',
			description:
				'Up to 1 000 codes of one value, each usable `maxRedemptions` times (1 = single use), with an optional expiry and note. The answer holds the plain codes and the same list as CSV (UTF-8 with BOM): it is the only copy, since only keyed hashes are stored. Audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'] },
			// (The real CSV starts with a byte-order mark, left out of the example.)
			example: { batchId, codes, csv: `ma_qua_tang,gia_tri_vnd,so_lan_dung,het_han\r\n${codes.map((c) => `${c},50000,1,`).join('\r\n')}\r\n` }
		}
	})
		.input(CreateGiftCodesInput)
		.output(CreatedGiftCodeBatch)
		.mutation(async ({ ctx, input }) => {
			const created = await createGiftCodes(input, ctx.session.user.id);
			const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
			return { ...created, csv: giftCodesCsv({ amountVnd: input.amountVnd, maxRedemptions: input.maxRedemptions, expiresAt }, created.codes) };
		}),

	deactivateGiftCodeBatch: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/admin/giftcode-batches/{batchId}/deactivate',
			summary: 'Stop every code of a batch',
			description: 'Every code of the batch stops working at once; redemptions already made stay. Audited.',
			tags,
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 404: ['not_found'] },
			example: { batchId, deactivated: 163 }
		}
	})
		.input(BatchIdInput)
		.output(DeactivatedBatch)
		.mutation(({ ctx, input }) => deactivateGiftCodeBatch(ctx.session.user.id, input.batchId))
});
