import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { describeError, errorMessage, fieldErrors, needsSignIn, retryAfterSeconds } from '../../src/lib/errors';

/** What the browser's tRPC client throws for a server error (the shape our errorFormatter sends). */
function trpcError(message: string, data: Record<string, unknown>) {
	return TRPCClientError.from({ error: { message, code: -32600, data } });
}

describe('the storefront error mapper', () => {
	it('keeps the server’s Vietnamese message for API errors, with their code and status', () => {
		const e = trpcError('Số dư ví không đủ: cần 50.000 ₫, hiện có 10.000 ₫.', {
			appCode: 'state_violation',
			httpStatus: 422,
			details: { required: '50000', available: '10000' }
		});
		expect(describeError(e)).toMatchObject({ status: 422, code: 'state_violation', details: { required: '50000' } });
		expect(errorMessage(e)).toBe('Số dư ví không đủ: cần 50.000 ₫, hiện có 10.000 ₫.');
	});

	it('lets a page word a code its own way', () => {
		const e = trpcError('Bạn cần đăng nhập để tiếp tục.', { appCode: 'unauthenticated', httpStatus: 401 });
		expect(errorMessage(e, { unauthenticated: 'Đăng nhập để dùng ví.' })).toBe('Đăng nhập để dùng ví.');
		expect(needsSignIn(e)).toBe(true);
	});

	it('says how long to wait after a 429', () => {
		const e = trpcError('Bạn đã gửi quá nhiều yêu cầu.', { appCode: 'rate_limited', httpStatus: 429, details: { retryAfterSeconds: 42 } });
		expect(retryAfterSeconds(e)).toBe(42);
		expect(errorMessage(e)).toBe('Bạn thao tác hơi nhanh. Vui lòng đợi 42 giây rồi thử lại.');
	});

	it('explains transport failures instead of showing English or nothing', () => {
		const offline = new TRPCClientError('Failed to fetch');
		expect(describeError(offline).code).toBe('network');
		expect(errorMessage(offline)).toBe('Không kết nối được tới máy chủ. Hãy kiểm tra mạng rồi thử lại.');
		expect(errorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toMatch(/Không kết nối được/);
		expect(describeError(new DOMException('The user aborted a request.', 'AbortError')).code).toBe('aborted');
	});

	it('reads SvelteKit page errors and REST envelopes', () => {
		expect(errorMessage({ status: 404, body: { message: 'Không tìm thấy học liệu.', code: 'not_found' } })).toBe('Không tìm thấy học liệu.');
		expect(describeError({ status: 503, body: { code: 'service_unavailable' } }).code).toBe('service_unavailable');
		expect(errorMessage({ status: 503, body: { code: 'service_unavailable' } })).toMatch(/tạm thời không khả dụng/);
		expect(errorMessage({ error: { code: 'not_found', message: 'Mã quà tặng không tồn tại.' } })).toBe('Mã quà tặng không tồn tại.');
		expect(errorMessage({ status: 500, body: { code: 'internal', message: '' } })).toBe('Đã có lỗi không mong muốn ở máy chủ. Vui lòng thử lại sau.');
	});

	it('falls back by status, then to a plain sentence, for anything else', () => {
		expect(errorMessage({ status: 404 })).toMatch(/Không tìm thấy/);
		expect(errorMessage(undefined)).toBe('Đã có lỗi xảy ra. Vui lòng thử lại.');
		expect(errorMessage(new Error('boom'))).toBe('Đã có lỗi xảy ra. Vui lòng thử lại.');
		for (const code of ['already_owned', 'flash_sale_sold_out', 'promo_cap_reached', 'wallet_balance_overflow', 'payment_processing', 'quota_exceeded']) {
			// A code the server sent without a message still reads as Vietnamese, never as the code.
			const text = errorMessage(trpcError('', { appCode: code, httpStatus: 409 }));
			expect(text).not.toContain(code);
			expect(text).toMatch(/[à-ỹđ]/);
		}
	});

	it('maps field-level reasons by field path', () => {
		const e = trpcError('Dữ liệu gửi lên không hợp lệ.', {
			appCode: 'validation_error',
			httpStatus: 400,
			details: { fields: [{ path: 'guest.email', message: 'Email không hợp lệ.' }, { path: 'guest.email', message: 'thứ hai' }] }
		});
		expect(fieldErrors(e)).toEqual({ 'guest.email': 'Email không hợp lệ.' });
		const promo = trpcError('Mã khuyến mãi đã hết lượt sử dụng.', { appCode: 'promo_cap_reached', httpStatus: 409, details: { field: 'promoCode' } });
		expect(fieldErrors(promo)).toEqual({ promoCode: 'Mã khuyến mãi đã hết lượt sử dụng.' });
	});
});
