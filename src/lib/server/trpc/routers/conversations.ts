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
import { completeUploadDocs, createUploadDocs, exampleVerifiedUpload } from './upload-docs';

const tags = ['Messages'];
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

// Every new conversation lands in someone's inbox (an author's, or staff's): a few an hour per account, more per IP (a school's NAT).
const startPolicy = (): RateLimitPolicy => ({ name: 'conversations', limit: config().conversations.startPerHour, windowMs: HOUR_MS, onStoreFailure: 'open' });
const startIpPolicy = (): RateLimitPolicy => ({ name: 'conversations-ip', limit: config().conversations.startPerHourIp, windowMs: HOUR_MS, onStoreFailure: 'open' });
// Messages: enough for a lively exchange, not for flooding someone's inbox.
const messagePolicy = (): RateLimitPolicy => ({ name: 'messages', limit: config().conversations.messagesPerMinute, windowMs: MINUTE_MS, onStoreFailure: 'open' });
const messageIpPolicy = (): RateLimitPolicy => ({ name: 'messages-ip', limit: config().conversations.messagesPerMinuteIp, windowMs: MINUTE_MS, onStoreFailure: 'open' });

const viewer = (ctx: { session: { user: { id: string; role: 'customer' | 'author' | 'staff' } } }) => ({ id: ctx.session.user.id, role: ctx.session.user.role });

const messageExample = {
	id: '1042',
	conversationId: '5b8e2f3a-0000-4000-8000-000000000000',
	senderId: '0c1d2e3f-0000-4000-8000-000000000000',
	mine: true,
	fromStaff: false,
	body: 'Tài liệu này có file Word không ạ?',
	attachments: [
		{
			id: '3c9e1f2a-0000-4000-8000-000000000000',
			fileName: 'anh-chup-trang-3.jpg',
			contentType: 'image/jpeg',
			sizeBytes: 182044,
			url: '/api/v1/conversations/5b8e2f3a-0000-4000-8000-000000000000/attachments/3c9e1f2a-0000-4000-8000-000000000000'
		}
	],
	createdAt: '2026-11-20T08:30:00.000Z'
};
const conversationExample = {
	id: '5b8e2f3a-0000-4000-8000-000000000000',
	kind: 'product',
	status: 'open',
	otherParty: { id: '7a6b5c4d-0000-4000-8000-000000000000', name: 'Cô Lan', isStaff: false },
	product: { id: '9e8d7c6b-0000-4000-8000-000000000000', title: 'Giáo án Toán lớp 1 (Cánh diều)' },
	lastMessage: messageExample,
	unreadCount: 0,
	blocked: false,
	lastMessageAt: '2026-11-20T08:30:00.000Z',
	createdAt: '2026-11-20T08:30:00.000Z'
};

const notFoundOrAuth = { 400: ['validation_error' as const], 401: ['unauthenticated' as const], 404: ['not_found' as const] };

export const conversationsRouter = router({
	list: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/conversations',
			scopes: ['messages:read'],
			summary: 'Conversations',
			description:
				'The signed-in account\'s conversations, newest activity first, each with the other party (the staff inbox for support), the product if any, the last message and `unreadCount` (messages from the other side not yet read). Staff also see the shared support inbox.',
			tags,
			envelope: 'list',
			auth: 'session',
			errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
			example: { items: [conversationExample], nextCursor: null, hasMore: false }
		}
	})
		.input(ConversationQuery)
		.output(ConversationPage)
		.query(({ ctx, input }) => listConversations(viewer(ctx), input)),

	start: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/conversations',
			scopes: ['messages:write'],
			summary: 'Start a conversation',
			description:
				'Asks about a product (`productId`: its author answers, or staff for house-catalog products) or writes to support (`toSupport: true`), with a first message `body` (plain text, trimmed and NFC-normalised, 1–4 000 characters). Asking again about the same product, or writing to support again, continues the open conversation (`created: false`). A person who blocked the caller refuses with 403. Limited per account and per IP, per hour (`CONVERSATION_RATE_LIMIT`, `CONVERSATION_RATE_LIMIT_IP`).',
			tags,
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			rateLimit: {
				requests: [
					{ policy: startPolicy, key: 'user' },
					{ policy: startIpPolicy, key: 'ip' }
				]
			},
			errors: { 400: ['validation_error'], 401: ['unauthenticated'], 403: ['forbidden'], 404: ['not_found'], 409: ['conflict'], 429: ['rate_limited'] },
			example: { conversation: conversationExample, message: messageExample, created: true }
		}
	})
		.input(StartConversationInput)
		.output(StartedConversation)
		.mutation(async ({ ctx, input }) => (await startConversation(viewer(ctx), input)).result),

	messages: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/conversations/{id}/messages',
			scopes: ['messages:read'],
			summary: 'Messages of a conversation',
			description:
				'The newest page of messages, oldest first; `nextCursor` pages back to older ones. With `after` (a message id), only the messages newer than it, oldest first: what a page polls for while it is open. 404 for a conversation that does not exist or that the caller is not a party of.',
			tags,
			envelope: 'list',
			auth: 'session',
			errors: notFoundOrAuth,
			example: { items: [messageExample], nextCursor: null, hasMore: false }
		}
	})
		.input(MessageQuery)
		.output(MessagePage)
		.query(({ ctx, input }) => listMessages(viewer(ctx), input)),

	send: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/conversations/{id}/messages',
			scopes: ['messages:write'],
			summary: 'Send a message',
			description:
				'Adds a message: `body` (plain text, trimmed and NFC-normalised, 1–4 000 characters) and/or `attachmentIds`, up to 4 verified uploads of `POST /api/v1/conversations/attachments` not sent with any message yet (400 otherwise); a message needs at least one of the two. 403 when the other party blocked the caller, 409 when the caller blocked them or the conversation was closed by staff. Limited per account and per IP, per minute (`MESSAGE_RATE_LIMIT`, `MESSAGE_RATE_LIMIT_IP`).',
			tags,
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			rateLimit: {
				requests: [
					{ policy: messagePolicy, key: 'user' },
					{ policy: messageIpPolicy, key: 'ip' }
				]
			},
			errors: { 400: ['validation_error'], 401: ['unauthenticated'], 403: ['forbidden'], 404: ['not_found'], 409: ['conflict'], 429: ['rate_limited'] },
			example: messageExample
		}
	})
		.input(SendMessageInput)
		.output(Message)
		.mutation(async ({ ctx, input }) => (await sendMessage(viewer(ctx), input.id, input.body ?? '', input.attachmentIds)).message),

	createAttachment: route({
		openapi: {
			...createUploadDocs,
			path: '/api/v1/conversations/attachments',
			scopes: ['messages:write'],
			summary: 'Open an upload slot for a message attachment',
			description: `A file to send with a message: an image (JPEG, PNG, WebP) or a PDF, at most MESSAGE_ATTACHMENT_MAX_BYTES (10 MiB). The same two steps as the studio's uploads: declare it here, send the bytes to \`put\` (or \`multipart\`), then \`POST …/attachments/{id}/complete\`; the verified upload's \`id\` goes into \`attachmentIds\` of \`POST /api/v1/conversations/{id}/messages\`. One that is never sent is deleted after UPLOAD_UNATTACHED_TTL_HOURS. Slots count against the account's upload quotas (UPLOAD_SLOTS_PER_HOUR: 429; UPLOAD_PENDING_BYTES_PER_AUTHOR, UPLOAD_STORED_BYTES_PER_AUTHOR). ${createUploadDocs.description}`,
			tags,
			auth: 'session',
			rateLimit: { requests: [{ policy: uploadSlotPolicy, key: 'user' }] },
			errors: { 400: ['validation_error'], 401: ['unauthenticated'], 422: ['state_violation'], 429: ['rate_limited'] }
		}
	})
		.input(AttachmentSlotInput)
		.output(UploadSlot)
		.mutation(({ ctx, input }) => createAttachmentSlot(viewer(ctx), input)),

	completeAttachment: route({
		openapi: {
			...completeUploadDocs,
			path: '/api/v1/conversations/attachments/{id}/complete',
			scopes: ['messages:write'],
			summary: 'Verify a message attachment',
			tags,
			auth: 'session',
			errors: { 400: ['validation_error'], 401: ['unauthenticated'], 404: ['not_found'], 409: ['conflict'] },
			example: { ...exampleVerifiedUpload, purpose: 'attachment', fileName: 'anh-chup-trang-3.jpg', contentType: 'image/jpeg', detectedType: 'image/jpeg' }
		}
	})
		.input(CompleteUploadInput)
		.output(Upload)
		.mutation(({ ctx, input }) => completeAttachment(viewer(ctx), input.id, input.parts)),

	attachment: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/conversations/{id}/attachments/{attachmentId}',
			scopes: ['messages:read'],
			summary: 'Download a message attachment',
			description:
				'The bytes of a file attached to a message of the conversation, for its two parties (and staff once the conversation was reported); anyone else gets the same 404 as for a conversation that does not exist. `Content-Type` is the type found in the bytes when they were verified (JPEG, PNG, WebP or PDF, never HTML or SVG), with `X-Content-Type-Options: nosniff` and a sandboxing `Content-Security-Policy`; images come `inline`, PDFs as an `attachment` download.',
			tags,
			envelope: 'stream',
			fileTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
			auth: 'session',
			responseHeaders: { 'Content-Disposition': '`inline` for images, `attachment` for PDFs, with the file name (RFC 6266)', 'X-Content-Type-Options': '`nosniff`' },
			errors: notFoundOrAuth
		}
	})
		.input(AttachmentFileInput)
		.query(({ ctx, input }) => attachmentFile(viewer(ctx), input.id, input.attachmentId)),

	markRead: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/conversations/{id}/read',
			scopes: ['messages:write'],
			summary: 'Mark a conversation read',
			description: 'Marks the conversation read up to `upTo` (a message id) or to its newest message, and answers the unread messages left in it and across all the caller\'s conversations.',
			tags,
			envelope: 'object',
			auth: 'session',
			sameOrigin: true,
			errors: notFoundOrAuth,
			example: { unreadCount: 0, totalUnread: 2 }
		}
	})
		.input(MarkConversationReadInput)
		.output(ConversationUnread)
		.mutation(({ ctx, input }) => markConversationRead(viewer(ctx), input.id, input.upTo)),

	unread: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/me/unread',
			scopes: ['messages:read', 'notifications:read'],
			summary: 'Unread counts',
			description: 'What the header\'s badges show: unread messages across the caller\'s conversations, and unread notifications.',
			tags,
			envelope: 'object',
			auth: 'session',
			errors: { 401: ['unauthenticated'] },
			example: { messages: 3, notifications: 1 }
		}
	})
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
