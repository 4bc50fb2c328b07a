/**
 * The file an author submitted, for the staff member reviewing it: a
 * short-lived signed storage URL (as a buyer's download gets), whatever the
 * product's status, so the reviewer reads the whole file and not only the
 * preview pages buyers see.
 */
import { and, eq } from 'drizzle-orm';
import type { TokenDownload } from '../../contracts/checkout';
import { config } from '../config';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { productFiles, products } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { log } from '../platform/logger';
import { storage } from '../platform/storage';

export async function submittedFileUrl(productId: string, fileId?: string): Promise<TokenDownload> {
	if (!isUuid(productId)) throw notFound('Không tìm thấy học liệu.');
	const [product] = await db().select({ id: products.id }).from(products).where(eq(products.id, productId));
	if (!product) throw notFound('Không tìm thấy học liệu.');
	// Every sold file, in order (README "Several files per product"): the reviewer opens each one.
	const [file] = await db()
		.select({ fileKey: productFiles.fileKey, fileName: productFiles.fileName })
		.from(productFiles)
		.where(and(eq(productFiles.productId, productId), fileId === undefined ? eq(productFiles.position, 0) : eq(productFiles.id, fileId)));
	if (!file) throw notFound(fileId === undefined ? 'Học liệu này chưa có tệp bán.' : 'Học liệu này không có tệp nào với mã đã gửi.');
	const ttl = config().checkout.downloadUrlTtlSeconds;
	try {
		const signed = await storage().signedGetUrl(file.fileKey, ttl, file.fileName);
		return { url: signed.url, expiresIn: ttl };
	} catch (error) {
		log.error('staff file: storage unreachable', { key: file.fileKey, error });
		throw new AppError('service_unavailable', 'Kho lưu trữ tệp tạm thời không khả dụng, vui lòng thử lại sau ít phút.');
	}
}
