/** The receipt of a paid order, in Vietnamese: what was bought, for how much, and the download link. */
import type { PaymentMethod } from '../../contracts/checkout';
import { formatDateTimeText, formatVndText } from '../../format';
import type { MailMessage } from '../platform/mail';
import { mailHtml } from '../platform/mail-html';

const METHOD_LABEL: Record<PaymentMethod, string> = {
	qr_direct: 'Chuyển khoản ngân hàng (VietQR)',
	wallet: 'Ví hoclieu',
	free_claim: 'Nhận miễn phí',
	cash_manual: 'Tiền mặt'
};

export interface ReceiptDetails {
	to: string;
	buyerName: string | null;
	/** As printed on the receipt PDF (`DH100001`). */
	orderNumber: string;
	productTitle: string;
	priceVnd: bigint;
	promoDiscountVnd: bigint;
	promoCode: string | null;
	amountVnd: bigint;
	paymentMethod: PaymentMethod;
	paymentRef: string | null;
	paidAt: Date;
	downloadUrl: string;
	downloadExpiresAt: Date;
	/** The receipt PDF, for a school's reimbursement. */
	receiptUrl: string;
}

export function receiptMail(r: ReceiptDetails): MailMessage {
	const lines = [
		`Xin chào ${r.buyerName?.trim() || 'quý thầy cô'},`,
		`Cảm ơn bạn đã mua tài liệu trên hoclieu. Đơn hàng đã được ${r.amountVnd === 0n ? 'xác nhận' : 'thanh toán'} lúc ${formatDateTimeText(r.paidAt)}.`,
		[
			`Sản phẩm: ${r.productTitle}`,
			`Mã đơn hàng: ${r.orderNumber}`,
			...(r.paymentRef ? [`Mã thanh toán: ${r.paymentRef}`] : []),
			`Giá: ${formatVndText(r.priceVnd)}`,
			...(r.promoDiscountVnd > 0n ? [`Giảm giá${r.promoCode ? ` (mã ${r.promoCode})` : ''}: −${formatVndText(r.promoDiscountVnd)}`] : []),
			`Thành tiền: ${formatVndText(r.amountVnd)}`,
			`Hình thức thanh toán: ${METHOD_LABEL[r.paymentMethod]}`
		].join('\n'),
		`Tải tài liệu bằng liên kết dưới đây. Liên kết dành riêng cho đơn hàng này, có hiệu lực đến ${formatDateTimeText(r.downloadExpiresAt)}; vui lòng không chia sẻ.`
	];
	const receipt = `Phiếu thu (PDF) để thanh toán với nhà trường, thêm tên trường và mã số thuế nếu cần: ${r.receiptUrl}`;
	const footer = 'Email này là biên nhận điện tử của đơn hàng. Nếu cần hỗ trợ, hãy trả lời email kèm mã đơn hàng.';
	return {
		kind: 'order_receipt',
		to: r.to,
		subject: `Biên nhận đơn hàng hoclieu: ${r.productTitle}`,
		text: [...lines, r.downloadUrl, receipt, footer].join('\n\n') + '\n',
		html: mailHtml(lines, { href: r.downloadUrl, label: 'Tải tài liệu' }, [receipt, footer])
	};
}
