import { z } from 'zod';

/** Where a bank transfer goes, field by field (storefront payment page; not part of the REST contract). */
export const BankTransferAccount = z.object({
	bankBin: z.string(),
	bankName: z.string(),
	accountNumber: z.string(),
	accountName: z.string(),
	apps: z.array(z.object({ id: z.string(), name: z.string() })),
	deepLinkBase: z.string()
});
export type BankTransferAccount = z.infer<typeof BankTransferAccount>;
