/**
 * The storefront's "Đã mua → Tải về": a download link for a product the
 * signed-in account owns, through the same download token (and the same
 * /tai-ve exchange page) that receipts and paid orders use.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { paths } from '../../paths';
import { db } from '../db/client';
import { productOwnerships } from '../db/schema';
import { forbidden } from '../errors/app-error';
import { issueDownloadToken } from './tokens';

export interface OwnedDownload {
	/** Storefront-relative download page URL. */
	url: string;
	expiresAt: string;
}

export async function ownedDownloadLink(userId: string, productId: string): Promise<OwnedDownload> {
	const [owned] = await db()
		.select({ userId: productOwnerships.userId })
		.from(productOwnerships)
		.where(and(eq(productOwnerships.userId, userId), eq(productOwnerships.productId, productId)));
	if (!owned) throw forbidden('Bạn chưa sở hữu học liệu này.');
	const issued = issueDownloadToken({ productId, userId });
	return { url: paths.download(issued.token), expiresAt: issued.expiresAt.toISOString() };
}

/** Which of these products the account owns (the music list: "Tải xuống" or "Mua"). */
export async function ownedProductIds(userId: string, productIds: readonly string[]): Promise<string[]> {
	if (productIds.length === 0) return [];
	const rows = await db()
		.select({ productId: productOwnerships.productId })
		.from(productOwnerships)
		.where(and(eq(productOwnerships.userId, userId), inArray(productOwnerships.productId, [...new Set(productIds)])));
	return rows.map((r) => r.productId);
}
