/** What /openapi.json says about the routes of ./admin-pricing.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

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

export const docs = {
	denominations: {
		summary: 'All top-up denominations',
		description: 'Every denomination, active or not, in display order (the public list shows only active ones).',
		tags,
		errors: {},
		example: { items: [denomination], nextCursor: null, hasMore: false }
	},

	createDenomination: {
		summary: 'Add a top-up denomination',
		description:
			'A new amount buyers can top up: a multiple of 1 000 ₫ from 10 000 ₫ up to the wallet\'s maximum balance, with a bonus percent (two decimals at most). One denomination per amount (409 `conflict`). Audited.',
		tags,
		errors: { 400: ['validation_error'], 409: ['conflict'] },
		example: denomination
	},

	updateDenomination: {
		summary: 'Change a top-up denomination',
		description: 'Activate or deactivate it, or change its bonus, order, tag or "popular" mark. Pending top-ups keep the bonus they were offered. Audited with before/after.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: { ...denomination, isActive: false }
	},

	promos: {
		summary: 'Promo codes',
		description: 'Every promo code, newest first, with its caps and how many uses it has (uses held by pending orders included).',
		tags,
		errors: {},
		example: { items: [promo], nextCursor: null, hasMore: false }
	},

	createPromo: {
		summary: 'Create a promo code',
		description:
			'A code for top-ups (`TOPUP`) or purchases (`CHECKOUT`): a percent off (optionally capped by `maxDiscountVnd`) or a fixed amount off, an optional minimum amount and validity window, caps in total and per account, and for purchases an optional product, type or category. Codes ignore case. A code that exists is 409 `conflict`. Audited.',
		tags,
		errors: { 400: ['validation_error'], 409: ['conflict'] },
		example: promo
	},

	deactivatePromo: {
		summary: 'Stop a promo code',
		description: 'No new order or top-up can use the code; uses already held by pending orders stay valid. Audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: { ...promo, isActive: false }
	},

	giftCodeBatches: {
		summary: 'Gift-code batches',
		description: 'Batches newest first (at most 100): value, how many codes, how many still active, redemptions so far, expiry and note. Plain codes are not stored, so they are not listed.',
		tags,
		errors: {},
		example: {
			items: [{ batchId, amountVnd: '50000', count: 200, activeCount: 200, maxRedemptions: 1, redeemed: 37, expiresAt: '2026-12-31T16:59:59.000Z', note: 'Hội thảo giáo viên Hà Nội', createdAt: '2026-11-01T02:00:00.000Z' }],
			nextCursor: null,
			hasMore: false
		}
	},

	createGiftCodes: {
		summary: 'Create a batch of gift codes',
		description:
			'Up to 1 000 codes of one value, each usable `maxRedemptions` times (1 = single use), with an optional expiry and note. The answer holds the plain codes and the same list as CSV (UTF-8 with BOM): it is the only copy, since only keyed hashes are stored. Audited.',
		tags,
		errors: { 400: ['validation_error'] },
		// (The real CSV starts with a byte-order mark, left out of the example.)
		example: { batchId, codes, csv: `ma_qua_tang,gia_tri_vnd,so_lan_dung,het_han\r\n${codes.map((c) => `${c},50000,1,`).join('\r\n')}\r\n` }
	},

	deactivateGiftCodeBatch: {
		summary: 'Stop every code of a batch',
		description: 'Every code of the batch stops working at once; redemptions already made stay. Audited.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: { batchId, deactivated: 163 }
	}
} satisfies RouterDocs;
