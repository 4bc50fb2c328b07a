import type { HandleClientError } from '@sveltejs/kit';
import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to; its probe for
// that is an eval the Content-Security-Policy blocks (and reports) on every page.
z.config({ jitless: true });

/** Errors during client-side navigation get the same Vietnamese wording as server ones. */
export const handleError: HandleClientError = ({ status }) =>
	status === 404
		? { message: 'Không tìm thấy trang bạn cần. Có thể đường dẫn đã thay đổi hoặc không đúng.', code: 'not_found' }
		: { message: 'Đã có lỗi không mong muốn khi mở trang. Hãy tải lại trang rồi thử lại.', code: 'internal' };
