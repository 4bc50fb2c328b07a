/** How the storefront and the console name report kinds and statuses. */
import type { reportKinds, reportStatuses } from './contracts/reports';

export const reportKindLabels: Record<(typeof reportKinds)[number], string> = {
	copyright: 'Bản quyền (yêu cầu gỡ bỏ)',
	theft: 'Sao chép của tác giả khác',
	content: 'Nội dung sai / không phù hợp',
	other: 'Khác'
};

export const reportStatusLabels: Record<(typeof reportStatuses)[number], string> = {
	open: 'Chờ xử lý',
	suspended: 'Đã tạm ngừng bán, chờ quyết định',
	upheld: 'Chấp nhận (gỡ bỏ)',
	dismissed: 'Bác bỏ'
};
