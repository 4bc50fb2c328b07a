/** What /openapi.json says about the routes of ./bundles.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const example = {
	productId: '5b2f7a10-0000-4000-8000-000000000000',
	items: [
		{ productId: '1a6c2e40-0000-4000-8000-000000000000', title: 'Giáo án Toán 6 – Học kì I', type: 'LESSON_PLAN', fullPath: 'toan/lop-6/giao-an-toan-6-hk1', priceVnd: '60000', onSale: true, owned: true },
		{ productId: '2b7d3f50-0000-4000-8000-000000000000', title: 'Bài giảng PowerPoint Toán 6 – Học kì I', type: 'SLIDE', fullPath: 'toan/lop-6/bai-giang-toan-6-hk1', priceVnd: '80000', onSale: true, owned: false }
	],
	itemsTotalVnd: '140000',
	priceVnd: '99000',
	onSale: true,
	ownedCount: 1,
	creditVnd: '60000',
	payVnd: '39000'
} as const;

const setDescription = (who: string) =>
	`Replaces the items of a \`COMBO\` product, in the order given (2 to 30 distinct products). ${who} Every item must be on sale and must not be a bundle itself (no nesting), a bundle cannot be an item of another bundle, and the bundle's list price must be below the sum of its items' list prices (400 \`validation_error\`, \`details.reason\` = \`bundle_not_cheaper\`, with \`priceVnd\` and \`itemsTotalVnd\`; a bad item names \`itemIds.<n>\` in \`details.fields\`). What earlier buyers were granted does not change.`;

export const docs = {
	of: {
		summary: 'Một bộ tài liệu và giá "Mua nốt bộ"',
		description:
			'The items of a published bundle (a `COMBO` product made of other products) in their order, and what the caller pays for it now. For a signed-in buyer `owned` marks the items they have, `creditVnd` is what they actually paid for those, and `payVnd` = max(0, `priceVnd` − `creditVnd`) is exactly what POST /api/v1/checkout charges (before a promo code). `onSale` is false while an item is not on sale; checkout then refuses the bundle (422 `state_violation`, `details.reason` = `bundle_unavailable`). 404 for a product that is not a published bundle.',
		tags: ['Catalog'],
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example
	},

	mine: {
		summary: 'The items of my bundle',
		description:
			'The items of one of the signed-in author\'s bundles, in any status, as GET /api/v1/catalog/bundles/{id} shows them to a guest. 404 `not_found` for another author\'s product and for a product without items.',
		tags: ['Studio'],
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: { ...example, creditVnd: '0', payVnd: '99000', ownedCount: 0, items: example.items.map((i) => ({ ...i, owned: false })) }
	},

	setByAuthor: {
		summary: 'Choose the items of my bundle',
		description: setDescription(
			'The bundle and every item must be the signed-in author\'s own, and the bundle a `draft` or `rejected` product (409 `conflict` otherwise: a bundle in review or on sale is changed by staff).'
		),
		tags: ['Studio'],
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: { ...example, creditVnd: '0', payVnd: '99000', ownedCount: 0, items: example.items.map((i) => ({ ...i, owned: false })) }
	},

	ofAny: {
		summary: 'The items of a bundle',
		description: 'The items of any bundle, in any status, as a guest would see them. 404 `not_found` for a product without items.',
		tags: ['Admin'],
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: { ...example, creditVnd: '0', payVnd: '99000', ownedCount: 0, items: example.items.map((i) => ({ ...i, owned: false })) }
	},

	setByStaff: {
		summary: 'Set the items of a bundle',
		description: setDescription('Staff may choose any products, in any status of the bundle; audited (`product.bundle_items`).'),
		tags: ['Admin'],
		errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
		example: { ...example, creditVnd: '0', payVnd: '99000', ownedCount: 0, items: example.items.map((i) => ({ ...i, owned: false })) }
	}
} satisfies RouterDocs;
