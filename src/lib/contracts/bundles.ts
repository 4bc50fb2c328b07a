import { z } from 'zod';
import { ProductType } from './catalog';
import { MoneyVnd } from './money';

/** Bundles: a `COMBO` product made of other products on sale (README, Bundles). */
const ProductId = z.uuid({ error: 'Mã học liệu không hợp lệ.' });

export const BUNDLE_MIN_ITEMS = 2;
export const BUNDLE_MAX_ITEMS = 30;

export const BundleRef = z.object({ id: ProductId });
export type BundleRef = z.infer<typeof BundleRef>;

export const SetBundleItemsInput = z.object({
	id: ProductId,
	/** In the order the bundle's page lists them. */
	itemIds: z
		.array(z.uuid({ error: 'Mã tài liệu trong bộ không hợp lệ.' }))
		.min(BUNDLE_MIN_ITEMS, `Một bộ cần ít nhất ${BUNDLE_MIN_ITEMS} tài liệu.`)
		.max(BUNDLE_MAX_ITEMS, `Một bộ có tối đa ${BUNDLE_MAX_ITEMS} tài liệu.`)
});
export type SetBundleItemsInput = z.infer<typeof SetBundleItemsInput>;

export const BundleItem = z.object({
	productId: z.string(),
	title: z.string(),
	type: ProductType,
	/** Null when the item is not on sale (then neither is the bundle). */
	fullPath: z.string().nullable(),
	priceVnd: MoneyVnd,
	onSale: z.boolean(),
	/** The signed-in buyer owns it already (false for a guest). */
	owned: z.boolean()
});
export type BundleItem = z.infer<typeof BundleItem>;

export const Bundle = z.object({
	productId: z.string(),
	items: z.array(BundleItem),
	/** The sum of the items' list prices. */
	itemsTotalVnd: MoneyVnd,
	/** The bundle's price now (sale and flash sales applied), before "Mua nốt bộ". */
	priceVnd: MoneyVnd,
	/** False while an item is off sale: checkout refuses the bundle until its items change. */
	onSale: z.boolean(),
	ownedCount: z.number().int(),
	/** What the signed-in buyer paid for the items they own (0 for a guest). */
	creditVnd: MoneyVnd,
	/** What this buyer pays now: max(0, priceVnd − creditVnd), the price checkout charges. */
	payVnd: MoneyVnd
});
export type Bundle = z.infer<typeof Bundle>;
