/**
 * POST /api/v1/downloads/by-token (POST /api/v1/downloads/by-token): a valid download token buys a
 * short-lived signed storage URL for the product's file. Only the token
 * counts — cookies are never consulted — and its entitlement is re-checked:
 * the order must still be PAID for that product and not refunded, or the
 * account must still own it.
 */
import { and, eq, notExists } from 'drizzle-orm';
import type { TokenDownload } from '../../contracts/checkout';
import { config } from '../config';
import { db } from '../db/client';
import { orderRefunds, orders, productOwnerships, products } from '../db/schema';
import { AppError, forbidden } from '../errors/app-error';
import { log } from '../platform/logger';
import { storage } from '../platform/storage';
import { productFileName } from './file-name';
import { readDownloadToken, type DownloadEntitlement } from './tokens';

const invalidToken = () => forbidden('Liên kết tải xuống không hợp lệ hoặc đã hết hạn.');

const storageUnavailable = () =>
	new AppError('service_unavailable', 'Kho lưu trữ tệp tạm thời không khả dụng, vui lòng thử lại sau ít phút.');

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

export async function exchangeDownloadToken(token: string): Promise<TokenDownload> {
	const entitlement = readDownloadToken(token);
	if (!entitlement || !(await stillEntitled(entitlement))) throw invalidToken();
	const [product] = await db()
		.select({ title: products.title, fileKey: products.fileKey, fileName: products.fileName })
		.from(products)
		.where(eq(products.id, entitlement.productId));
	if (!product) throw invalidToken();
	const fileKey = product.fileKey;
	if (!fileKey) {
		log.error('token download: product has no file', { productId: entitlement.productId });
		throw storageUnavailable();
	}
	const ttl = config().checkout.downloadUrlTtlSeconds;
	try {
		if (!(await storage().head(fileKey))) {
			log.error('token download: file missing from storage', { productId: entitlement.productId, key: fileKey });
			throw storageUnavailable();
		}
		const signed = await storage().signedGetUrl(fileKey, ttl, productFileName({ ...product, fileKey }));
		return { url: signed.url, expiresIn: ttl };
	} catch (error) {
		if (error instanceof AppError) throw error;
		log.error('token download: storage unreachable', { key: fileKey, error });
		throw storageUnavailable();
	}
}
