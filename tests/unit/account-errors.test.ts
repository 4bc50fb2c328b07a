import { TRPCClientError } from '@trpc/client';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/server/errors/app-error';
import { describeError, errorMessage, formatWait, giftCodeMessage } from '../../src/lib/errors';

function trpcError(message: string, data: Record<string, unknown>) {
	return TRPCClientError.from({ error: { message, code: -32600, data } });
}

describe('account pages: error wording', () => {
	it('words waits the way people say them', () => {
		expect(formatWait(0.2)).toBe('1 giây');
		expect(formatWait(42)).toBe('42 giây');
		expect(formatWait(61)).toBe('2 phút');
		expect(formatWait(900)).toBe('15 phút');
		expect(formatWait(3600)).toBe('1 giờ');
		expect(formatWait(3900)).toBe('1 giờ 5 phút');
	});

	it('says a long rate-limit wait in minutes', () => {
		const e = trpcError('Bạn đã gửi quá nhiều yêu cầu.', { appCode: 'rate_limited', httpStatus: 429, details: { retryAfterSeconds: 840 } });
		expect(errorMessage(e)).toBe('Bạn thao tác hơi nhanh. Vui lòng đợi 14 phút rồi thử lại.');
	});

	it('reads the domain error behind an in-process tRPC call (server loads)', () => {
		const cause = new AppError('quota_exceeded', 'Bạn đã dùng hết 3 lượt tải nhạc miễn phí của tháng này.', undefined, { used: 3, limit: 3 });
		const thrown = new TRPCError({ code: 'TOO_MANY_REQUESTS', message: cause.message, cause });
		expect(describeError(thrown)).toMatchObject({ status: 429, code: 'quota_exceeded', extra: { used: 3, limit: 3 } });
		expect(errorMessage(thrown)).toBe(cause.message);
	});

	it('explains every gift-code refusal in its own words', () => {
		const refused = (reason: string) => trpcError('x', { appCode: 'validation_error', httpStatus: 400, details: { reason } });
		const messages = ['expired', 'exhausted', 'already_redeemed', 'zero_amount'].map((r) => giftCodeMessage(refused(r)));
		expect(new Set(messages).size).toBe(4);
		expect(messages[0]).toMatch(/hết hạn/);
		expect(messages[1]).toMatch(/dùng hết/);
		expect(messages[2]).toMatch(/đã đổi mã quà tặng này rồi/);
		expect(messages[3]).toMatch(/không có giá trị/);
		expect(giftCodeMessage(trpcError('Mã quà tặng không tồn tại.', { appCode: 'not_found', httpStatus: 404 }))).toMatch(/^Không tìm thấy mã quà tặng này/);
		const limited = trpcError('Bạn đã gửi quá nhiều yêu cầu.', { appCode: 'rate_limited', httpStatus: 429, details: { retryAfterSeconds: 600 } });
		expect(giftCodeMessage(limited)).toBe('Bạn đã nhập sai mã quá nhiều lần. Vui lòng thử lại sau 10 phút.');
		const overflow = trpcError('Ví đã đạt số dư tối đa 20.000.000 ₫.', { appCode: 'wallet_balance_overflow', httpStatus: 422 });
		expect(giftCodeMessage(overflow)).toBe('Ví đã đạt số dư tối đa 20.000.000 ₫.');
	});
});
