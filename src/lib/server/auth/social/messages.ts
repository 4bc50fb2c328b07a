/**
 * What the sign-in and account pages say when a return from an identity
 * provider failed (the callback redirects there with `mxh-loi` and `ly-do`).
 */
export function socialProblem(code: string | null, reason: string | null): string | null {
	if (!code) return null;
	if (reason === 'account_unverified')
		return 'Email này đã có tài khoản hoclieu nhưng địa chỉ chưa được xác minh. Hãy đăng nhập bằng "Mã email" trước (để chứng minh bạn là chủ địa chỉ), rồi liên kết tài khoản trong trang Tài khoản.';
	if (reason === 'provider_email_unverified')
		return 'Nhà cung cấp không xác nhận địa chỉ email của bạn, nên hoclieu không thể tạo hay liên kết tài khoản. Hãy đăng nhập bằng "Mã email".';
	if (reason === 'identity_taken') return 'Tài khoản này của nhà cung cấp đã được liên kết với một tài khoản hoclieu khác.';
	if (reason === 'provider_already_linked') return 'Tài khoản đã liên kết với nhà cung cấp này. Hãy huỷ liên kết cũ trước.';
	if (reason === 'denied') return 'Bạn đã huỷ đăng nhập hoặc nhà cung cấp đã từ chối. Bạn có thể thử lại hoặc chọn cách khác.';
	if (reason === 'state') return 'Phiên đăng nhập đã hết hạn hoặc được mở ở trình duyệt khác. Vui lòng bấm nút đăng nhập lại.';
	if (code === 'rate_limited') return 'Bạn đã thử quá nhiều lần. Vui lòng đợi ít phút rồi thử lại.';
	if (code === 'forbidden') return 'Tài khoản này đã bị khoá. Vui lòng liên hệ bộ phận hỗ trợ của hoclieu.';
	return 'Không thể đăng nhập qua nhà cung cấp lúc này. Vui lòng thử lại hoặc chọn cách đăng nhập khác.';
}
