/**
 * POST /api/v1/downloads/by-token: a valid download token buys a short-lived
 * link to one of the product's files (the primary one unless `fileId` names
 * another), or with `all` to a ZIP of every file streamed by this server
 * (./zip-download.ts). Only the token counts — cookies are never consulted —
 * and its entitlement is re-checked (./entitlement.ts), for every file alike.
 */
import { asc, eq } from 'drizzle-orm';
import type { TokenDownloadInput, TokenDownloadResult } from '../../contracts/downloads';
import { config } from '../config';
import { db } from '../db/client';
import { productFiles, products } from '../db/schema';
import { AppError, notFound } from '../errors/app-error';
import { log } from '../platform/logger';
import { storage } from '../platform/storage';
import { requireEntitled, invalidToken } from './entitlement';
import { readDownloadToken } from './tokens';
import { issueZipTicket, zipFileName, zipUrl } from './zip-ticket';

export const storageUnavailable = () =>
	new AppError('service_unavailable', 'Kho lưu trữ tệp tạm thời không khả dụng, vui lòng thử lại sau ít phút.');

export type ProductFileRow = typeof productFiles.$inferSelect;

/** The product's files, primary first. */
export async function filesOf(productId: string): Promise<ProductFileRow[]> {
	return db().select().from(productFiles).where(eq(productFiles.productId, productId)).orderBy(asc(productFiles.position));
}

export async function exchangeDownloadToken(input: TokenDownloadInput): Promise<TokenDownloadResult> {
	const entitlement = await requireEntitled(readDownloadToken(input.token));
	const [product] = await db().select({ title: products.title }).from(products).where(eq(products.id, entitlement.productId));
	if (!product) throw invalidToken();
	const files = await filesOf(entitlement.productId);
	if (files.length === 0) {
		log.error('token download: product has no file', { productId: entitlement.productId });
		throw storageUnavailable();
	}
	const listed = files.map((f) => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes }));
	const ttl = config().checkout.downloadUrlTtlSeconds;
	if (input.all) {
		const ticket = issueZipTicket(entitlement, ttl);
		return { url: zipUrl(ticket), expiresIn: ttl, fileName: zipFileName(product.title), files: listed };
	}
	const file = input.fileId === undefined ? files[0]! : files.find((f) => f.id === input.fileId);
	if (!file) throw notFound('Học liệu này không có tệp nào với mã đã gửi.');
	try {
		if (!(await storage().head(file.fileKey))) {
			log.error('token download: file missing from storage', { productId: entitlement.productId, key: file.fileKey });
			throw storageUnavailable();
		}
		const signed = await storage().signedGetUrl(file.fileKey, ttl, file.fileName);
		return { url: signed.url, expiresIn: ttl, fileName: file.fileName, files: listed };
	} catch (error) {
		if (error instanceof AppError) throw error;
		log.error('token download: storage unreachable', { key: file.fileKey, error });
		throw storageUnavailable();
	}
}

/**
 * The files a genuine, unexpired token names, for the download page to list
 * before anything is exchanged; null for anything else. Whether the token still
 * entitles its holder is decided by the exchange itself.
 */
export async function filesForToken(token: string): Promise<Pick<ProductFileRow, 'id' | 'fileName' | 'sizeBytes'>[] | null> {
	const entitlement = readDownloadToken(token);
	if (!entitlement) return null;
	return (await filesOf(entitlement.productId)).map(({ id, fileName, sizeBytes }) => ({ id, fileName, sizeBytes }));
}
