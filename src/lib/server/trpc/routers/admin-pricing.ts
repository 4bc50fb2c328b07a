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
import { docs } from './admin-pricing.docs';

export const adminPricingRouter = router({
	denominations: route({ openapi: { method: 'GET', path: '/api/v1/admin/topup-denominations', envelope: 'list', auth: 'staff', ...docs.denominations } })
		.input(z.object({}))
		.output(AdminDenominationList)
		.query(async () => ({ items: (await listAllDenominations()).map(toDenomination), nextCursor: null, hasMore: false as const })),

	createDenomination: route({
		openapi: { method: 'POST', path: '/api/v1/admin/topup-denominations', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.createDenomination }
	})
		.input(CreateDenominationInput)
		.output(Denomination)
		.mutation(({ ctx, input }) => createDenomination(ctx.session.user.id, input)),

	updateDenomination: route({
		openapi: {
			method: 'PATCH',
			path: '/api/v1/admin/topup-denominations/{id}',
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			...docs.updateDenomination
		}
	})
		.input(UpdateDenominationInput)
		.output(Denomination)
		.mutation(({ ctx, input }) => updateDenomination(ctx.session.user.id, input)),

	promos: route({ openapi: { method: 'GET', path: '/api/v1/admin/promos', envelope: 'list', auth: 'staff', ...docs.promos } })
		.input(z.object({}))
		.output(AdminPromoList)
		.query(async () => ({ items: (await listPromos()).map(adminPromoView), nextCursor: null, hasMore: false as const })),

	createPromo: route({ openapi: { method: 'POST', path: '/api/v1/admin/promos', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.createPromo } })
		.input(CreatePromoInput)
		.output(AdminPromo)
		.mutation(async ({ ctx, input }) => adminPromoView(await createPromo(input, ctx.session.user.id))),

	deactivatePromo: route({
		openapi: { method: 'POST', path: '/api/v1/admin/promos/{id}/deactivate', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.deactivatePromo }
	})
		.input(PromoIdInput)
		.output(AdminPromo)
		.mutation(async ({ ctx, input }) => {
			const promo = await deactivatePromo({ id: input.id }, ctx.session.user.id);
			if (!promo) throw notFound('Không tìm thấy mã khuyến mãi.');
			return adminPromoView(promo);
		}),

	giftCodeBatches: route({ openapi: { method: 'GET', path: '/api/v1/admin/giftcode-batches', envelope: 'list', auth: 'staff', ...docs.giftCodeBatches } })
		.input(z.object({}))
		.output(GiftCodeBatchList)
		.query(() => listGiftCodeBatches()),

	createGiftCodes: route({
		openapi: { method: 'POST', path: '/api/v1/admin/giftcode-batches', envelope: 'object', auth: 'staff', sameOrigin: true, ...docs.createGiftCodes }
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
			envelope: 'object',
			auth: 'staff',
			sameOrigin: true,
			...docs.deactivateGiftCodeBatch
		}
	})
		.input(BatchIdInput)
		.output(DeactivatedBatch)
		.mutation(({ ctx, input }) => deactivateGiftCodeBatch(ctx.session.user.id, input.batchId))
});
