/**
 * The account page (/tai-khoan): profile, password, signed-in devices, data
 * export and deletion. Storefront-only (no REST route); client-safe, so the
 * forms validate with the same schemas the procedures use.
 */
import { z } from 'zod';
import { Email, OtpCode, Password } from './auth';
import { SchoolName, TaxCode } from './receipt';

const blankToUndefined = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** Blank fields clear the value: a buyer may stop printing a school on receipts. */
export const ProfileInput = z.object({
	name: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Tên tối đa 100 ký tự.').optional()),
	schoolName: SchoolName,
	taxCode: TaxCode
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const Profile = z.object({
	email: z.string(),
	/** False for an account opened by Zalo sign-in until it adds an address (its `email` is then a placeholder). */
	hasEmail: z.boolean(),
	name: z.string().nullable(),
	schoolName: z.string().nullable(),
	taxCode: z.string().nullable(),
	hasPassword: z.boolean(),
	createdAt: z.iso.datetime()
});
export type Profile = z.infer<typeof Profile>;

const CurrentPassword = z.string({ error: 'Vui lòng nhập mật khẩu hiện tại.' }).min(1, 'Vui lòng nhập mật khẩu hiện tại.').max(512, 'Mật khẩu quá dài.');

/** An account that signs in only by code or link has no current password and sets its first one. */
export const ChangePasswordInput = z.object({
	currentPassword: z.preprocess(blankToUndefined, CurrentPassword.optional()),
	newPassword: Password
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const DeviceSession = z.object({
	current: z.boolean(),
	/** "Chrome trên Windows": read from the user agent when the session started. */
	device: z.string(),
	/** The address with its last part hidden ("203.0.113.x"), or null when unknown. */
	network: z.string().nullable(),
	createdAt: z.iso.datetime(),
	lastSeenAt: z.iso.datetime()
});
export type DeviceSession = z.infer<typeof DeviceSession>;

export const SignedOutElsewhere = z.object({ ended: z.number().int().min(0) });

export const DeleteAccountInput = z.object({
	password: CurrentPassword.optional(),
	/** The person typed the confirmation word, so a stray click cannot delete an account. */
	confirm: z.literal('XOA', { error: 'Vui lòng gõ XOA (viết hoa) để xác nhận xoá tài khoản.' })
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** Adding an address to an account without one: the code is sent to `email`, then typed back with it. */
export const AddEmailSendInput = z.object({ email: Email });
export type AddEmailSendInput = z.infer<typeof AddEmailSendInput>;
export const AddEmailConfirmInput = z.object({ email: Email, otp: OtpCode });
export type AddEmailConfirmInput = z.infer<typeof AddEmailConfirmInput>;
