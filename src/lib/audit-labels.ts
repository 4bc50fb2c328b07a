/**
 * The audit log as staff read it: each action, target and field in
 * Vietnamese, values as people write them (amounts in đồng, instants in
 * Vietnam time, states in words), and a before/after as rows of what
 * changed. The stored rows keep their codes (filters and the API use them);
 * only the page speaks Vietnamese. Client-safe.
 */
import { ROLE_LABELS } from './contracts/admin';
import { STATUS_LABELS } from './contracts/studio';
import { formatDateTime, formatVnd } from './format';
import { orderStatusLabels } from './order-labels';

export const AUDIT_ACTION_LABELS: Record<string, string> = {
	'author.payout_details_change': 'Tác giả đổi tài khoản nhận tiền',
	'conversation.close': 'Đóng cuộc trò chuyện',
	'conversation.staff_message': 'Nhân viên nhắn trong cuộc trò chuyện',
	'denomination.create': 'Thêm mệnh giá nạp',
	'denomination.update': 'Sửa mệnh giá nạp',
	'flash_sale.create': 'Tạo giảm giá chớp nhoáng',
	'flash_sale.delete': 'Xoá giảm giá chớp nhoáng',
	'flash_sale.end': 'Kết thúc giảm giá chớp nhoáng',
	'giftcodes.create': 'Tạo lô mã quà tặng',
	'giftcodes.deactivate_batch': 'Vô hiệu lô mã quà tặng',
	'order.confirm_cash': 'Xác nhận đơn trả tiền mặt',
	'order.refund': 'Hoàn tiền đơn hàng',
	'payout.mark_paid': 'Ghi chi trả cho tác giả',
	'product.bundle_items': 'Đổi các tài liệu trong bộ',
	'product.edit': 'Sửa học liệu',
	'product.move': 'Chuyển danh mục học liệu',
	'product.sale.clear': 'Bỏ giá khuyến mãi',
	'product.sale.set': 'Đặt giá khuyến mãi',
	'product.approve': 'Duyệt học liệu',
	'product.reject': 'Từ chối học liệu',
	'product.publish': 'Mở bán lại học liệu',
	'product.unpublish': 'Ngừng bán học liệu',
	'promo.create': 'Tạo mã khuyến mãi',
	'promo.deactivate': 'Tắt mã khuyến mãi',
	'report.suspend': 'Đình chỉ học liệu bị báo cáo',
	'report.uphold': 'Chấp nhận báo cáo học liệu',
	'report.dismiss': 'Bác báo cáo học liệu',
	'review.hide': 'Ẩn đánh giá',
	'review.unhide': 'Hiện lại đánh giá',
	'support.answer': 'Trả lời yêu cầu hỗ trợ',
	'transfer.assign': 'Gán chuyển khoản cho đơn',
	'transfer.credit': 'Cộng chuyển khoản vào ví',
	'upload.verify': 'Xác minh tệp tải lên',
	'user.author_reapply_allow': 'Cho phép đăng ký tác giả lại',
	'user.disable': 'Khoá tài khoản',
	'user.role_change': 'Đổi vai trò tài khoản',
	'user.staff_create': 'Tạo tài khoản nhân viên',
	'user.staff_promote': 'Nâng tài khoản thành nhân viên',
	'wallet.adjust': 'Điều chỉnh ví'
};

export const AUDIT_TARGET_LABELS: Record<string, string> = {
	bank_transfer: 'Giao dịch chuyển khoản',
	buyer_review: 'Đánh giá',
	conversation: 'Cuộc trò chuyện',
	flash_sale: 'Giảm giá chớp nhoáng',
	giftcode_batch: 'Lô mã quà tặng',
	order: 'Đơn hàng',
	product: 'Học liệu',
	product_report: 'Báo cáo học liệu',
	promo: 'Mã khuyến mãi',
	support_ticket: 'Yêu cầu hỗ trợ',
	topup_denomination: 'Mệnh giá nạp',
	upload: 'Tệp tải lên',
	user: 'Tài khoản'
};

const FIELD_LABELS: Record<string, string> = {
	role: 'Vai trò',
	status: 'Trạng thái',
	orderStatus: 'Trạng thái đơn',
	matchStatus: 'Đối soát',
	needsReview: 'Chờ nhân viên xử lý',
	paid: 'Đã chi trả',
	month: 'Tháng',
	amountVnd: 'Số tiền',
	creditedVnd: 'Đã cộng vào ví',
	priceVnd: 'Giá',
	salePriceVnd: 'Giá khuyến mãi',
	reference: 'Mã giao dịch',
	bankName: 'Ngân hàng',
	bankAccountNumber: 'Số tài khoản',
	bankAccountHolder: 'Chủ tài khoản',
	confirmedNewPayoutDetails: 'Đã xác minh tài khoản mới',
	refunded: 'Đã hoàn tiền',
	buyerOwnsProduct: 'Người mua sở hữu học liệu',
	itemIds: 'Tài liệu trong bộ',
	revokedBundleItemIds: 'Tài liệu trong bộ bị thu hồi',
	disabledAt: 'Khoá lúc',
	emailVerified: 'Đã xác minh email',
	authorReapplyBlocked: 'Chặn đăng ký tác giả lại',
	authorReapplyBlockedAt: 'Chặn đăng ký tác giả lại từ',
	hidden: 'Bị ẩn',
	reason: 'Lý do',
	note: 'Ghi chú',
	path: 'Danh mục',
	endsAt: 'Kết thúc lúc',
	startsAt: 'Bắt đầu lúc',
	expiresAt: 'Hết hạn lúc',
	closedAt: 'Đóng lúc',
	answeredAt: 'Trả lời lúc',
	code: 'Mã',
	kind: 'Loại',
	isActive: 'Đang dùng',
	count: 'Số lượng',
	maxRedemptions: 'Số lần dùng tối đa',
	deactivated: 'Số mã đã tắt',
	report: 'Báo cáo',
	product: 'Học liệu',
	email: 'Email',
	direction: 'Chiều',
	pocket: 'Ví',
	main: 'Ví chính',
	bonus: 'Ví khuyến mãi',
	total: 'Tổng',
	purpose: 'Mục đích',
	sizeBytes: 'Dung lượng (byte)',
	title: 'Tiêu đề'
};

/** Codes stored as values, in words. */
const VALUE_LABELS: Record<string, string> = {
	...ROLE_LABELS,
	...STATUS_LABELS,
	...orderStatusLabels,
	matched: 'Khớp đơn',
	overpaid: 'Chuyển thừa',
	underpaid: 'Chuyển thiếu',
	unmatched: 'Không tìm thấy mã đơn',
	late: 'Đến muộn',
	duplicate_payment: 'Trả trùng',
	open: 'Đang mở',
	closed: 'Đã đóng',
	answered: 'Đã trả lời',
	resolved: 'Đã xử lý',
	dismissed: 'Đã bác',
	upheld: 'Đã chấp nhận',
	suspended: 'Đã đình chỉ',
	verified: 'Đã xác minh',
	credit: 'Cộng',
	debit: 'Trừ',
	PERCENT: 'Theo phần trăm',
	FIXED: 'Số tiền cố định'
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
export const auditTargetLabel = (type: string) => AUDIT_TARGET_LABELS[type] ?? type;
export const auditFieldLabel = (key: string) => FIELD_LABELS[key] ?? key;

/** One stored value as a person reads it. */
export function auditValue(key: string, value: unknown): string {
	if (value === undefined) return '—';
	if (value === null || value === '') return '(trống)';
	if (typeof value === 'boolean') return value ? 'Có' : 'Không';
	if ((/Vnd$/.test(key) || ['main', 'bonus', 'total'].includes(key)) && /^-?[0-9]+$/.test(String(value))) {
		const v = String(value);
		return v.startsWith('-') ? `−${formatVnd(v.slice(1))}` : formatVnd(v);
	}
	if (typeof value === 'string') {
		if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
		return VALUE_LABELS[value] ?? value;
	}
	if (typeof value === 'number') return value.toLocaleString('vi-VN');
	if (Array.isArray(value)) return value.map((v) => auditValue(key, v)).join(', ');
	if (typeof value === 'object') {
		return Object.entries(value as Record<string, unknown>)
			.map(([k, v]) => `${auditFieldLabel(k)}: ${auditValue(k, v)}`)
			.join('; ');
	}
	return String(value);
}

export interface AuditChangeRow {
	field: string;
	before: string;
	after: string;
}

const asRecord = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Before/after as one row per field that changed (or that only one side names). */
export function auditChanges(summary: Record<string, unknown>): AuditChangeRow[] {
	const before = asRecord(summary.before);
	const after = asRecord(summary.after);
	// A field both sides name with the same value did not change: it is not listed.
	const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
		(k) => !(k in before && k in after && JSON.stringify(before[k]) === JSON.stringify(after[k]))
	);
	return keys.map((k) => ({
		field: auditFieldLabel(k),
		before: k in before ? auditValue(k, before[k]) : '—',
		after: k in after ? auditValue(k, after[k]) : '—'
	}));
}

/** What else the row says besides before/after (a note, a reason, the channel), as label and value pairs. */
export function auditExtras(summary: Record<string, unknown>): { label: string; value: string }[] {
	return Object.entries(summary)
		.filter(([k]) => k !== 'before' && k !== 'after')
		.map(([k, v]) => ({ label: k === 'via' ? 'Qua' : auditFieldLabel(k), value: k === 'via' ? (VIA_LABELS[String(v)] ?? String(v)) : auditValue(k, v) }));
}

const VIA_LABELS: Record<string, string> = {
	admin: 'Trang quản trị',
	ops: 'Dòng lệnh vận hành',
	author_application: 'Đơn đăng ký tác giả'
};
