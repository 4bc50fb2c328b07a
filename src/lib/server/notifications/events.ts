/**
 * The events people must hear about, in Vietnamese, one function per event.
 * Each runs inside the transaction of the change it reports (architecture
 * D13) and names orders by their number (DH…), never by an id.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/rows';
import { orders, products } from '../db/schema';
import { formatVndText } from '../../format';
import { formatOrderNumber } from '../../order-number';
import { paths } from '../../paths';
import { notifyEmail, notifyStaff, notifyUser } from './notify';

type OrderRow = typeof orders.$inferSelect;

async function productOf(tx: DbOrTx, productId: string): Promise<{ title: string; authorId: string | null }> {
	const [p] = await tx.select({ title: products.title, authorId: products.authorId }).from(products).where(eq(products.id, productId));
	return p ?? { title: 'học liệu', authorId: null };
}

/** `2026-10` → `10/2026`, as a month is written in Vietnamese. */
const monthText = (month: string) => month.split('-').reverse().join('/');

const studioProduct = (id: string) => `/tac-gia/${id}`;
const EARNINGS = '/tac-gia/thu-nhap';

// "Order paid" (buyer) and "a sale" (author) are written by the orders_paid_notify trigger (drizzle/0033):
// the one-statement wallet checkout (docs/decisions/013) pays orders in SQL, where no TypeScript runs.

export async function orderRefunded(tx: DbOrTx, order: OrderRow, amountVnd: bigint, reason: string): Promise<void> {
	const product = await productOf(tx, order.productId);
	const number = formatOrderNumber(order.orderNumber);
	if (order.userId) {
		await notifyUser(tx, order.userId, {
			kind: 'order.refunded',
			group: 'money',
			title: `Đơn hàng ${number} đã được hoàn tiền`,
			body: `${formatVndText(amountVnd)} đã được hoàn vào ví chính của bạn (“${product.title}”). Lý do: ${reason}`,
			link: paths.checkout(order.id)
		});
	}
	if (product.authorId) {
		await notifyUser(tx, product.authorId, {
			kind: 'sale.refunded',
			group: 'money',
			title: `Một đơn bán “${product.title}” đã được hoàn tiền`,
			body: `Đơn ${number} (${formatVndText(amountVnd)}) đã được hoàn cho người mua; bảng kê thu nhập của bạn ghi một dòng trừ tương ứng.`,
			link: EARNINGS
		});
	}
}

export async function orderTransferShort(tx: DbOrTx, orderId: string, receivedVnd: bigint, dueVnd: bigint): Promise<void> {
	const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
	if (!order?.userId) return;
	const number = formatOrderNumber(order.orderNumber);
	await notifyUser(tx, order.userId, {
		kind: 'order.transfer_short',
		group: 'money',
		title: `Chuyển khoản cho đơn ${number} còn thiếu ${formatVndText(dueVnd)}`,
		body: `Đã nhận ${formatVndText(receivedVnd)} trên ${formatVndText(order.amountVnd)}. Hãy chuyển nốt ${formatVndText(dueVnd)} với nội dung ${order.paymentRef}; trang đơn hàng có mã QR cho số còn thiếu.`,
		link: paths.checkout(order.id)
	});
}

export async function orderTransferLate(tx: DbOrTx, orderId: string, amountVnd: bigint, why: 'late' | 'duplicate_payment' | 'overpaid'): Promise<void> {
	const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
	if (!order?.userId) return;
	const number = formatOrderNumber(order.orderNumber);
	const title = {
		late: `Chuyển khoản cho đơn ${number} đến muộn`,
		duplicate_payment: `Đơn ${number} đã được thanh toán trước đó`,
		overpaid: `Bạn chuyển thừa cho đơn ${number}`
	}[why];
	await notifyUser(tx, order.userId, {
		kind: `order.transfer_${why}`,
		group: 'money',
		title,
		body: `${formatVndText(amountVnd)} đã được hoàn vào ví chính của bạn.`,
		link: paths.wallet
	});
}

export async function unmatchedTransfer(tx: DbOrTx, amountVnd: bigint, content: string): Promise<void> {
	await notifyStaff(tx, {
		kind: 'staff.transfer_unmatched',
		group: 'staff',
		title: `Chuyển khoản ${formatVndText(amountVnd)} chưa khớp đơn nào`,
		body: `Nội dung: ${content || '(trống)'}`,
		link: paths.adminTransfers
	});
}

export type ReviewAction = 'approve' | 'reject' | 'publish' | 'unpublish';

export async function productDecision(tx: DbOrTx, productId: string, action: ReviewAction, reason: string | undefined): Promise<void> {
	const product = await productOf(tx, productId);
	if (!product.authorId) return;
	const because = reason ? ` Lý do: ${reason}` : '';
	const texts: Record<ReviewAction, { title: string; body: string }> = {
		approve: { title: `“${product.title}” đã được duyệt`, body: 'Học liệu đã được mở bán trên hoclieu.' },
		reject: { title: `“${product.title}” chưa được duyệt`, body: `Bạn có thể sửa và gửi duyệt lại.${because}` },
		publish: { title: `“${product.title}” đã được mở bán lại`, body: `Học liệu đã trở lại cửa hàng.${because}` },
		unpublish: { title: `“${product.title}” đã bị ngừng bán`, body: `Nhân viên hoclieu đã ngừng bán học liệu này.${because}` }
	};
	await notifyUser(tx, product.authorId, { kind: `product.${action}`, group: 'studio', ...texts[action], link: studioProduct(productId) });
}

export async function productSuspendedByReport(tx: DbOrTx, productId: string, note: string | undefined): Promise<void> {
	const product = await productOf(tx, productId);
	if (!product.authorId) return;
	await notifyUser(tx, product.authorId, {
		kind: 'product.suspended',
		group: 'studio',
		title: `“${product.title}” tạm ngừng bán để xem xét một báo cáo`,
		body: `Nhân viên hoclieu đang xem xét một báo cáo về học liệu này.${note ? ` Ghi chú: ${note}` : ''}`,
		link: studioProduct(productId)
	});
}

export interface DecidedReport {
	productId: string;
	reporterUserId: string | null;
	reporterEmail: string;
	decision: 'upheld' | 'dismissed';
	note: string;
	/** The product went back on sale with this decision. */
	restored: boolean;
}

export async function reportDecided(tx: DbOrTx, r: DecidedReport): Promise<void> {
	const product = await productOf(tx, r.productId);
	const verdict = r.decision === 'upheld' ? 'được chấp nhận' : 'không được chấp nhận';
	const toReporter = {
		kind: `report.${r.decision}`,
		group: 'reports' as const,
		title: `Báo cáo của bạn về “${product.title}” ${verdict}`,
		body: `${r.decision === 'upheld' ? 'Học liệu đã bị ngừng bán.' : 'Học liệu vẫn được bán.'} Ghi chú của nhân viên: ${r.note}`,
		link: paths.home
	};
	if (r.reporterUserId) await notifyUser(tx, r.reporterUserId, toReporter);
	else await notifyEmail(tx, r.reporterEmail, toReporter);
	if (product.authorId) {
		await notifyUser(tx, product.authorId, {
			kind: `report.${r.decision}.author`,
			group: 'reports',
			title:
				r.decision === 'upheld'
					? `Báo cáo về “${product.title}” được chấp nhận: học liệu ngừng bán`
					: `Báo cáo về “${product.title}” không được chấp nhận${r.restored ? ': học liệu được mở bán lại' : ''}`,
			body: `Ghi chú của nhân viên: ${r.note}`,
			link: studioProduct(r.productId)
		});
	}
}

export async function newReport(tx: DbOrTx, productId: string, reportId: string, kindLabel: string): Promise<void> {
	const product = await productOf(tx, productId);
	await notifyStaff(tx, { kind: 'staff.report', group: 'staff', title: `Báo cáo mới (${kindLabel}) về “${product.title}”`, link: paths.adminReport(reportId) });
}

export async function newSubmission(tx: DbOrTx, productId: string): Promise<void> {
	const product = await productOf(tx, productId);
	await notifyStaff(tx, { kind: 'staff.submission', group: 'staff', title: `Học liệu mới chờ duyệt: “${product.title}”`, link: '/quan-tri/duyet' });
}

export async function payoutRecorded(tx: DbOrTx, authorId: string, month: string, amountVnd: bigint, reference: string): Promise<void> {
	await notifyUser(tx, authorId, {
		kind: 'payout',
		group: 'money',
		title: `hoclieu đã chi trả thu nhập tháng ${monthText(month)}`,
		body: `${formatVndText(amountVnd)} đã được chuyển cho bạn, mã giao dịch ngân hàng ${reference}.`,
		link: EARNINGS
	});
}

/** A product's storefront page, at its reviews. */
async function reviewsOf(tx: DbOrTx, productId: string): Promise<{ title: string; link: string }> {
	const [row] = await queryRows<{ title: string; full_path: string }>(
		sql`SELECT p.title, c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ${productId}::uuid`,
		tx
	);
	return { title: row?.title ?? 'học liệu', link: row ? `${paths.product(row.full_path)}#reviews-title` : '/' };
}

export async function reviewWritten(tx: DbOrTx, productId: string, authorId: string, stars: number, body: string): Promise<void> {
	const { title, link } = await reviewsOf(tx, productId);
	await notifyUser(tx, authorId, { kind: 'review.new', group: 'studio', title: `“${title}” có đánh giá mới: ${stars}/5 sao`, body, link });
}

export async function reviewReplied(tx: DbOrTx, productId: string, reviewerId: string, by: 'author' | 'house'): Promise<void> {
	const { title, link } = await reviewsOf(tx, productId);
	const who = by === 'author' ? 'Tác giả' : 'hoclieu';
	await notifyUser(tx, reviewerId, { kind: 'review.reply', group: 'messages', title: `${who} đã trả lời đánh giá của bạn về “${title}”`, link });
}
