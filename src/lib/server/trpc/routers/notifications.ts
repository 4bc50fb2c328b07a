/** Notifications: the list with its unread count, and marking read (REST `Notifications`). */
import { MailPreferences, MarkReadInput, NotificationPage, NotificationQuery, UnreadCount } from '../../../contracts/notifications';
import { listNotifications, markRead, unreadCount } from '../../notifications/inbox';
import { mailPreferences, setMailPreferences } from '../../notifications/preferences';
import { route, router, sessionProcedure } from '../init';
import { docs } from './notifications.docs';

export const notificationsRouter = router({
	list: route({ openapi: { method: 'GET', path: '/api/v1/notifications', envelope: 'list', auth: 'session', ...docs.list } })
		.input(NotificationQuery)
		.output(NotificationPage)
		.query(({ ctx, input }) => listNotifications(ctx.session.user.id, input)),

	markRead: route({
		openapi: { method: 'POST', path: '/api/v1/notifications/read', envelope: 'object', auth: 'session', sameOrigin: true, ...docs.markRead }
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
