import { z } from 'zod';
import { pageFields } from './money';

export const notificationGroups = ['money', 'studio', 'messages', 'reports', 'staff'] as const;
export type NotificationGroup = (typeof notificationGroups)[number];

/** Groups a person may switch off for mail; money mails are always sent. */
export const optionalMailGroups = ['studio', 'messages', 'reports', 'staff'] as const satisfies readonly NotificationGroup[];
export type OptionalMailGroup = (typeof optionalMailGroups)[number];

export const mailGroupLabels: Record<NotificationGroup, string> = {
	money: 'Tiền: thanh toán, hoàn tiền, chuyển khoản thiếu, bán hàng, chi trả',
	studio: 'Học liệu của tôi: duyệt, từ chối, ngừng bán, mở bán lại, đánh giá mới, câu hỏi mới',
	messages: 'Trả lời cho tôi: tin nhắn trả lời, phản hồi của tác giả về đánh giá của tôi',
	reports: 'Báo cáo vi phạm: quyết định của nhân viên',
	staff: 'Việc của nhân viên: học liệu chờ duyệt, báo cáo mới, chuyển khoản chưa khớp'
};

export const Notification = z
	.object({
		/** Grows with every notification: a live stream resumes after the last id it delivered. */
		id: z.string().regex(/^[0-9]+$/),
		/** What happened, e.g. `order.refunded`, `product.reject`, `payout`. */
		kind: z.string(),
		group: z.enum(notificationGroups),
		/** Vietnamese, one line. */
		title: z.string(),
		body: z.string(),
		/** A path on this site where the person acts on it. */
		link: z.string(),
		createdAt: z.iso.datetime(),
		readAt: z.iso.datetime().nullable()
	})
	.meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationQuery = z.object({
	cursor: z.string().min(1).max(512).optional(),
	pageSize: z.number().int().min(1).max(50).default(20)
});
export type NotificationQuery = z.infer<typeof NotificationQuery>;

export const NotificationPage = z.object({
	items: z.array(Notification),
	...pageFields,
	/** How many of the person's notifications are unread (the header badge). */
	unreadCount: z.number().int().min(0)
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const MarkReadInput = z
	.object({
		/** The notifications to mark read; ids that are not the caller's are ignored. */
		ids: z.array(z.string().regex(/^[0-9]{1,19}$/)).min(1).max(100).optional(),
		/** Mark every notification read. */
		all: z.literal(true).optional()
	})
	.refine((v) => (v.ids === undefined) !== (v.all === undefined), { message: 'Gửi đúng một trong hai: ids hoặc all.' });
export type MarkReadInput = z.infer<typeof MarkReadInput>;

export const UnreadCount = z.object({ unreadCount: z.number().int().min(0) });

export const MailPreferences = z.object({
	/** Per optional group: true when mail is on. Money mails are always on and not listed. */
	studio: z.boolean(),
	messages: z.boolean(),
	reports: z.boolean(),
	staff: z.boolean()
});
export type MailPreferences = z.infer<typeof MailPreferences>;
