/**
 * Conversations (REST tag `Messages`): the list, starting one, messages,
 * read marks and the header's unread counts; "Chặn" and "Báo cáo" are
 * storefront-only. Wiring only: the rules are in conversations/.
 */
import {
	BlockInput,
	BlockState,
	ConversationIdInput,
	ConversationPage,
	ConversationQuery,
	ConversationUnread,
	MarkConversationReadInput,
	MeUnread,
	Message,
	MessagePage,
	MessageQuery,
	ReportMessageInput,
	SendMessageInput,
	StartConversationInput,
	StartedConversation
} from '../../../contracts/conversations';
import { z } from 'zod';
import { config } from '../../config';
import { getConversation, listConversations, listMessages, markConversationRead, sendMessage, startConversation, totalUnread } from '../../conversations/inbox';
import { closeConversation, listReportedConversations, reportedConversation, reportMessage, setBlocked } from '../../conversations/safety';
import { unreadCount } from '../../notifications/inbox';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { route, router, sessionProcedure, staffProcedure } from '../init';
import { AttachmentFileInput, AttachmentSlotInput, CloseConversationInput, Conversation, ReportedConversationDetail, ReportedConversationList } from '../../../contracts/conversations';
import { CompleteUploadInput, Upload, UploadSlot } from '../../../contracts/uploads';
import { attachmentFile, completeAttachment, createAttachmentSlot } from '../../conversations/attachments';
import { uploadSlotPolicy } from '../../uploads/quotas';
import { docs } from './conversations.docs';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

// Every new conversation lands in someone's inbox (an author's, or staff's): a few an hour per account, more per IP (a school's NAT).
const startPolicy = (): RateLimitPolicy => ({ name: 'conversations', limit: config().conversations.startPerHour, windowMs: HOUR_MS, onStoreFailure: 'open' });
const startIpPolicy = (): RateLimitPolicy => ({ name: 'conversations-ip', limit: config().conversations.startPerHourIp, windowMs: HOUR_MS, onStoreFailure: 'open' });
// Messages: enough for a lively exchange, not for flooding someone's inbox.
const messagePolicy = (): RateLimitPolicy => ({ name: 'messages', limit: config().conversations.messagesPerMinute, windowMs: MINUTE_MS, onStoreFailure: 'open' });
const messageIpPolicy = (): RateLimitPolicy => ({ name: 'messages-ip', limit: config().conversations.messagesPerMinuteIp, windowMs: MINUTE_MS, onStoreFailure: 'open' });

const viewer = (ctx: { session: { user: { id: string; role: 'customer' | 'author' | 'staff' } } }) => ({ id: ctx.session.user.id, role: ctx.session.user.role });

export const conversationsRouter = router({
	list: route({ openapi: { method: 'GET', path: '/api/v1/conversations', envelope: 'list', auth: 'session', ...docs.list } })
		.input(ConversationQuery)
		.output(ConversationPage)
		.query(({ ctx, input }) => listConversations(viewer(ctx), input)),

	start: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/conversations',
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			rateLimit: {
				requests: [
					{ policy: startPolicy, key: 'user' },
					{ policy: startIpPolicy, key: 'ip' }
				]
			},
			...docs.start
		}
	})
		.input(StartConversationInput)
		.output(StartedConversation)
		.mutation(async ({ ctx, input }) => (await startConversation(viewer(ctx), input)).result),

	messages: route({ openapi: { method: 'GET', path: '/api/v1/conversations/{id}/messages', envelope: 'list', auth: 'session', ...docs.messages } })
		.input(MessageQuery)
		.output(MessagePage)
		.query(({ ctx, input }) => listMessages(viewer(ctx), input)),

	send: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/conversations/{id}/messages',
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			rateLimit: {
				requests: [
					{ policy: messagePolicy, key: 'user' },
					{ policy: messageIpPolicy, key: 'ip' }
				]
			},
			...docs.send
		}
	})
		.input(SendMessageInput)
		.output(Message)
		.mutation(async ({ ctx, input }) => (await sendMessage(viewer(ctx), input.id, input.body ?? '', input.attachmentIds)).message),

	createAttachment: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/conversations/attachments',
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			rateLimit: { requests: [{ policy: uploadSlotPolicy, key: 'user' }] },
			...docs.createAttachment
		}
	})
		.input(AttachmentSlotInput)
		.output(UploadSlot)
		.mutation(({ ctx, input }) => createAttachmentSlot(viewer(ctx), input)),

	completeAttachment: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/conversations/attachments/{id}/complete',
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			...docs.completeAttachment
		}
	})
		.input(CompleteUploadInput)
		.output(Upload)
		.mutation(({ ctx, input }) => completeAttachment(viewer(ctx), input.id, input.parts)),

	attachment: route({
		openapi: { method: 'GET', path: '/api/v1/conversations/{id}/attachments/{attachmentId}', envelope: 'stream', auth: 'session', ...docs.attachment }
	})
		.input(AttachmentFileInput)
		.query(({ ctx, input }) => attachmentFile(viewer(ctx), input.id, input.attachmentId)),

	markRead: route({
		openapi: { method: 'POST', path: '/api/v1/conversations/{id}/read', envelope: 'object', auth: 'session', sameOrigin: true, ...docs.markRead }
	})
		.input(MarkConversationReadInput)
		.output(ConversationUnread)
		.mutation(({ ctx, input }) => markConversationRead(viewer(ctx), input.id, input.upTo)),

	unread: route({ openapi: { method: 'GET', path: '/api/v1/me/unread', envelope: 'object', auth: 'session', ...docs.unread } })
		.input(z.object({}))
		.output(MeUnread)
		.query(async ({ ctx }) => {
			const [messages, notifications] = await Promise.all([totalUnread(viewer(ctx)), unreadCount(ctx.session.user.id)]);
			return { messages, notifications };
		}),

	/** One conversation as the list shows it (storefront only). */
	get: sessionProcedure
		.input(ConversationIdInput)
		.output(Conversation)
		.query(({ ctx, input }) => getConversation(viewer(ctx), input.id)),

	/** "Chặn" / "Bỏ chặn" the other party (storefront only). */
	block: route({ policies: { auth: 'session', sameOrigin: true } })
		.input(BlockInput)
		.output(BlockState)
		.mutation(({ ctx, input }) => setBlocked(viewer(ctx), input.id, input.blocked)),

	/** "Báo cáo" a message of the other party (storefront only): staff may then read the conversation. */
	report: route({ policies: { auth: 'session', sameOrigin: true } })
		.input(ReportMessageInput)
		.output(z.object({ reported: z.literal(true) }))
		.mutation(({ ctx, input }) => reportMessage(viewer(ctx), input.id, input.messageId, input.reason)),

	/** The console's reported conversations (/quan-tri/tin-nhan, staff only, no REST route). */
	staff: router({
		reported: staffProcedure
			.input(z.object({ status: z.enum(['open', 'closed']).optional() }))
			.output(ReportedConversationList)
			.query(({ input }) => listReportedConversations(input)),
		get: staffProcedure
			.input(ConversationIdInput)
			.output(ReportedConversationDetail)
			.query(({ ctx, input }) => reportedConversation(viewer(ctx), input.id)),
		/** Closes it for both parties and audits it, in one transaction. */
		close: route({ policies: { auth: 'staff', sameOrigin: true } })
			.input(CloseConversationInput)
			.output(ReportedConversationDetail)
			.mutation(({ ctx, input }) => closeConversation(viewer(ctx), input.id, input.note))
	})
});
