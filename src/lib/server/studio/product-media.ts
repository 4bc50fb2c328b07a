/**
 * Where a submitted product's bytes live. Sold files sit beside the seed
 * catalog's (`products/<id>/…`, delivered only through signed links); covers
 * under `product-covers/<id>/…`, which the public /product-covers route serves
 * (the previews job owns `previews/`). Names carry the SHA-256, so a cover URL
 * never changes meaning and may be cached for ever.
 */
import { extensionOf } from '../uploads/content-types';

const COVER_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export const COVER_PREFIX = 'product-covers';

export function productFileKeyFor(productId: string, sha256: string, fileName: string): string {
	const ext = extensionOf(fileName).replace(/^\./, '').replace(/[^a-z0-9]/g, '');
	return `products/${productId}/${sha256}${ext ? `.${ext}` : ''}`;
}

export function coverKeyFor(productId: string, sha256: string, contentType: string): string {
	return `${COVER_PREFIX}/${productId}/${sha256}.${COVER_EXTENSIONS[contentType] ?? 'img'}`;
}

/** Same-origin path, like the seed catalog's `/covers/*.svg`. */
export const coverUrlFor = (key: string) => `/${key}`;
