/** The staff's answer to a support request, in Vietnamese, quoting the question, with the link to go on as a conversation (./continue.ts). */
import type { MailMessage } from '../platform/mail';
import { mailHtml } from '../platform/mail-html';

export function supportAnswerMail(ticket: { email: string; name: string | null; subject: string; message: string }, answer: string, continueUrl: string): MailMessage {
	const greeting = ticket.name ? `Xin chào ${ticket.name},` : 'Xin chào,';
	const intro = `hoclieu trả lời yêu cầu hỗ trợ “${ticket.subject}” của bạn:`;
	const quoted = `Nội dung bạn đã gửi:\n${ticket.message}`;
	const more = `Muốn hỏi tiếp? Mở liên kết này rồi đăng nhập (hoặc đăng ký) bằng địa chỉ ${ticket.email} để tiếp tục trong mục Tin nhắn của hoclieu, cùng toàn bộ nội dung trao đổi:\n${continueUrl}`;
	const closing = 'Bạn cũng có thể gửi yêu cầu mới tại trang Hỗ trợ của hoclieu.';
	return {
		kind: 'support_answer',
		to: ticket.email,
		subject: `Trả lời: ${ticket.subject}`,
		text: [greeting, intro, answer, quoted, more, closing].join('\n\n') + '\n',
		html: mailHtml([greeting, intro, answer], { label: 'Tiếp tục trong Tin nhắn', href: continueUrl }, [quoted, closing])
	};
}
