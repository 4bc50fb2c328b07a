/** The staff's answer to a support request, in Vietnamese, quoting the question. */
import type { MailMessage } from '../platform/mail';
import { mailHtml } from '../platform/mail-html';

export function supportAnswerMail(ticket: { email: string; name: string | null; subject: string; message: string }, answer: string): MailMessage {
	const greeting = ticket.name ? `Xin chào ${ticket.name},` : 'Xin chào,';
	const intro = `hoclieu trả lời yêu cầu hỗ trợ “${ticket.subject}” của bạn:`;
	const quoted = `Nội dung bạn đã gửi:\n${ticket.message}`;
	const closing = 'Nếu cần thêm trợ giúp, bạn có thể gửi yêu cầu mới tại trang Hỗ trợ của hoclieu.';
	return {
		kind: 'support_answer',
		to: ticket.email,
		subject: `Trả lời: ${ticket.subject}`,
		text: [greeting, intro, answer, quoted, closing].join('\n\n') + '\n',
		html: mailHtml([greeting, intro, answer], undefined, [quoted, closing])
	};
}
