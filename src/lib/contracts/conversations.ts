/** Conversations ("Tin nhắn"): questions about a product to its author, and support with staff (REST tag `Messages`). */
import { z } from 'zod';
import { pageFields } from './money';
import { CreateUploadInput } from './uploads';

export const MESSAGE_MAX_LENGTH = 4000;

/** Plain text, NFC-normalised and trimmed, 1–4 000 characters; never HTML (pages render it as text, links made clickable). */
export const MessageBody = z
	.string({ error: 'Vui lòng nhập nội dung tin nhắn.' })
	// Before normalising: a bound on the work, loose enough for text typed decomposed (NFD), which NFC shortens.
	.max(MESSAGE_MAX_LENGTH * 4, `Tin nhắn tối đa ${MESSAGE_MAX_LENGTH} ký tự.`)
	.transform((s) => s.normalize('NFC').trim())
	.pipe(
		z
			.string()
			.min(1, 'Vui lòng nhập nội dung tin nhắn.')
			// Characters as people count them (code points), as the database's char_length does: an emoji is one.
			.refine((s) => [...s].length <= MESSAGE_MAX_LENGTH, `Tin nhắn tối đa ${MESSAGE_MAX_LENGTH} ký tự.`)
	);

/** At most this many files on one message. */
export const MAX_MESSAGE_ATTACHMENTS = 4;
/** What may be attached: images shown as thumbnails, and PDFs. */
export const ATTACHMENT_TYPES = { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'], 'image/webp': ['webp'], 'application/pdf': ['pdf'] } as const;

export const MessageAttachment = z
	.object({
		/** The verified upload's id. */
		id: z.string(),
		fileName: z.string(),
		contentType: z.enum(Object.keys(ATTACHMENT_TYPES) as [keyof typeof ATTACHMENT_TYPES, ...(keyof typeof ATTACHMENT_TYPES)[]]),
		sizeBytes: z.number().int(),
		/** `GET` it with the session: only the conversation's readers get the bytes, anyone else 404. */
		url: z.string()
	})
	.meta({ id: 'MessageAttachment' });
export type MessageAttachment = z.infer<typeof MessageAttachment>;

const MessageId = z.string().regex(/^[0-9]{1,19}$/, 'Mã tin nhắn không hợp lệ.');
const ConversationId = z.uuid('Mã cuộc trò chuyện không hợp lệ.');

export const conversationKinds = ['product', 'support'] as const;
export const conversationStatuses = ['open', 'closed'] as const;

export const Message = z
	.object({
		/** Grows with every message: `after` polls for the ones past it. */
		id: MessageId,
		conversationId: z.string(),
		senderId: z.string(),
		/** The caller wrote it. */
		mine: z.boolean(),
		/** Staff answering in the shared support inbox. */
		fromStaff: z.boolean(),
		/** Empty when the message is only attachments. */
		body: z.string(),
		/** Images (JPEG, PNG, WebP) and PDFs, in the order they were sent; empty for most messages. */
		attachments: z.array(MessageAttachment),
		createdAt: z.iso.datetime()
	})
	.meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

export const ConversationParty = z.object({
	/** Null: the shared staff inbox ("Hỗ trợ hoclieu"). */
	id: z.string().nullable(),
	name: z.string(),
	isStaff: z.boolean()
});

export const Conversation = z
	.object({
		id: z.string(),
		kind: z.enum(conversationKinds),
		status: z.enum(conversationStatuses),
		/** The person (or the staff inbox) on the other side from the caller. */
		otherParty: ConversationParty,
		product: z.object({ id: z.string(), title: z.string() }).nullable(),
		lastMessage: Message.nullable(),
		/** Messages from the other side the caller has not read. */
		unreadCount: z.number().int().min(0),
		/** The caller has blocked the other party. */
		blocked: z.boolean(),
		lastMessageAt: z.iso.datetime(),
		createdAt: z.iso.datetime()
	})
	.meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof Conversation>;

export const ConversationQuery = z.object({
	cursor: z.string().min(1).max(512).optional(),
	pageSize: z.number().int().min(1).max(50).default(20)
});
export type ConversationQuery = z.infer<typeof ConversationQuery>;

export const ConversationPage = z.object({ items: z.array(Conversation), ...pageFields });
export type ConversationPage = z.infer<typeof ConversationPage>;

export const StartConversationInput = z
	.object({
		/** Ask about this product: its author answers, or staff for house-catalog products. */
		productId: z.uuid('Mã học liệu không hợp lệ.').optional(),
		/** Write to support (staff). */
		toSupport: z.literal(true).optional(),
		body: MessageBody
	})
	.refine((v) => (v.productId === undefined) !== (v.toSupport === undefined), {
		message: 'Gửi đúng một trong hai: productId hoặc toSupport.',
		path: ['productId']
	});
export type StartConversationInput = z.infer<typeof StartConversationInput>;

export const StartedConversation = z.object({
	conversation: Conversation,
	message: Message,
	/** False when the question continued the open conversation about the same product (or with support). */
	created: z.boolean()
});
export type StartedConversation = z.infer<typeof StartedConversation>;

export const MessageQuery = z.object({
	id: ConversationId,
	/** Older messages: the `nextCursor` of the previous page. */
	cursor: z.string().min(1).max(512).optional(),
	/** Only messages newer than this id, oldest first (polling). */
	after: MessageId.optional(),
	pageSize: z.number().int().min(1).max(100).default(50)
});
export type MessageQuery = z.infer<typeof MessageQuery>;

export const MessagePage = z.object({
	/** Oldest first. */
	items: z.array(Message),
	...pageFields
});
export type MessagePage = z.infer<typeof MessagePage>;

const AttachmentIds = z
	.array(z.uuid('Mã tệp đính kèm không hợp lệ.'))
	.max(MAX_MESSAGE_ATTACHMENTS, `Mỗi tin nhắn đính kèm tối đa ${MAX_MESSAGE_ATTACHMENTS} tệp.`)
	.refine((ids) => new Set(ids).size === ids.length, 'Một tệp chỉ đính kèm một lần.');

export const SendMessageInput = z
	.object({
		id: ConversationId,
		/** Optional when the message carries attachments. */
		body: MessageBody.optional(),
		/** Verified uploads of `POST /api/v1/conversations/attachments`, not yet sent, at most 4. */
		attachmentIds: AttachmentIds.optional()
	})
	.refine((v) => v.body !== undefined || (v.attachmentIds?.length ?? 0) > 0, { message: 'Vui lòng nhập nội dung tin nhắn hoặc đính kèm tệp.', path: ['body'] });
export type SendMessageInput = z.infer<typeof SendMessageInput>;

export const MarkConversationReadInput = z.object({
	id: ConversationId,
	/** Read up to this message (default: all). */
	upTo: MessageId.optional()
});

export const ConversationUnread = z.object({
	/** Unread messages left in this conversation. */
	unreadCount: z.number().int().min(0),
	/** Unread messages across all the caller's conversations (the header badge). */
	totalUnread: z.number().int().min(0)
});

export const MeUnread = z.object({
	/** Unread messages across the caller's conversations. */
	messages: z.number().int().min(0),
	/** Unread notifications. */
	notifications: z.number().int().min(0)
});

export const ConversationIdInput = z.object({ id: ConversationId });

export const ReportMessageInput = z.object({
	id: ConversationId,
	messageId: MessageId,
	reason: z.string({ error: 'Vui lòng cho biết lý do.' }).trim().min(3, 'Lý do cần ít nhất 3 ký tự.').max(1000, 'Lý do tối đa 1000 ký tự.')
});

export const BlockInput = z.object({ id: ConversationId, blocked: z.boolean() });
export const BlockState = z.object({ blocked: z.boolean() });

/** The staff console's view of a reported conversation. */
export const ReportedConversation = z.object({
	id: z.string(),
	kind: z.enum(conversationKinds),
	status: z.enum(conversationStatuses),
	starter: z.object({ id: z.string(), name: z.string(), email: z.string() }),
	recipient: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
	product: z.object({ id: z.string(), title: z.string() }).nullable(),
	reportedAt: z.iso.datetime().nullable(),
	closedAt: z.iso.datetime().nullable(),
	reports: z.array(z.object({ messageId: z.string(), reporterName: z.string(), reason: z.string(), createdAt: z.iso.datetime() })),
	lastMessageAt: z.iso.datetime()
});
export type ReportedConversation = z.infer<typeof ReportedConversation>;

export const ReportedConversationList = z.object({ items: z.array(ReportedConversation), hasMore: z.boolean() });
export const ReportedConversationDetail = z.object({ conversation: ReportedConversation, messages: z.array(Message) });
export type ReportedConversationDetail = z.infer<typeof ReportedConversationDetail>;
export const CloseConversationInput = z.object({
	id: ConversationId,
	note: z.string({ error: 'Vui lòng ghi lý do đóng.' }).trim().min(3, 'Ghi chú cần ít nhất 3 ký tự.').max(1000, 'Ghi chú tối đa 1000 ký tự.')
});

/** An attachment's upload slot: the upload pipeline's declaration with the purpose fixed. */
export const AttachmentSlotInput = CreateUploadInput.omit({ purpose: true });
export type AttachmentSlotInput = z.infer<typeof AttachmentSlotInput>;

export const AttachmentFileInput = z.object({ id: ConversationId, attachmentId: z.uuid('Mã tệp đính kèm không hợp lệ.') });
