import { z } from 'zod';

/** An absent query parameter (null) and an empty form field mean the same: not given. */
const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** The school (or other unit) a receipt is made out to. */
export const SchoolName = z.preprocess(blankToUndefined, z.string().trim().max(120, 'Tên trường tối đa 120 ký tự.').optional());

/** Mã số thuế: 10 digits, or 10-3 for a branch (the database checks the same pattern). */
export const TaxCode = z.preprocess(
	blankToUndefined,
	z
		.string()
		.trim()
		.regex(/^[0-9]{10}(-[0-9]{3})?$/, 'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số của chi nhánh.')
		.optional()
);

/**
 * What a buyer may add to the receipt a school reimburses: the school's name
 * and its tax code. Either one left out falls back to the account profile.
 */
export const ReceiptOptions = z.object({ schoolName: SchoolName, taxCode: TaxCode });
export type ReceiptOptions = z.infer<typeof ReceiptOptions>;
