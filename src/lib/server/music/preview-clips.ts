/**
 * "Nghe thử": the public clips the preview worker cut from listed tracks
 * (PREVIEW_CLIP_SECONDS long, 30 s by default), so anyone, signed in or not,
 * hears a track before spending a free download or buying it. Only published
 * products answer; a track whose clip is not ready yet is simply absent.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { db } from '../db/client';
import { products } from '../db/schema';

export interface PreviewClip {
	id: string;
	clipUrl: string;
	durationSeconds: number | null;
}

export async function previewClips(productIds: readonly string[]): Promise<PreviewClip[]> {
	if (productIds.length === 0) return [];
	const rows = await db()
		.select({ id: products.id, clipUrl: products.previewClipUrl, durationSeconds: products.durationSeconds })
		.from(products)
		.where(and(inArray(products.id, [...new Set(productIds)]), eq(products.isPublished, true), isNotNull(products.previewClipUrl)));
	return rows.flatMap((r) => (r.clipUrl ? [{ id: r.id, clipUrl: r.clipUrl, durationSeconds: r.durationSeconds }] : []));
}
