import { z } from 'zod';

/** VND as a decimal string on the wire (docs/api.md#conventions); never a float. */
export const MoneyVnd = z.string().regex(/^[0-9]+$/).meta({ description: 'Whole VND as a decimal string', example: '100000' });
export type MoneyVnd = z.infer<typeof MoneyVnd>;

/** Cursor pagination fields every list response carries. */
export const pageFields = {
	nextCursor: z.string().nullable(),
	hasMore: z.boolean()
};
