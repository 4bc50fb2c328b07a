/** Vietnamese names of order states and payment methods, and the order list's status filter in the URL. */
import type { Order, PaymentMethod } from './contracts/checkout';

type OrderStatus = Order['status'];

export const orderStatusLabels: Record<OrderStatus, string> = {
	PENDING: 'Chờ thanh toán',
	PAID: 'Đã thanh toán',
	EXPIRED: 'Hết hạn',
	CANCELLED: 'Đã huỷ',
	FAILED: 'Không thành công'
};

export const paymentMethodLabels: Record<PaymentMethod, string> = {
	qr_direct: 'Chuyển khoản (VietQR)',
	wallet: 'Ví hoclieu',
	free_claim: 'Nhận miễn phí',
	cash_manual: 'Tiền mặt'
};

/** `/don-hang?trang-thai=da-thanh-toan`: readable filter values in the address bar. */
export const statusSlugs: Record<OrderStatus, string> = {
	PENDING: 'cho-thanh-toan',
	PAID: 'da-thanh-toan',
	EXPIRED: 'het-han',
	CANCELLED: 'da-huy',
	FAILED: 'khong-thanh-cong'
};

export function statusFromSlug(slug: string | null): OrderStatus | undefined {
	return (Object.keys(statusSlugs) as OrderStatus[]).find((s) => statusSlugs[s] === slug);
}

/** How the bank-transfer matcher left a transfer, as staff read it. */
export const transferMatchLabels: Record<string, string> = {
	matched: 'Khớp đơn',
	overpaid: 'Chuyển thừa',
	unmatched: 'Không tìm thấy mã đơn',
	underpaid: 'Chuyển thiếu',
	late: 'Đến muộn (đơn của khách)',
	duplicate_payment: 'Trả trùng (đơn của khách)',
	error: 'Lỗi xử lý, chờ ngân hàng gửi lại'
};
