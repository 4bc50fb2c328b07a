/** What /openapi.json says about the routes of ./notifications.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

const tags = ['Notifications'];

const example = {
	id: '4213',
	kind: 'order.refunded',
	group: 'money',
	title: 'Đơn hàng DH100227 đã được hoàn tiền',
	body: '45.000 ₫ đã được hoàn vào ví chính của bạn (“Giáo án Toán lớp 1”). Lý do: Tệp bị lỗi',
	link: '/thanh-toan/6f1c2a9e-0000-4000-8000-000000000000',
	createdAt: '2026-11-20T08:30:00.000Z',
	readAt: null
};

export const docs = {
	list: {
		scopes: ['notifications:read'],
		summary: 'Notifications',
		description:
			'The signed-in account\'s notifications, newest first: payments, refunds and short transfers, decisions on submissions and reports, sales and payouts, and staff work. `unreadCount` counts every unread one (the badge). Ids only grow.',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
		example: { items: [example], nextCursor: null, hasMore: false, unreadCount: 1 }
	},

	markRead: {
		scopes: ['notifications:write'],
		summary: 'Mark notifications read',
		description: 'Marks the given notifications (`ids`) or all of them (`all: true`) read and answers the unread count left. Ids that are not the caller\'s are ignored.',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
		example: { unreadCount: 0 }
	}
} satisfies RouterDocs;
