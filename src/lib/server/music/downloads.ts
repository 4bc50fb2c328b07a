/**
 * Music download grants (POST /api/v1/music/{id}/download): a short-lived signed URL for one track.
 *
 * Order of checks: product (404) → ownership, else free-and-published (403) →
 * the file really is in storage (503, nothing charged) → one transaction that
 * takes a quota unit (429), signs the URL (503) and writes the download log.
 * Any failure inside the transaction rolls the unit back.
 */
import { and, eq } from 'drizzle-orm';
import type { MusicDownloadGrant } from '../../contracts/music';
import { config } from '../config';
import { db, type DbOrTx } from '../db/client';
import { musicDownloadLogs, productOwnerships, products } from '../db/schema';
import { AppError, forbidden, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { log } from '../platform/logger';
import { storage, type SignedUrl } from '../platform/storage';
import { priceOf } from '../catalog/pricing';
import { productFileName } from '../downloads/file-name';
import { quotaLimitFor, type QuotaSubject } from './policy';
import { assertMusicEnabled, consumeUnit, quotaExceeded, usedInWindow } from './quota';
import { vietnamMonthWindow } from './quota-window';

export interface Downloader extends QuotaSubject {
	id: string;
}

const storageUnavailable = () =>
	new AppError('service_unavailable', 'Kho lưu trữ tệp tạm thời không khả dụng, vui lòng thử lại sau ít phút.');

async function loadTrack(tx: DbOrTx, productId: string) {
	const [product] = await tx
		.select({
			id: products.id,
			type: products.type,
			title: products.title,
			isPublished: products.isPublished,
			fileKey: products.fileKey,
			fileName: products.fileName
		})
		.from(products)
		.where(eq(products.id, productId));
	return product?.type === 'MUSIC' ? product : undefined;
}

async function owns(tx: DbOrTx, userId: string, productId: string): Promise<boolean> {
	const rows = await tx
		.select({ userId: productOwnerships.userId })
		.from(productOwnerships)
		.where(and(eq(productOwnerships.userId, userId), eq(productOwnerships.productId, productId)))
		.limit(1);
	return rows.length > 0;
}

async function sign(key: string, name: string): Promise<SignedUrl> {
	try {
		return await storage().signedGetUrl(key, config().music.urlTtlSeconds, name);
	} catch (error) {
		log.error('music download: signing failed', { key, error });
		throw storageUnavailable();
	}
}

export async function grantMusicDownload(user: Downloader, productId: string): Promise<MusicDownloadGrant> {
	assertMusicEnabled();
	const at = now();
	const track = await loadTrack(db(), productId);
	if (!track) throw notFound('Không tìm thấy bài nhạc này.');

	// Owners keep access to what they bought, even after the track is unpublished.
	const owned = await owns(db(), user.id, track.id);
	if (!owned) {
		if (!track.isPublished) throw notFound('Không tìm thấy bài nhạc này.');
		if ((await priceOf(db(), track.id, at))?.effectiveVnd !== 0n) {
			throw forbidden('Bài nhạc này có phí. Vui lòng mua bài nhạc để tải xuống.');
		}
	}

	const fileKey = track.fileKey;
	if (!fileKey) {
		log.error('music download: product has no file', { productId: track.id });
		throw storageUnavailable();
	}
	const stored = await storage()
		.head(fileKey)
		.catch((error: unknown) => {
			log.error('music download: storage unreachable', { key: fileKey, error });
			throw storageUnavailable();
		});
	if (!stored) {
		log.error('music download: file missing from storage', { productId: track.id, key: fileKey });
		throw storageUnavailable();
	}
	const name = productFileName({ ...track, fileKey });

	if (owned) {
		const signed = await sign(fileKey, name);
		const [entry] = await db()
			.insert(musicDownloadLogs)
			.values({ userId: user.id, productId: track.id, reason: 'owned', quotaUsed: false, urlExpiresAt: signed.expiresAt, createdAt: at })
			.returning({ id: musicDownloadLogs.id });
		return { signedUrl: signed.url, expiresAt: signed.expiresAt.toISOString(), logId: entry!.id };
	}

	const limit = quotaLimitFor(user, at, config().music.freeMonthlyLimit);
	const window = vietnamMonthWindow(at);
	return db().transaction(async (tx) => {
		const used = await consumeUnit(tx, user.id, window, limit, at);
		// Only a numeric limit can be reached; unlimited users always get a row back.
		if (used === null) throw quotaExceeded(await usedInWindow(tx, user.id, window), limit as number, window);
		const signed = await sign(fileKey, name);
		const [entry] = await tx
			.insert(musicDownloadLogs)
			.values({
				userId: user.id,
				productId: track.id,
				reason: 'free',
				quotaUsed: true,
				windowStart: window.start,
				urlExpiresAt: signed.expiresAt,
				createdAt: at
			})
			.returning({ id: musicDownloadLogs.id });
		return { signedUrl: signed.url, expiresAt: signed.expiresAt.toISOString(), logId: entry!.id };
	});
}
