/**
 * The auth flows' emails, in Vietnamese, as plain text plus a simple HTML part.
 */
import type { MailMessage } from '../platform/mail';
import { mailHtml as html } from '../platform/mail-html';

const IGNORE = 'Nếu bạn không yêu cầu, hãy bỏ qua email này; tài khoản của bạn vẫn an toàn.';

export function otpMail(to: string, code: string, minutes: number): MailMessage {
	const lines = [
		'Xin chào,',
		`Mã đăng nhập hoclieu của bạn là: ${code}`,
		`Mã có hiệu lực trong ${minutes} phút và chỉ dùng được một lần. Không chia sẻ mã này với bất kỳ ai.`,
		IGNORE
	];
	return {
		kind: 'sign_in_otp',
		to,
		subject: `Mã đăng nhập hoclieu: ${code}`,
		text: lines.join('\n\n') + '\n',
		html: html(lines)
	};
}

export function magicLinkMail(to: string, link: string, minutes: number): MailMessage {
	const lines = [
		'Xin chào,',
		'Bấm vào liên kết dưới đây để đăng nhập vào hoclieu.',
		`Liên kết có hiệu lực trong ${minutes} phút và chỉ dùng được một lần.`,
		IGNORE
	];
	return {
		kind: 'magic_link',
		to,
		subject: 'Liên kết đăng nhập hoclieu',
		text: [lines[0], lines[1], link, lines[2], lines[3]].join('\n\n') + '\n',
		html: html(lines, { href: link, label: 'Đăng nhập' })
	};
}

export function passwordResetMail(to: string, link: string, minutes: number): MailMessage {
	const lines = [
		'Xin chào,',
		'Chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản hoclieu của bạn.',
		`Liên kết có hiệu lực trong ${minutes} phút và chỉ dùng được một lần. Sau khi đặt lại, mọi phiên đăng nhập cũ sẽ bị đăng xuất.`,
		IGNORE
	];
	return {
		kind: 'password_reset',
		to,
		subject: 'Đặt lại mật khẩu hoclieu',
		text: [lines[0], lines[1], link, lines[2], lines[3]].join('\n\n') + '\n',
		html: html(lines, { href: link, label: 'Đặt lại mật khẩu' })
	};
}

/** ADR 005: sign-up with a registered address tells the owner, not only the requester. */
export function signUpAttemptMail(to: string): MailMessage {
	const lines = [
		'Xin chào,',
		'Vừa có người thử đăng ký một tài khoản hoclieu mới bằng địa chỉ email này. Vì email đã được đăng ký, không có tài khoản nào được tạo.',
		'Nếu đó là bạn, hãy đăng nhập, hoặc dùng "Quên mật khẩu" nếu bạn không nhớ mật khẩu.',
		'Nếu không phải bạn, bạn không cần làm gì; tài khoản của bạn vẫn an toàn.'
	];
	return {
		kind: 'sign_up_attempt',
		to,
		subject: 'Có người thử đăng ký hoclieu bằng email của bạn',
		text: lines.join('\n\n') + '\n',
		html: html(lines)
	};
}
