import type { HandleClientError } from '@sveltejs/kit';

/** Errors during client-side navigation get the same Vietnamese wording as server ones. */
export const handleError: HandleClientError = ({ status }) =>
	status === 404
		? { message: 'Không tìm thấy trang bạn cần. Có thể đường dẫn đã thay đổi hoặc không đúng.', code: 'not_found' }
		: { message: 'Đã có lỗi không mong muốn khi mở trang. Hãy tải lại trang rồi thử lại.', code: 'internal' };
