import { sql } from 'drizzle-orm';
import {
	bigint,
	boolean,
	check,
	customType,
	index,
	integer,
	pgSequence,
	pgTable,
	primaryKey,
	real,
	text,
	timestamp,
	uniqueIndex,
	uuid,
	type AnyPgColumn
} from 'drizzle-orm/pg-core';
import { productTypes } from '../../../contracts/catalog';
import { money } from './money';
import { users } from './users';

/** Postgres full-text document; only ever written by the generated column below. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export { productTypes, type ProductType } from '../../../contracts/catalog';

/**
 * Where a product is in its life (issue #16). `is_published` stays the one
 * flag every catalog read filters on; a trigger (migration 0014) keeps it
 * equal to `status = 'published'`, so writers set either one and the two never
 * disagree. Legacy writers that only set `is_published` get `published` or
 * `unpublished`.
 */
export const productStatuses = ['draft', 'in_review', 'rejected', 'published', 'unpublished', 'suspended'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/**
 * Bumped by statement-level triggers whenever what a search can find changes
 * (products, categories, flash sales; not popularity or flash stock). Search
 * results cached under an older value are never served (search/hit-cache.ts).
 */
export const catalogVersion = pgSequence('catalog_version');

/** A tree of any depth; `path` is the slugs from the root joined by `/`. */
export const categories = pgTable(
	'categories',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
		name: text('name').notNull(),
		slug: text('slug').notNull(),
		path: text('path').notNull(),
		depth: integer('depth').notNull().default(0),
		sortOrder: integer('sort_order').notNull().default(0),
		isActive: boolean('is_active').notNull().default(true),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [uniqueIndex('categories_path_key').on(t.path), index('categories_parent_idx').on(t.parentId)]
);

export const products = pgTable(
	'products',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		categoryId: uuid('category_id')
			.notNull()
			.references(() => categories.id, { onDelete: 'restrict' }),
		type: text('type', { enum: productTypes }).notNull(),
		title: text('title').notNull(),
		slug: text('slug').notNull(),
		description: text('description').notNull().default(''),
		tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
		priceVnd: money('price_vnd').notNull(),
		salePriceVnd: money('sale_price_vnd'),
		saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
		coverImageUrl: text('cover_image_url'),
		previewImageUrls: text('preview_image_urls').array().notNull().default(sql`'{}'::text[]`),
		ratingAvg: real('rating_avg').notNull().default(0),
		ratingCount: integer('rating_count').notNull().default(0),
		popularity: integer('popularity').notNull().default(0),
		/** Object-storage key of the downloadable file. */
		fileKey: text('file_key'),
		/** File name offered to the downloader, e.g. "Bài hát Quê hương.mp3". */
		fileName: text('file_name'),
		/** SHA-256 (hex) of the sold file, set when an author's draft is submitted; refuses another author's copy. */
		fileSha256: text('file_sha256'),
		// What the preview worker found in the file (src/lib/server/previews); null until it ran.
		previewStatus: text('preview_status'),
		pageCount: integer('page_count'),
		durationSeconds: integer('duration_seconds'),
		fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }),
		/** Public 30-second audio/video excerpt, served from the previews/ prefix. */
		previewClipUrl: text('preview_clip_url'),
		isPublished: boolean('is_published').notNull().default(true),
		status: text('status', { enum: productStatuses }).notNull().default('published'),
		/** The author who sells it and is paid for it; null for the house catalog (the demo seed). */
		authorId: uuid('author_id').references(() => users.id, { onDelete: 'restrict' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/** Accent-folded full-text document (migration 0006): title A, tags B, description C. */
		searchVector: tsvector('search_vector')
			.notNull()
			.generatedAlwaysAs(sql`product_search_vector(title, tags, description)`),
		/** Title (A) and tags (B) only: the relevance tiers of search (migration 0006). */
		headVector: tsvector('head_vector')
			.notNull()
			.generatedAlwaysAs(sql`product_head_vector(title, tags)`),
		/** Adjacent word pairs of the title ("giao_an"): the phrase tier of search (migration 0006). */
		titlePairs: tsvector('title_pairs')
			.notNull()
			.generatedAlwaysAs(sql`product_title_pairs(title)`)
	},
	(t) => [
		uniqueIndex('products_category_slug_key').on(t.categoryId, t.slug),
		// Keyset pagination: one index per sort, each ending in the id tie-breaker,
		// across the catalog and within one category (listings read a subtree category by category).
		index('products_newest_idx').on(t.createdAt, t.id).where(sql`is_published`),
		index('products_popular_idx').on(t.popularity, t.id).where(sql`is_published`),
		index('products_rating_idx').on(t.ratingAvg, t.ratingCount, t.id).where(sql`is_published`),
		index('products_category_newest_idx').on(t.categoryId, t.createdAt, t.id).where(sql`is_published`),
		index('products_category_popular_idx').on(t.categoryId, t.popularity, t.id).where(sql`is_published`),
		index('products_category_rating_idx').on(t.categoryId, t.ratingAvg, t.ratingCount, t.id).where(sql`is_published`),
		index('products_search_vector_idx').using('gin', t.searchVector),
		index('products_head_vector_idx').using('gin', t.headVector),
		index('products_title_pairs_idx').using('gin', t.titlePairs),
		index('products_author_idx').on(t.authorId, t.createdAt).where(sql`${t.authorId} IS NOT NULL`),
		index('products_file_sha256_idx').on(t.fileSha256).where(sql`${t.fileSha256} IS NOT NULL`),
		index('products_status_idx').on(t.status, t.updatedAt).where(sql`${t.status} <> 'published'`),
		check('products_status_known', sql`${t.status} IN ('draft', 'in_review', 'rejected', 'published', 'unpublished', 'suspended')`),
		check('products_price_nonneg', sql`${t.priceVnd} >= 0`),
		check('products_sale_price_nonneg', sql`${t.salePriceVnd} IS NULL OR ${t.salePriceVnd} >= 0`),
		check('products_rating_range', sql`${t.ratingAvg} >= 0 AND ${t.ratingAvg} <= 5`)
	]
);

/** Old full paths of renamed or moved products; each points at the product, not at the next alias. */
export const productAliases = pgTable(
	'product_aliases',
	{
		path: text('path').primaryKey(),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [index('product_aliases_product_idx').on(t.productId)]
);

export const flashSales = pgTable(
	'flash_sales',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
		endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
		salePriceVnd: money('sale_price_vnd').notNull(),
		/** Null = no stock cap. */
		stockCap: integer('stock_cap'),
		stockLeft: integer('stock_left'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		index('flash_sales_product_idx').on(t.productId, t.endsAt),
		check('flash_sales_window', sql`${t.endsAt} > ${t.startsAt}`),
		check('flash_sales_price_nonneg', sql`${t.salePriceVnd} >= 0`),
		check('flash_sales_stock_nonneg', sql`${t.stockLeft} IS NULL OR (${t.stockLeft} >= 0 AND ${t.stockLeft} <= ${t.stockCap})`)
	]
);

export const ownershipSources = ['purchase', 'free_claim', 'grant', 'bundle'] as const;

/**
 * Who owns which product; filled by paid orders, free claims and staff grants.
 * `bundle` rows are the items a bundle's ownership brought with it, carrying
 * that bundle's order, so refunding the bundle revokes exactly them (README, Bundles).
 */
export const productOwnerships = pgTable(
	'product_ownerships',
	{
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		productId: uuid('product_id')
			.notNull()
			.references(() => products.id, { onDelete: 'cascade' }),
		source: text('source', { enum: ownershipSources }).notNull(),
		/** The order that granted it, when there was one. */
		orderId: uuid('order_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [primaryKey({ columns: [t.userId, t.productId] }), index('product_ownerships_product_idx').on(t.productId)]
);

/**
 * Every lexeme the catalog's search documents contain, and every adjacent
 * pair of title words ("giao_an"), with roughly how many products carry it
 * (kept by statement triggers, migration 0008). Search plans its queries from
 * these counts, completes typed prefixes and corrects typos from the words.
 */
export const searchTerms = pgTable(
	'search_terms',
	{
		term: text('term').primaryKey(),
		/** Counted on insert; never decremented, so an upper bound. */
		ndoc: integer('ndoc').notNull().default(0)
	},
	(t) => [
		index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
		index('search_terms_prefix_idx').using('btree', sql`${t.term} text_pattern_ops`)
	]
);
