/**
 * Writes a generated catalog: on PostgreSQL the big tables with COPY and their secondary indexes
 * built after the load (./copy.ts), on PGlite in batches of multi-row INSERTs. Products are taken
 * from the generator a chunk at a time and written before the next is made (./generate.ts), so the
 * seed's memory does not grow with the catalog's size beyond what the generator must remember.
 */
import { sql } from 'drizzle-orm';
import { db, type DbOrTx, type Tx } from '../../db/client';
import { bulkProductRow, copyChunks, copyRows, primaryFilesAndPreviewJobs, rawTransaction, withoutForeignKeys, withoutPerRowTriggers, withoutSecondaryIndexes } from './copy';
import { buyerReviewVotes, buyerReviews, categories, flashSales, orders, productAliases, productOwnerships, products, users } from '../../db/schema';
import { DEMO_REVIEWERS } from './reviews';
import type { CatalogGenerator, SeedCatalogRest, SeedProduct } from './generate';
import type { SeedFile } from './files';

// ~20 columns per product row keeps each statement far below PostgreSQL's 65 535 parameters.
const BATCH = 1_000;
/** Products generated, then written, at a time: a few MB of rows. */
const CHUNK = 5_000;

function chunks<T>(items: readonly T[], size = BATCH): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
	return out;
}

function productRow(p: SeedProduct): typeof products.$inferInsert {
	const { categoryPath: _path, ...row } = p;
	return row;
}

export interface InsertOptions {
	onProgress?: (done: number) => void;
	/** How many products' files to return, the first ones (all by default). */
	keepFiles?: number;
}

export interface Inserted {
	counts: { categories: number; products: number; aliases: number; flashSales: number; reviews: number };
	/** The files of the first `keepFiles` products. */
	files: SeedFile[];
}

export async function insertCatalog(generator: CatalogGenerator, tx: DbOrTx = db(), { onProgress, keepFiles = Infinity }: InsertOptions = {}): Promise<Inserted> {
	// Parents before children, so every parent_id already exists.
	const ordered = [...generator.categories].sort((a, b) => a.depth - b.depth);
	for (const batch of chunks(ordered)) await tx.insert(categories).values(batch);
	const files: SeedFile[] = [];
	let made = 0;
	function* productChunks(): Generator<SeedProduct[]> {
		for (const chunk of generator.chunks(CHUNK)) {
			for (const { fileKey, fileName, type, title } of chunk) if (files.length < keepFiles) files.push({ fileKey, fileName, type, title });
			made += chunk.length;
			yield chunk;
		}
	}
	const raw = rawTransaction(tx as Tx);
	let rest: SeedCatalogRest;
	if (raw && 'savepoint' in raw) {
		// One COPY per table runs longer than the statement timeout meant for requests; this transaction only.
		await raw`SET LOCAL statement_timeout = 0`;
		// GIN builds (search vectors, title pairs, trigrams) are several times faster with room to sort in.
		await raw`SET LOCAL maintenance_work_mem = '256MB'`;
		const restoreIndexes = await withoutSecondaryIndexes(raw);
		const restoreForeignKeys = await withoutForeignKeys(raw);
		await withoutPerRowTriggers(raw, async () => {
			const rows = function* () {
				for (const chunk of productChunks()) yield chunk.map((p) => bulkProductRow(productRow(p)));
			};
			await copyChunks(raw, products, rows(), onProgress);
			await primaryFilesAndPreviewJobs(raw);
		});
		rest = generator.rest();
		await copyRows(raw, productAliases, rest.aliases);
		await copyRows(raw, flashSales, rest.flashSales);
		await restoreIndexes();
		await restoreForeignKeys();
	} else {
		for (const chunk of productChunks()) {
			for (const batch of chunks(chunk)) await tx.insert(products).values(batch.map(productRow));
			onProgress?.(made);
		}
		rest = generator.rest();
		for (const batch of chunks(rest.aliases)) await tx.insert(productAliases).values(batch);
		for (const batch of chunks(rest.flashSales)) await tx.insert(flashSales).values(batch);
	}
	await insertDemoReviews(rest, tx);
	const counts = { categories: generator.categories.length, products: made, aliases: rest.aliases.length, flashSales: rest.flashSales.length, reviews: rest.reviews.length };
	return { counts, files };
}

/**
 * The demo reviewers, their paid orders (cash at the counter: no wallet
 * ledger to explain), the ownerships those orders grant, and the reviews.
 * Each table is written in whole batches: the rating trigger fires at the end
 * of each INSERT, sees the batch's reviews together, and finds every product
 * already carrying exactly that rating, so it rewrites none.
 */
async function insertDemoReviews(catalog: Pick<SeedCatalogRest, 'purchases' | 'reviews'>, tx: DbOrTx): Promise<void> {
	if (catalog.reviews.length === 0) return;
	// Seeded purchases are history: the orders_paid_notify trigger (drizzle/0033) writes no notification for them.
	await tx.execute(sql`SELECT set_config('hoclieu.seeding', 'on', true)`);
	// Kept across a --reset (accounts are not catalog), so an existing reviewer is left as it is.
	await tx
		.insert(users)
		.values(DEMO_REVIEWERS.map((r) => ({ id: r.id, email: r.email, name: r.name })))
		.onConflictDoNothing();
	for (const batch of chunks(catalog.purchases)) {
		await tx.insert(orders).values(
			batch.map((p) => ({
				id: p.orderId,
				userId: p.userId,
				productId: p.productId,
				priceVnd: p.priceVnd,
				priceSource: 'list' as const,
				amountVnd: p.priceVnd,
				paymentMethod: 'cash_manual' as const,
				status: 'PAID' as const,
				paidAt: p.paidAt,
				createdAt: p.paidAt,
				updatedAt: p.paidAt
			}))
		);
		await tx.insert(productOwnerships).values(batch.map((p) => ({ userId: p.userId, productId: p.productId, source: 'purchase' as const, orderId: p.orderId, createdAt: p.paidAt })));
	}
	for (const batch of chunks(catalog.reviews)) {
		await tx.insert(buyerReviews).values(
			batch.map((r) => ({ id: r.id, productId: r.productId, userId: r.userId, orderId: r.orderId, stars: r.stars, body: r.body, helpfulCount: r.helpfulCount, createdAt: r.createdAt, updatedAt: r.createdAt }))
		);
	}
	const votes = catalog.reviews.flatMap((r) => r.voterIds.map((userId) => ({ reviewId: r.id, userId, createdAt: r.createdAt })));
	for (const batch of chunks(votes)) await tx.insert(buyerReviewVotes).values(batch);
}
