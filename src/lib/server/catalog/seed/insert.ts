/** Writes a generated catalog in batches (100 000 products must load in well under a few minutes). */
import { db, type DbOrTx } from '../../db/client';
import { categories, flashSales, productAliases, products } from '../../db/schema';
import type { SeedCatalog, SeedProduct } from './generate';

// ~20 columns per product row keeps each statement far below PostgreSQL's 65 535 parameters.
const BATCH = 1_000;

function chunks<T>(items: T[], size = BATCH): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
	return out;
}

function productRow(p: SeedProduct): typeof products.$inferInsert {
	const { categoryPath: _path, ...row } = p;
	return row;
}

export async function insertCatalog(catalog: SeedCatalog, tx: DbOrTx = db(), onProgress?: (done: number) => void): Promise<void> {
	// Parents before children, so every parent_id already exists.
	const ordered = [...catalog.categories].sort((a, b) => a.depth - b.depth);
	for (const batch of chunks(ordered)) await tx.insert(categories).values(batch);
	let done = 0;
	for (const batch of chunks(catalog.products)) {
		await tx.insert(products).values(batch.map(productRow));
		done += batch.length;
		onProgress?.(done);
	}
	for (const batch of chunks(catalog.aliases)) await tx.insert(productAliases).values(batch);
	for (const batch of chunks(catalog.flashSales)) await tx.insert(flashSales).values(batch);
}
