/** Notifications: the list with its unread count, and marking read (REST `Notifications`). */
import { MailPreferences, MarkReadInput, NotificationPage, NotificationQuery, UnreadCount } from '../../../contracts/notifications';
import { listNotifications, markRead, unreadCount } from '../../notifications/inbox';
import { mailPreferences, setMailPreferences } from '../../notifications/preferences';
import { route, router, sessionProcedure } from '../init';

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

export const notificationsRouter = router({
	list: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/notifications',
			scopes: ['notifications:read'],
			summary: 'Notifications',
			description:
				'The signed-in account\'s notifications, newest first: payments, refunds and short transfers, decisions on submissions and reports, sales and payouts, and staff work. `unreadCount` counts every unread one (the badge). Ids only grow.',
			tags,
			envelope: 'list',
			auth: 'session',
			errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
			example: { items: [example], nextCursor: null, hasMore: false, unreadCount: 1 }
		}
	})
		.input(NotificationQuery)
		.output(NotificationPage)
		.query(({ ctx, input }) => listNotifications(ctx.session.user.id, input)),

	markRead: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/notifications/read',
			scopes: ['notifications:write'],
			summary: 'Mark notifications read',
			description: 'Marks the given notifications (`ids`) or all of them (`all: true`) read and answers the unread count left. Ids that are not the caller\'s are ignored.',
			tags,
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
			example: { unreadCount: 0 }
		}
	})
		.input(MarkReadInput)
		.output(UnreadCount)
		.mutation(({ ctx, input }) => markRead(ctx.session.user.id, input)),

	/** The header badge (storefront only). */
	unread: sessionProcedure.output(UnreadCount).query(async ({ ctx }) => ({ unreadCount: await unreadCount(ctx.session.user.id) })),

	/** Mail preferences on /tai-khoan (storefront only). */
	mailPreferences: sessionProcedure.output(MailPreferences).query(({ ctx }) => mailPreferences(ctx.session.user.email)),

	setMailPreferences: sessionProcedure
		.input(MailPreferences)
		.output(MailPreferences)
		.mutation(({ ctx, input }) => setMailPreferences(ctx.session.user.email, input))
});
