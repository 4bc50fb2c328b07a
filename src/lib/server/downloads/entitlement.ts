/**
 * Whether what a download token names still entitles its holder to the
 * product's files, asked again at every exchange and when a ZIP starts: the
 * order must still be PAID for that product and not refunded, or the account
 * must still own it; and the product must not have been taken down (a
 * copyright or theft report staff upheld). One answer covers every file.
 */
import { and, eq, inArray, notExists } from 'drizzle-orm';
import { db } from '../db/client';
import { orderRefunds, orders, productOwnerships, productReports } from '../db/schema';
import { AppError, forbidden } from '../errors/app-error';
import type { DownloadEntitlement } from './tokens';

export const invalidToken = () => forbidden('Liên kết tải xuống không hợp lệ hoặc đã hết hạn.');

async function stillEntitled(e: DownloadEntitlement): Promise<boolean> {
	if ('orderId' in e) {
		const [order] = await db()
			.select({ id: orders.id })
			.from(orders)
			.where(
				and(
					eq(orders.id, e.orderId),
					eq(orders.productId, e.productId),
					eq(orders.status, 'PAID'),
					// A refunded order stays PAID; its tokens (receipt links included) stop working.
					notExists(db().select({ id: orderRefunds.orderId }).from(orderRefunds).where(eq(orderRefunds.orderId, orders.id)))
				)
			);
		return order !== undefined;
	}
	const [owned] = await db()
		.select({ userId: productOwnerships.userId })
		.from(productOwnerships)
		.where(and(eq(productOwnerships.userId, e.userId), eq(productOwnerships.productId, e.productId)));
	return owned !== undefined;
}

/** An upheld rights claim ends distribution; a report still under review (a suspension) does not. */
async function takenDown(productId: string): Promise<boolean> {
	const [upheld] = await db()
		.select({ id: productReports.id })
		.from(productReports)
		.where(and(eq(productReports.productId, productId), eq(productReports.status, 'upheld'), inArray(productReports.kind, ['copyright', 'theft'])))
		.limit(1);
	return upheld !== undefined;
}

export async function requireEntitled(e: DownloadEntitlement | null): Promise<DownloadEntitlement> {
	if (!e || !(await stillEntitled(e))) throw invalidToken();
	if (await takenDown(e.productId)) {
		throw new AppError('forbidden', 'Học liệu này đã bị gỡ sau khiếu nại bản quyền được chấp nhận nên không tải xuống được nữa. Cần hỗ trợ, hãy liên hệ bộ phận hỗ trợ.', { reason: 'taken_down' });
	}
	return e;
}
