/**
 * "Thư viện của tôi": the products an account owns, newest first, one page at
 * a time, optionally narrowed by a title search that ignores accents and case
 * ("giao an toan" finds "Giáo án Toán"). Products taken off sale stay listed:
 * ownership is what entitles a download, not the catalog.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LibraryPage, LibraryQuery } from '../../contracts/library';
import { formatOrderNumber } from '../../order-number';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { categories, orders, productOwnerships, products } from '../db/schema';
import { invalidCursor } from '../errors/app-error';
import { signJson, verifyJson } from '../platform/signing';
import { keysetPage } from '../platform/keyset-page';

interface LibraryCursor {
	kind: 'library';
	/** The search the cursor belongs to: a cursor never continues another search. */
	q: string;
	at: string;
	id: string;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

function decodeCursor(cursor: string, q: string): LibraryCursor {
	const c = verifyJson('cursor', cursor) as Partial<LibraryCursor> | null;
	if (c?.kind !== 'library' || c.q !== q || typeof c.at !== 'string' || Number.isNaN(Date.parse(c.at)) || !isUuid(c.id)) {
		throw invalidCursor();
	}
	return c as LibraryCursor;
}

export async function libraryPage(userId: string, query: LibraryQuery): Promise<LibraryPage> {
	const q = query.q ?? '';
	const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, q);
	const rows = await db()
		.select({
			productId: products.id,
			title: products.title,
			type: products.type,
			slug: products.slug,
			isPublished: products.isPublished,
			categoryPath: categories.path,
			coverImageUrl: products.coverImageUrl,
			source: productOwnerships.source,
			ownedAt: productOwnerships.createdAt,
			orderId: productOwnerships.orderId,
			orderNumber: orders.orderNumber
		})
		.from(productOwnerships)
		.innerJoin(products, eq(products.id, productOwnerships.productId))
		.innerJoin(categories, eq(categories.id, products.categoryId))
		.leftJoin(orders, eq(orders.id, productOwnerships.orderId))
		.where(
			and(
				eq(productOwnerships.userId, userId),
				q ? sql`immutable_unaccent(lower(${products.title})) LIKE '%' || immutable_unaccent(lower(${escapeLike(q)})) || '%'` : undefined,
				after ? sql`(${productOwnerships.createdAt}, ${productOwnerships.productId}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined
			)
		)
		.orderBy(desc(productOwnerships.createdAt), desc(productOwnerships.productId))
		.limit(query.pageSize + 1);
	const page = keysetPage(rows, query.pageSize, (last) =>
		signJson('cursor', { kind: 'library', q, at: last.ownedAt.toISOString(), id: last.productId } satisfies LibraryCursor)
	);
	return {
		items: page.rows.map((r) => ({
			productId: r.productId,
			title: r.title,
			type: r.type,
			fullPath: r.isPublished ? `${r.categoryPath}/${r.slug}` : null,
			coverImageUrl: r.coverImageUrl,
			source: r.source,
			ownedAt: r.ownedAt.toISOString(),
			orderId: r.orderId,
			orderNumber: r.orderNumber === null ? null : formatOrderNumber(r.orderNumber)
		})),
		hasMore: page.hasMore,
		nextCursor: page.nextCursor
	};
}
