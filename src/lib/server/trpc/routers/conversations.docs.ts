/** What /openapi.json says about the routes of ./conversations.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';
import { completeUploadDocs, createUploadDocs, exampleVerifiedUpload } from './studio.docs';

const tags = ['Messages'];

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

export const docs = {
	list: {
		scopes: ['messages:read'],
		summary: 'Conversations',
		description:
			'The signed-in account\'s conversations, newest activity first, each with the other party (the staff inbox for support), the product if any, the last message and `unreadCount` (messages from the other side not yet read). Staff also see the shared support inbox.',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'] },
		example: { items: [conversationExample], nextCursor: null, hasMore: false }
	},

	start: {
		scopes: ['messages:write'],
		summary: 'Start a conversation',
		description:
			'Asks about a product (`productId`: its author answers, or staff for house-catalog products) or writes to support (`toSupport: true`), with a first message `body` (plain text, trimmed and NFC-normalised, 1–4 000 characters). Asking again about the same product, or writing to support again, continues the open conversation (`created: false`). A person who blocked the caller refuses with 403. Limited per account and per IP, per hour (`CONVERSATION_RATE_LIMIT`, `CONVERSATION_RATE_LIMIT_IP`).',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 403: ['forbidden'], 404: ['not_found'], 409: ['conflict'], 429: ['rate_limited'] },
		example: { conversation: conversationExample, message: messageExample, created: true }
	},

	messages: {
		scopes: ['messages:read'],
		summary: 'Messages of a conversation',
		description:
			'The newest page of messages, oldest first; `nextCursor` pages back to older ones. With `after` (a message id), only the messages newer than it, oldest first: what a page polls for while it is open. 404 for a conversation that does not exist or that the caller is not a party of.',
		tags,
		errors: notFoundOrAuth,
		example: { items: [messageExample], nextCursor: null, hasMore: false }
	},

	send: {
		scopes: ['messages:write'],
		summary: 'Send a message',
		description:
			'Adds a message: `body` (plain text, trimmed and NFC-normalised, 1–4 000 characters) and/or `attachmentIds`, up to 4 verified uploads of `POST /api/v1/conversations/attachments` not sent with any message yet (400 otherwise); a message needs at least one of the two. 403 when the other party blocked the caller, 409 when the caller blocked them or the conversation was closed by staff. Limited per account and per IP, per minute (`MESSAGE_RATE_LIMIT`, `MESSAGE_RATE_LIMIT_IP`).',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 403: ['forbidden'], 404: ['not_found'], 409: ['conflict'], 429: ['rate_limited'] },
		example: messageExample
	},

	createAttachment: {
		...createUploadDocs,
		scopes: ['messages:write'],
		summary: 'Open an upload slot for a message attachment',
		description: `A file to send with a message: an image (JPEG, PNG, WebP) or a PDF, at most MESSAGE_ATTACHMENT_MAX_BYTES (10 MiB). The same two steps as the studio's uploads: declare it here, send the bytes to \`put\` (or \`multipart\`), then \`POST …/attachments/{id}/complete\`; the verified upload's \`id\` goes into \`attachmentIds\` of \`POST /api/v1/conversations/{id}/messages\`. One that is never sent is deleted after UPLOAD_UNATTACHED_TTL_HOURS. Slots count against the account's upload quotas (UPLOAD_SLOTS_PER_HOUR: 429; UPLOAD_PENDING_BYTES_PER_AUTHOR, UPLOAD_STORED_BYTES_PER_AUTHOR). ${createUploadDocs.description}`,
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 422: ['state_violation'], 429: ['rate_limited'] }
	},

	completeAttachment: {
		...completeUploadDocs,
		scopes: ['messages:write'],
		summary: 'Verify a message attachment',
		tags,
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 404: ['not_found'], 409: ['conflict'] },
		example: { ...exampleVerifiedUpload, purpose: 'attachment', fileName: 'anh-chup-trang-3.jpg', contentType: 'image/jpeg', detectedType: 'image/jpeg' }
	},

	attachment: {
		scopes: ['messages:read'],
		summary: 'Download a message attachment',
		description:
			'The bytes of a file attached to a message of the conversation, for its two parties (and staff once the conversation was reported); anyone else gets the same 404 as for a conversation that does not exist. `Content-Type` is the type found in the bytes when they were verified (JPEG, PNG, WebP or PDF, never HTML or SVG), with `X-Content-Type-Options: nosniff` and a sandboxing `Content-Security-Policy`; images come `inline`, PDFs as an `attachment` download.',
		tags,
		fileTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
		responseHeaders: { 'Content-Disposition': '`inline` for images, `attachment` for PDFs, with the file name (RFC 6266)', 'X-Content-Type-Options': '`nosniff`' },
		errors: notFoundOrAuth
	},

	markRead: {
		scopes: ['messages:write'],
		summary: 'Mark a conversation read',
		description: 'Marks the conversation read up to `upTo` (a message id) or to its newest message, and answers the unread messages left in it and across all the caller\'s conversations.',
		tags,
		errors: notFoundOrAuth,
		example: { unreadCount: 0, totalUnread: 2 }
	},

	unread: {
		scopes: ['messages:read', 'notifications:read'],
		summary: 'Unread counts',
		description: 'What the header\'s badges show: unread messages across the caller\'s conversations, and unread notifications.',
		tags,
		errors: { 401: ['unauthenticated'] },
		example: { messages: 3, notifications: 1 }
	}
} satisfies RouterDocs;
