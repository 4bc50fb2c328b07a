/** Staff sale windows and flash sales (issue #16, pricing). Wire shapes only. */
import { z } from 'zod';
import { MoneyVnd } from './money';
import { PriceInput } from './studio';

const When = z.iso.datetime({ offset: true, message: 'Thời điểm không hợp lệ (ISO 8601, ví dụ 2026-12-01T08:00:00+07:00).' });
const ProductId = z.uuid({ error: 'Mã học liệu không hợp lệ.' });

// ── Sale window on one product ──────────────────────────────────────────────────────
export const ProductSale = z
	.object({
		productId: z.string(),
		title: z.string(),
		listPriceVnd: MoneyVnd,
		/** Null: no sale set. */
		salePriceVnd: MoneyVnd.nullable(),
		/** Null with a sale price: the sale runs until staff end it. */
		endsAt: z.iso.datetime().nullable(),
		/** The sale price is what buyers pay now (before any flash sale). */
		running: z.boolean()
	})
	.meta({ id: 'ProductSale' });
export type ProductSale = z.infer<typeof ProductSale>;

export const ProductRefInput = z.object({ id: ProductId });

export const SetSaleInput = z.object({
	id: ProductId,
	salePriceVnd: PriceInput,
	/** Omitted or null: until staff end it. */
	endsAt: When.nullable().optional()
});
export type SetSaleInput = z.infer<typeof SetSaleInput>;

// ── Flash sales ─────────────────────────────────────────────────────────────────────
export const flashSaleStates = ['upcoming', 'running', 'sold_out', 'ended'] as const;

export const AdminFlashSale = z
	.object({
		id: z.string(),
		productId: z.string(),
		title: z.string(),
		fullPath: z.string(),
		listPriceVnd: MoneyVnd,
		salePriceVnd: MoneyVnd,
		startsAt: z.iso.datetime(),
		endsAt: z.iso.datetime(),
		/** Null: no stock cap. */
		stockCap: z.number().int().nullable(),
		stockLeft: z.number().int().nullable(),
		/** Units held or sold (cap − left); null without a cap. */
		taken: z.number().int().nullable(),
		state: z.enum(flashSaleStates),
		createdAt: z.iso.datetime()
	})
	.meta({ id: 'AdminFlashSale' });
export type AdminFlashSale = z.infer<typeof AdminFlashSale>;

export const FlashSaleQuery = z.object({
	/** Omitted: upcoming and running first (soonest end first), then the 50 most recently ended. */
	state: z.enum(flashSaleStates).optional(),
	productId: ProductId.optional()
});
export type FlashSaleQuery = z.infer<typeof FlashSaleQuery>;

export const AdminFlashSaleList = z.object({ items: z.array(AdminFlashSale), nextCursor: z.null(), hasMore: z.boolean() });

export const CreateFlashSaleInput = z.object({
	productId: ProductId,
	salePriceVnd: PriceInput,
	startsAt: When,
	endsAt: When,
	/** Omitted or null: no stock cap. */
	stockCap: z.number().int('Số suất là số nguyên.').min(1, 'Số suất từ 1 đến 100000.').max(100_000, 'Số suất từ 1 đến 100000.').nullable().optional()
});
export type CreateFlashSaleInput = z.infer<typeof CreateFlashSaleInput>;

export const FlashSaleRef = z.object({ id: z.uuid({ error: 'Mã flash sale không hợp lệ.' }) });

export const EndedFlashSale = z.object({
	id: z.string(),
	/** `ended`: it was running and now ends; `deleted`: it had not started, so nothing was sold and it is gone. */
	outcome: z.enum(['ended', 'deleted'])
});
