import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, auditExtras, auditValue } from '../../src/lib/audit-labels';

const NBSP = '\u00a0';

describe('the audit log as staff read it', () => {
	it('names actions in Vietnamese and leaves an unknown code as it is', () => {
		expect(auditActionLabel('order.refund')).toBe('Hoàn tiền đơn hàng');
		expect(auditActionLabel('author.payout_details_change')).toBe('Tác giả đổi tài khoản nhận tiền');
		expect(auditActionLabel('something.new')).toBe('something.new');
	});

	it('writes values as people read them: đồng, Vietnam time, states in words, yes and no', () => {
		expect(auditValue('amountVnd', '31500')).toBe(`31.500${NBSP}₫`);
		expect(auditValue('creditedVnd', '-5000')).toBe(`−5.000${NBSP}₫`);
		expect(auditValue('disabledAt', '2026-11-30T17:30:00.000Z')).toBe('00:30 01/12/2026');
		expect(auditValue('status', 'published')).toBe('Đang bán');
		expect(auditValue('orderStatus', 'PAID')).toBe('Đã thanh toán');
		expect(auditValue('role', 'staff')).toBe('Nhân viên quản trị');
		expect(auditValue('paid', true)).toBe('Có');
		expect(auditValue('note', null)).toBe('(trống)');
		expect(auditValue('before', { main: '150000', bonus: '0' })).toBe(`Ví chính: 150.000${NBSP}₫; Ví khuyến mãi: 0${NBSP}₫`);
	});

	it('lists what changed, field by field, and not what stayed', () => {
		expect(
			auditChanges({
				before: { bankName: 'Vietcombank', bankAccountHolder: 'NGUYEN THI LAN' },
				after: { bankName: 'BIDV', bankAccountHolder: 'NGUYEN THI LAN' }
			})
		).toEqual([{ field: 'Ngân hàng', before: 'Vietcombank', after: 'BIDV' }]);
		expect(auditChanges({ after: { paid: true, amountVnd: '94500' } })).toEqual([
			{ field: 'Đã chi trả', before: '—', after: 'Có' },
			{ field: 'Số tiền', before: '—', after: `94.500${NBSP}₫` }
		]);
		expect(auditChanges({})).toEqual([]);
	});

	it('shows the rest of a row (reason, channel) beside the change', () => {
		expect(auditExtras({ before: {}, after: {}, reason: 'Khách gọi điện', via: 'author_application' })).toEqual([
			{ label: 'Lý do', value: 'Khách gọi điện' },
			{ label: 'Qua', value: 'Đơn đăng ký tác giả' }
		]);
	});
});
