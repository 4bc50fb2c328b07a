/**
 * The receipt ("Phiếu thu") of a paid order as a PDF a school accepts for
 * reimbursement: seller, buyer (with the school's name and tax code when the
 * buyer gives them), the item, amounts (the paid one also in words), payment method and reference, date,
 * and a refund when there was one. Text is real text in an embedded DejaVu
 * font (it covers Vietnamese), so it can be searched, copied and extracted.
 */
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { ReceiptOptions } from '../../contracts/receipt';
import { amountInWords } from '../../amount-in-words';
import { formatDateTimeText, formatVndText } from '../../format';
import { paymentMethodLabels } from '../../order-labels';
import { formatOrderNumber } from '../../order-number';
import { config } from '../config';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { orders, products, users } from '../db/schema';
import { AppError } from '../errors/app-error';
import { orderNotFound } from './errors';
import type { Viewer } from './read';
import { grantsReceipt } from './receipt-link';
import { findRefund } from './refund';

const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);

export interface ReceiptPdf {
	filename: string;
	bytes: Buffer;
}

interface ReceiptData {
	orderNumber: string;
	productTitle: string;
	buyerName: string | null;
	buyerEmail: string;
	schoolName: string | null;
	taxCode: string | null;
	priceVnd: bigint;
	promoCode: string | null;
	promoDiscountVnd: bigint;
	amountVnd: bigint;
	paymentMethod: keyof typeof paymentMethodLabels;
	paymentRef: string | null;
	paidAt: Date;
	refund: { amountVnd: bigint; createdAt: Date } | null;
}

/** The owner, whoever holds the order-access cookie, or a receipt link from the mail. */
export async function receiptPdf(viewer: Viewer, orderId: string, receiptLink: string | null, options: ReceiptOptions): Promise<ReceiptPdf> {
	if (!isUuid(orderId)) throw orderNotFound();
	const [row] = await db()
		.select({
			order: orders,
			productTitle: products.title,
			accountName: users.name,
			accountEmail: users.email,
			accountSchool: users.schoolName,
			accountTaxCode: users.taxCode
		})
		.from(orders)
		.innerJoin(products, eq(products.id, orders.productId))
		.leftJoin(users, eq(users.id, orders.userId))
		.where(eq(orders.id, orderId));
	const mine = row?.order.userId != null && row.order.userId === viewer.userId;
	if (!row || !(mine || viewer.hasAccessCookie || grantsReceipt(orderId, receiptLink))) throw orderNotFound();
	const { order } = row;
	if (order.status !== 'PAID' || !order.paidAt) {
		throw new AppError('conflict', 'Đơn hàng chưa được thanh toán nên chưa có phiếu thu.');
	}
	const refund = await findRefund(db(), order.id);
	const data: ReceiptData = {
		orderNumber: formatOrderNumber(order.orderNumber),
		productTitle: row.productTitle,
		buyerName: row.accountName,
		buyerEmail: row.accountEmail ?? order.guestEmail ?? '',
		// The school the buyer typed for this receipt wins; otherwise the one saved in the profile.
		schoolName: options.schoolName ?? row.accountSchool ?? null,
		taxCode: options.taxCode ?? row.accountTaxCode ?? null,
		priceVnd: order.priceVnd,
		promoCode: order.promoCode,
		promoDiscountVnd: order.promoDiscountVnd,
		amountVnd: order.amountVnd,
		paymentMethod: order.paymentMethod,
		paymentRef: order.paymentRef,
		paidAt: order.paidAt,
		refund: refund ? { amountVnd: refund.amountVnd, createdAt: refund.createdAt } : null
	};
	return { filename: `phieu-thu-${data.orderNumber}.pdf`, bytes: await render(data) };
}

function render(r: ReceiptData): Promise<Buffer> {
	const seller = config().receiptSeller;
	const doc = new PDFDocument({
		size: 'A4',
		margin: 56,
		// A receipt is issued when the order was paid: the same bytes every time it is downloaded.
		info: { Title: `Phiếu thu ${r.orderNumber}`, Author: seller.name, CreationDate: r.paidAt }
	});
	const chunks: Buffer[] = [];
	doc.on('data', (chunk: Buffer) => chunks.push(chunk));
	const finished = new Promise<Buffer>((resolve, reject) => {
		doc.on('end', () => resolve(Buffer.concat(chunks)));
		doc.on('error', reject);
	});
	doc.registerFont('regular', fontFile('DejaVuSans.ttf'));
	doc.registerFont('bold', fontFile('DejaVuSans-Bold.ttf'));

	doc.font('bold').fontSize(11).text(seller.name);
	doc.font('regular').fontSize(9);
	if (seller.address) doc.text(`Địa chỉ: ${seller.address}`);
	if (seller.taxCode) doc.text(`Mã số thuế: ${seller.taxCode}`);

	doc.moveDown(1.5);
	doc.font('bold').fontSize(18).text('PHIẾU THU', { align: 'center' });
	doc.font('regular').fontSize(10).text(`Số: ${r.orderNumber}  ·  Ngày: ${formatDateTimeText(r.paidAt)}`, { align: 'center' });

	doc.moveDown(1.5);
	const line = (label: string, value: string) => {
		doc.font('regular').fontSize(10).text(`${label}: `, { continued: true }).font('bold').text(value);
	};
	line('Người nộp tiền', r.buyerName ? `${r.buyerName} (${r.buyerEmail})` : r.buyerEmail);
	if (r.schoolName) line('Đơn vị', r.schoolName);
	if (r.taxCode) line('Mã số thuế đơn vị', r.taxCode);
	line('Nội dung', `Mua học liệu số “${r.productTitle}”`);

	doc.moveDown(1);
	const amounts: [string, string][] = [['Đơn giá', formatVndText(r.priceVnd)]];
	if (r.promoDiscountVnd > 0n) amounts.push([`Giảm giá${r.promoCode ? ` (mã ${r.promoCode})` : ''}`, `−${formatVndText(r.promoDiscountVnd)}`]);
	amounts.push(['Số tiền đã thu', formatVndText(r.amountVnd)]);
	for (const [label, value] of amounts) line(label, value);
	// In words as well as in figures, as a school's accountant checks a receipt.
	line('Bằng chữ', amountInWords(r.amountVnd));
	line('Hình thức thanh toán', paymentMethodLabels[r.paymentMethod]);
	line('Mã tham chiếu thanh toán', r.paymentRef ?? r.orderNumber);
	if (r.refund) {
		doc.moveDown(0.5);
		line('Đã hoàn tiền', `${formatVndText(r.refund.amountVnd)} vào ví hoclieu lúc ${formatDateTimeText(r.refund.createdAt)}`);
	}

	doc.moveDown(2);
	doc
		.font('regular')
		.fontSize(8)
		.fillColor('#555555')
		.text('Phiếu thu điện tử do hoclieu phát hành cho giao dịch trên; không thay thế hoá đơn giá trị gia tăng. Giá đã gồm thuế, tính bằng đồng Việt Nam (₫).');
	doc.end();
	return finished;
}
