/**
 * Seeding the demo catalog: at start-up into an empty embedded database
 * (config `seedOnEmpty`), and from `npm run seed` (scripts/seed.ts).
 */
import { inArray, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { config } from '../../config';
import { db } from '../../db/client';
import { categories, orders } from '../../db/schema';
import { now as clockNow } from '../../platform/clock';
import type { SeedFile } from './files';
import { CatalogGenerator } from './generate';
import { insertCatalog } from './insert';
import { DEMO_REVIEWERS } from './reviews';

export { generateCatalog } from './generate';
export { storeSeedFiles } from './files';

export interface SeedRequest {
	products: number;
	seed: number;
	/** Delete the existing catalog first (refused otherwise when it is not empty). */
	reset?: boolean;
	onProgress?: (done: number) => void;
	/** How many products' sample files the outcome lists, the first ones (all by default): a million would be a million objects. */
	keepFiles?: number;
}

export type SeedOutcome =
	| { seeded: true; counts: { categories: number; products: number; aliases: number; flashSales: number; reviews: number }; files: SeedFile[] }
	| { seeded: false; reason: 'not_empty' };

// Several instances may start at once on one empty PostgreSQL: only one seeds.
const SEED_LOCK = 0x686f636c; // "hocl"

export async function seedCatalog(request: SeedRequest): Promise<SeedOutcome> {
	return db().transaction(async (tx) => {
		await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
		if (request.reset) {
			// Ownerships, aliases and flash sales go with their products (ON DELETE CASCADE);
			// the search vocabulary is rebuilt by the insert triggers.
			// The demo reviewers' orders hold their products (orders.product_id is ON DELETE RESTRICT).
			await tx.delete(orders).where(inArray(orders.userId, DEMO_REVIEWERS.map((r) => r.id)));
			await tx.execute(sql`DELETE FROM products`);
			await tx.execute(sql`DELETE FROM search_terms`);
			// Children first: parent_id is ON DELETE RESTRICT.
			const [deepest] = await tx.select({ d: sql<number>`coalesce(max(depth), -1)::int` }).from(categories);
			for (let depth = deepest?.d ?? -1; depth >= 0; depth--) {
				await tx.execute(sql`DELETE FROM categories WHERE depth = ${depth}`);
			}
		}
		const existing = await tx.select({ n: sql<number>`count(*)::int` }).from(categories);
		if ((existing[0]?.n ?? 0) > 0) return { seeded: false, reason: 'not_empty' } as const;
		const generator = new CatalogGenerator({ products: request.products, seed: request.seed, now: clockNow() });
		const { counts, files } = await insertCatalog(generator, tx, { onProgress: request.onProgress, keepFiles: request.keepFiles });
		return { seeded: true, counts, files } as const;
	});
}

/**
 * Fresh statistics for the planner and, with `vacuum`, an empty GIN pending
 * list (bulk inserts leave thousands of entries there, which every search
 * would otherwise scan linearly). Runs outside the seeding transaction (VACUUM
 * cannot run inside one). On PostgreSQL it runs on a connection of its own with
 * the statement timeout lifted for that session only: at 1 000 000 products
 * VACUUM ANALYZE takes longer than DATABASE_STATEMENT_TIMEOUT_MS allows any
 * request's statement.
 */
export async function refreshStatistics(vacuum: boolean): Promise<void> {
	const tables = 'products, categories, flash_sales, product_aliases, search_terms, buyer_reviews, product_files, preview_jobs';
	const statement = vacuum ? `VACUUM ANALYZE ${tables}` : `ANALYZE ${tables}`;
	const url = config().databaseUrl;
	if (!url) {
		await db().execute(sql.raw(statement));
		return;
	}
	const maintenance = postgres(url, { max: 1, onnotice: () => {}, connection: { statement_timeout: 0 } });
	try {
		await maintenance.unsafe(statement);
	} finally {
		await maintenance.end({ timeout: 5 });
	}
}
