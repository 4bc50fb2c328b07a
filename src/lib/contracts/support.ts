/** "Hỗ trợ": the support form and the staff queue. Storefront and console only (no REST route). */
import { z } from 'zod';
import { Email } from './auth';

export const supportTicketStatuses = ['open', 'answered'] as const;
export const SupportTicketStatus = z.enum(supportTicketStatuses);
export type SupportTicketStatus = z.infer<typeof SupportTicketStatus>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A signed-in buyer's own address is used whatever `email` says; a visitor must give one. */
export const CreateTicketInput = z.object({
	email: z.preprocess(blankToUndefined, Email.optional()),
	name: z.preprocess(blankToUndefined, z.string().trim().max(120, 'Họ tên tối đa 120 ký tự.').optional()),
	subject: z.string({ error: 'Vui lòng nhập tiêu đề.' }).trim().min(3, 'Tiêu đề cần ít nhất 3 ký tự.').max(150, 'Tiêu đề tối đa 150 ký tự.')
		// It becomes the answer mail's subject line: one line only.
		.transform((s) => s.replace(/\s+/g, ' ')),
	message: z.string({ error: 'Vui lòng mô tả vấn đề.' }).trim().min(10, 'Vui lòng mô tả vấn đề ít nhất 10 ký tự.').max(5000, 'Nội dung tối đa 5000 ký tự.')
});
export type CreateTicketInput = z.infer<typeof CreateTicketInput>;

export const CreatedTicket = z.object({ id: z.string(), status: SupportTicketStatus, createdAt: z.iso.datetime() });

export const SupportTicket = z.object({
	id: z.string(),
	status: SupportTicketStatus,
	userId: z.string().nullable(),
	email: z.string(),
	name: z.string().nullable(),
	subject: z.string(),
	message: z.string(),
	answer: z.string().nullable(),
	answeredByEmail: z.string().nullable(),
	answeredAt: z.iso.datetime().nullable(),
	createdAt: z.iso.datetime()
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const SupportTicketQuery = z.object({ status: SupportTicketStatus.optional() });
export const SupportTicketList = z.object({ items: z.array(SupportTicket), hasMore: z.boolean() });

export const TicketIdInput = z.object({ id: z.uuid('Mã yêu cầu không hợp lệ.') });
export const AnswerTicketInput = z.object({
	id: z.uuid('Mã yêu cầu không hợp lệ.'),
	answer: z.string({ error: 'Vui lòng nhập câu trả lời.' }).trim().min(10, 'Câu trả lời cần ít nhất 10 ký tự.').max(10000, 'Câu trả lời tối đa 10000 ký tự.')
});

export const supportStatusLabels: Record<SupportTicketStatus, string> = { open: 'Đang chờ', answered: 'Đã trả lời' };
