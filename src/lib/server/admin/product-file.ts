/**
 * The file an author submitted, for the staff member reviewing it: a
 * short-lived signed storage URL (as a buyer's download gets), whatever the
 * product's status, so the reviewer reads the whole file and not only the
 * preview pages buyers see.
 */
import { eq } from 'drizzle-orm';
import type { TokenDownload } from '../../contracts/checkout';
import { config } from '../config';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { products } from '../db/schema';
import { productFileName } from '../downloads/file-name';
import { AppError, notFound } from '../errors/app-error';
import { log } from '../platform/logger';
import { storage } from '../platform/storage';

export async function submittedFileUrl(productId: string): Promise<TokenDownload> {
	if (!isUuid(productId)) throw notFound('Không tìm thấy học liệu.');
	const [product] = await db()
		.select({ title: products.title, fileKey: products.fileKey, fileName: products.fileName })
		.from(products)
		.where(eq(products.id, productId));
	if (!product) throw notFound('Không tìm thấy học liệu.');
	const fileKey = product.fileKey;
	if (!fileKey) throw notFound('Học liệu này chưa có tệp bán.');
	const ttl = config().checkout.downloadUrlTtlSeconds;
	try {
		const signed = await storage().signedGetUrl(fileKey, ttl, productFileName({ ...product, fileKey }));
		return { url: signed.url, expiresIn: ttl };
	} catch (error) {
		log.error('staff file: storage unreachable', { key: fileKey, error });
		throw new AppError('service_unavailable', 'Kho lưu trữ tệp tạm thời không khả dụng, vui lòng thử lại sau ít phút.');
	}
}
