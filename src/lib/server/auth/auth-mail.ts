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

/** The sign-up mail and "Gửi lại mã xác minh": a code for the page the person is on, and a link. */
export function verificationMail(to: string, code: string, codeMinutes: number, link: string, linkHours: number): MailMessage {
	const lines = [
		'Xin chào,',
		`Mã xác minh email hoclieu của bạn là: ${code}`,
		`Nhập mã này vào trang hoclieu bạn đang mở (mã có hiệu lực trong ${codeMinutes} phút). Hoặc bấm vào liên kết dưới đây (hiệu lực ${linkHours} giờ); nếu mở liên kết trên một trình duyệt chưa đăng nhập, hoclieu sẽ hỏi bạn đăng nhập trước, và mật khẩu của bạn vẫn được giữ nguyên.`,
		'Nếu bạn không tạo tài khoản hoclieu bằng email này, đừng bấm liên kết: hãy bỏ qua email này, hoặc đăng nhập bằng mã qua email để lấy lại quyền kiểm soát địa chỉ của bạn.'
	];
	return {
		kind: 'email_verification',
		to,
		subject: `Mã xác minh email hoclieu: ${code}`,
		text: [lines[0], lines[1], lines[2], link, lines[3]].join('\n\n') + '\n',
		html: html(lines.slice(0, 3), { href: link, label: 'Xác minh email' }, lines.slice(3))
	};
}

/**
 * The pre-registration defence dropped the password of an account whose address was never
 * proven (accounts.ts, claimVerifiedAccount): the owner learns why and how to set their own.
 */
export function passwordDroppedMail(to: string, accountUrl: string, forgotUrl: string): MailMessage {
	const lines = [
		'Xin chào,',
		'Bạn vừa chứng minh mình là chủ của địa chỉ email này và đã đăng nhập vào hoclieu.',
		'Tài khoản gắn với email này đã được đăng ký kèm một mật khẩu nhưng chưa từng được xác minh, nên hoclieu không biết mật khẩu đó có phải do bạn đặt hay không. Để không ai khác giữ được đường vào tài khoản của bạn, mật khẩu đó đã bị gỡ và mọi thiết bị khác đã bị đăng xuất.',
		`Nếu muốn đăng nhập bằng mật khẩu, hãy đặt mật khẩu mới trong Tài khoản → Đặt mật khẩu: ${accountUrl}`,
		`Hoặc dùng "Quên mật khẩu": ${forgotUrl}. Bạn cũng luôn có thể đăng nhập bằng mã gửi qua email.`
	];
	return {
		kind: 'password_dropped',
		to,
		subject: 'Mật khẩu tài khoản hoclieu của bạn đã được gỡ bỏ',
		text: lines.join('\n\n') + '\n',
		html: html(lines, { href: accountUrl, label: 'Đặt mật khẩu mới' })
	};
}
