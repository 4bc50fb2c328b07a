/**
 * "Tải tất cả": every file of a product in one ZIP, streamed from storage
 * through ./zip-writer.ts as the client reads it — the server holds one chunk
 * at a time, never a file or the archive (README "Several files per product";
 * scripts/bench/zip-download.ts measures it on a 300 MB file).
 */
import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { products } from '../db/schema';
import { AppError, forbidden } from '../errors/app-error';
import { now } from '../platform/clock';
import { log } from '../platform/logger';
import { storage } from '../platform/storage';
import { requireEntitled } from './entitlement';
import { filesOf, storageUnavailable } from './exchange';
import { zipEntryNames } from './zip-names';
import { readZipTicket, zipFileName } from './zip-ticket';
import { zipLength, zipStream, type ZipSource } from './zip-writer';

export interface ZipDownload {
	fileName: string;
	/** Exact length of the archive (Content-Length). */
	size: number;
	body: AsyncGenerator<Uint8Array>;
}

export async function zipDownload(ticket: string): Promise<ZipDownload> {
	const check = readZipTicket(ticket);
	if (check.status === 'expired') throw forbidden('Liên kết tải xuống đã hết hạn. Vui lòng lấy liên kết mới.');
	if (check.status !== 'ok') throw forbidden('Liên kết tải xuống không hợp lệ.');
	const entitlement = await requireEntitled(check.entitlement);
	const [product] = await db().select({ title: products.title }).from(products).where(eq(products.id, entitlement.productId));
	const files = await filesOf(entitlement.productId);
	if (!product || files.length === 0) throw storageUnavailable();
	const names = zipEntryNames(files.map((f) => f.fileName));
	// Every size comes from the store itself before the first byte goes out: the header promises an exact length.
	const sources: ZipSource[] = [];
	for (const [i, f] of files.entries()) {
		const head = await storage()
			.head(f.fileKey)
			.catch((error: unknown) => {
				log.error('zip download: storage unreachable', { key: f.fileKey, error });
				throw storageUnavailable();
			});
		if (!head) {
			log.error('zip download: file missing from storage', { productId: entitlement.productId, key: f.fileKey });
			throw storageUnavailable();
		}
		sources.push({
			name: names[i]!,
			size: head.size,
			open: async () => {
				const stream = await storage().read(f.fileKey);
				if (!stream) throw new AppError('service_unavailable', `Tệp ${f.fileName} không còn trong kho lưu trữ.`);
				return stream as AsyncIterable<Uint8Array>;
			}
		});
	}
	return { fileName: zipFileName(product.title), size: zipLength(sources), body: zipStream(sources, now()) };
}
