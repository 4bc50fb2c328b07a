/**
 * Inputs and outputs of the staff tooling (/api/v1/admin/*, docs/architecture.md#supply-side).
 * Client-safe: the console's forms validate with the same schemas.
 */
import { z } from 'zod';
import { PayoutDetails } from './studio';
import { MoneyVnd, pageFields } from './money';

export const UserRoleValue = z.enum(['customer', 'author', 'staff'], { error: 'Vai trò không hợp lệ.' });
export type UserRoleValue = z.infer<typeof UserRoleValue>;

const Cursor = z.string().min(1).max(512).optional();
const PageSize = z.number().int().min(1).max(100).default(20);
const UserId = z.uuid({ error: 'Mã tài khoản không hợp lệ.' });

export const AdminUserSearch = z.object({
	q: z.string().trim().max(200, 'Từ khoá tối đa 200 ký tự.').optional().describe('Fragment of the email or the name; empty lists everyone'),
	cursor: Cursor,
	pageSize: PageSize
});

export const AdminUserSummary = z.object({
	id: z.uuid(),
	email: z.string(),
	name: z.string().nullable(),
	role: UserRoleValue,
	emailVerified: z.boolean(),
	disabledAt: z.iso.datetime().nullable(),
	createdAt: z.iso.datetime()
}).meta({ id: 'AdminUserSummary' });
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminUserPage = z.object({ items: z.array(AdminUserSummary), ...pageFields });
export type AdminUserPage = z.infer<typeof AdminUserPage>;

/** Another account whose author profile names the same payout bank account (a sock-puppet signal). */
export const SharedPayoutAccount = z.object({
	id: z.uuid(),
	email: z.string(),
	name: z.string().nullable(),
	role: UserRoleValue,
	displayName: z.string().describe('The other account\'s public author name'),
	bankName: z.string()
}).meta({ id: 'SharedPayoutAccount' });

export const AdminUserDetail = AdminUserSummary.extend({
	wallet: z.object({ main: MoneyVnd, bonus: MoneyVnd, total: MoneyVnd }),
	activeSessions: z.number().int().min(0),
	authorReapplyBlockedAt: z.iso
		.datetime()
		.nullable()
		.describe('Set when staff took the author role away: the studio application is refused (403) until staff allow it again'),
	payoutAccountSharedWith: z
		.array(SharedPayoutAccount)
		.describe('Other accounts whose author profile has the same bank account number (spaces and punctuation ignored); empty without a profile'),
	payoutDetails: PayoutDetails.nullable().describe("Where the author's payouts go, as the author last gave it; null without an author profile")
}).meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const AdminUserRef = z.object({ id: UserId });

export const ChangeRoleInput = z.object({ id: UserId, role: UserRoleValue });

export const DisableUserInput = z.object({
	id: UserId,
	reason: z.string().trim().max(500, 'Lý do tối đa 500 ký tự.').optional()
});

const IsoDate = z.iso.datetime({ offset: true, error: 'Thời điểm phải theo ISO 8601, ví dụ 2026-01-31T00:00:00Z.' });

export const AuditQuery = z.object({
	actorId: UserId.optional(),
	action: z.string().trim().min(1).max(100).optional(),
	targetType: z.string().trim().min(1).max(100).optional(),
	targetId: z.string().trim().min(1).max(200).optional(),
	from: IsoDate.optional().describe('Inclusive lower bound of createdAt'),
	to: IsoDate.optional().describe('Exclusive upper bound of createdAt'),
	cursor: Cursor,
	pageSize: PageSize
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
	id: z.uuid(),
	actorId: z.uuid().nullable(),
	actorEmail: z.string().nullable(),
	actorName: z.string().nullable(),
	action: z.string(),
	targetType: z.string(),
	targetId: z.string(),
	/** What a person calls the target: "Tên (email)" for an account, the order number and reference, a product's title, a transfer's bank reference; null when gone or of another type. */
	targetName: z.string().nullable(),
	summary: z.record(z.string(), z.unknown()),
	createdAt: z.iso.datetime()
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ items: z.array(AuditEntry), ...pageFields });
export type AuditPage = z.infer<typeof AuditPage>;

export const ROLE_LABELS: Record<UserRoleValue, string> = {
	customer: 'Khách hàng',
	author: 'Tác giả',
	staff: 'Nhân viên quản trị'
};
