import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { pgTable, timestamp, boolean, text, uuid, uniqueIndex, index, integer, check, primaryKey, PgDialect, bigint, real, customType, pgSequence, jsonb } from 'drizzle-orm/pg-core';
import { drizzle as drizzle$1 } from 'drizzle-orm/pglite';
import { drizzle } from 'drizzle-orm/postgres-js';
import { mkdirSync } from 'node:fs';
import postgres from 'postgres';
import { c as config } from './config.js-CBoIX22t.js';
import { sql } from 'drizzle-orm';
import { p as productTypes } from './catalog.js-DINH2wV_.js';

const userRoles = ["customer", "staff"];
const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored already normalised (trimmed, NFC, lower-case) by the auth service. */
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    role: text("role", { enum: userRoles }).notNull().default("customer"),
    isVip: boolean("is_vip").notNull().default(false),
    vipUntil: timestamp("vip_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)]
);
const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip")
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)]
);
const authTokenPurposes = ["sign_in_otp", "magic_link", "password_reset"];
const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey(),
    purpose: text("purpose", { enum: authTokenPurposes }).notNull(),
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Wrong guesses so far (sign-in codes); the code is burnt at the limit. */
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("auth_tokens_token_hash_key").on(t.tokenHash),
    index("auth_tokens_email_purpose_idx").on(t.email, t.purpose),
    check("auth_tokens_attempts_nonneg", sql`${t.attempts} >= 0`)
  ]
);
const money = (name) => bigint(name, { mode: "bigint" });
const tsvector = customType({ dataType: () => "tsvector" });
const catalogVersion = pgSequence("catalog_version");
const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    parentId: uuid("parent_id").references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    path: text("path").notNull(),
    depth: integer("depth").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex("categories_path_key").on(t.path), index("categories_parent_idx").on(t.parentId)]
);
const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id").notNull().references(() => categories.id, { onDelete: "restrict" }),
    type: text("type", { enum: productTypes }).notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    priceVnd: money("price_vnd").notNull(),
    salePriceVnd: money("sale_price_vnd"),
    saleEndsAt: timestamp("sale_ends_at", { withTimezone: true }),
    coverImageUrl: text("cover_image_url"),
    previewImageUrls: text("preview_image_urls").array().notNull().default(sql`'{}'::text[]`),
    ratingAvg: real("rating_avg").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    popularity: integer("popularity").notNull().default(0),
    /** Object-storage key of the downloadable file. */
    fileKey: text("file_key"),
    /** File name offered to the downloader, e.g. "Bài hát Quê hương.mp3". */
    fileName: text("file_name"),
    isPublished: boolean("is_published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Accent-folded full-text document (migration 0006): title A, tags B, description C. */
    searchVector: tsvector("search_vector").notNull().generatedAlwaysAs(sql`product_search_vector(title, tags, description)`),
    /** Title (A) and tags (B) only: the relevance tiers of search (migration 0006). */
    headVector: tsvector("head_vector").notNull().generatedAlwaysAs(sql`product_head_vector(title, tags)`),
    /** Adjacent word pairs of the title ("giao_an"): the phrase tier of search (migration 0006). */
    titlePairs: tsvector("title_pairs").notNull().generatedAlwaysAs(sql`product_title_pairs(title)`)
  },
  (t) => [
    uniqueIndex("products_category_slug_key").on(t.categoryId, t.slug),
    // Keyset pagination: one index per sort, each ending in the id tie-breaker,
    // across the catalog and within one category (listings read a subtree category by category).
    index("products_newest_idx").on(t.createdAt, t.id).where(sql`is_published`),
    index("products_popular_idx").on(t.popularity, t.id).where(sql`is_published`),
    index("products_rating_idx").on(t.ratingAvg, t.ratingCount, t.id).where(sql`is_published`),
    index("products_category_newest_idx").on(t.categoryId, t.createdAt, t.id).where(sql`is_published`),
    index("products_category_popular_idx").on(t.categoryId, t.popularity, t.id).where(sql`is_published`),
    index("products_category_rating_idx").on(t.categoryId, t.ratingAvg, t.ratingCount, t.id).where(sql`is_published`),
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_head_vector_idx").using("gin", t.headVector),
    index("products_title_pairs_idx").using("gin", t.titlePairs),
    check("products_price_nonneg", sql`${t.priceVnd} >= 0`),
    check("products_sale_price_nonneg", sql`${t.salePriceVnd} IS NULL OR ${t.salePriceVnd} >= 0`),
    check("products_rating_range", sql`${t.ratingAvg} >= 0 AND ${t.ratingAvg} <= 5`)
  ]
);
const productAliases = pgTable(
  "product_aliases",
  {
    path: text("path").primaryKey(),
    productId: uuid("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index("product_aliases_product_idx").on(t.productId)]
);
const flashSales = pgTable(
  "flash_sales",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    salePriceVnd: money("sale_price_vnd").notNull(),
    /** Null = no stock cap. */
    stockCap: integer("stock_cap"),
    stockLeft: integer("stock_left"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index("flash_sales_product_idx").on(t.productId, t.endsAt),
    check("flash_sales_window", sql`${t.endsAt} > ${t.startsAt}`),
    check("flash_sales_price_nonneg", sql`${t.salePriceVnd} >= 0`),
    check("flash_sales_stock_nonneg", sql`${t.stockLeft} IS NULL OR (${t.stockLeft} >= 0 AND ${t.stockLeft} <= ${t.stockCap})`)
  ]
);
const ownershipSources = ["purchase", "free_claim", "grant"];
const productOwnerships = pgTable(
  "product_ownerships",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    source: text("source", { enum: ownershipSources }).notNull(),
    /** The order that granted it, when there was one. */
    orderId: uuid("order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("product_ownerships_product_idx").on(t.productId)]
);
const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
    /** Counted on insert; never decremented, so an upper bound. */
    ndoc: integer("ndoc").notNull().default(0)
  },
  (t) => [
    index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
    index("search_terms_prefix_idx").using("btree", sql`${t.term} text_pattern_ops`)
  ]
);
const musicQuotaUsage = pgTable(
  "music_quota_usage",
  {
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    used: integer("used").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.userId, t.windowStart] }), check("music_quota_usage_used_nonneg", sql`${t.used} >= 0`)]
);
const musicGrantReasons = ["owned", "free"];
const musicDownloadLogs = pgTable(
  "music_download_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: musicGrantReasons }).notNull(),
    quotaUsed: boolean("quota_used").notNull(),
    /** The quota window charged, when `quota_used`. */
    windowStart: timestamp("window_start", { withTimezone: true }),
    urlExpiresAt: timestamp("url_expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull()
  },
  (t) => [
    index("music_download_logs_user_idx").on(t.userId, t.createdAt),
    index("music_download_logs_product_idx").on(t.productId),
    check("music_download_logs_window", sql`${t.quotaUsed} = (${t.windowStart} IS NOT NULL)`)
  ]
);
const walletPockets = ["main", "bonus"];
const ledgerEntryTypes = ["TOPUP", "PURCHASE", "BONUS", "REFUND", "ADJUSTMENT"];
const ledgerDirections = ["CREDIT", "DEBIT"];
const wallets = pgTable(
  "wallets",
  {
    userId: uuid("user_id").primaryKey().references(() => users.id, { onDelete: "restrict" }),
    main: money("main").notNull().default(sql`0`),
    bonus: money("bonus").notNull().default(sql`0`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [check("wallets_main_nonneg", sql`${t.main} >= 0`), check("wallets_bonus_nonneg", sql`${t.bonus} >= 0`)]
);
const walletLedger = pgTable(
  "wallet_ledger",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id").notNull().references(() => wallets.userId, { onDelete: "restrict" }),
    entryType: text("entry_type", { enum: ledgerEntryTypes }).notNull(),
    direction: text("direction", { enum: ledgerDirections }).notNull(),
    pocket: text("pocket", { enum: walletPockets }).notNull(),
    amount: money("amount").notNull(),
    /** main + bonus right after this change. */
    balanceAfter: money("balance_after").notNull(),
    refType: text("ref_type"),
    refId: text("ref_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index("wallet_ledger_user_idx").on(t.userId, t.id),
    // The last line of defence against crediting or debiting the same thing twice.
    uniqueIndex("wallet_ledger_once_key").on(t.userId, t.entryType, t.pocket, t.refType, t.refId).where(sql`${t.refId} IS NOT NULL`),
    check("wallet_ledger_amount_pos", sql`${t.amount} > 0`),
    check("wallet_ledger_balance_nonneg", sql`${t.balanceAfter} >= 0`)
  ]
);
const paymentIntentStatuses = ["PENDING", "PAID", "EXPIRED", "CANCELLED"];
const paymentIntents = pgTable(
  "payment_intents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** The paid thing's id in its own table. */
    targetId: uuid("target_id").notNull(),
    /** The memo the buyer puts in the transfer, e.g. HL7K2MQX9A. */
    reference: text("reference").notNull(),
    amountVnd: money("amount_vnd").notNull(),
    /** Who gets credited when money arrives that pays nothing (null for guests). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: paymentIntentStatuses }).notNull().default("PENDING"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("payment_intents_reference_key").on(t.reference),
    uniqueIndex("payment_intents_target_key").on(t.kind, t.targetId),
    index("payment_intents_pending_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'PENDING'`),
    check("payment_intents_amount_pos", sql`${t.amountVnd} > 0`)
  ]
);
const transferMatchStatuses = [
  "matched",
  "overpaid",
  "underpaid",
  "late",
  "duplicate_payment",
  "unmatched",
  "outgoing",
  "error"
];
const bankTransfers = pgTable(
  "bank_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    /** The provider's transaction id: the idempotency key of deliveries. */
    providerTxnId: text("provider_txn_id").notNull(),
    gateway: text("gateway"),
    accountNumber: text("account_number"),
    transferType: text("transfer_type").notNull(),
    amountVnd: money("amount_vnd").notNull(),
    content: text("content").notNull().default(""),
    bankReference: text("bank_reference"),
    transactionDate: text("transaction_date"),
    payload: jsonb("payload").notNull(),
    matchStatus: text("match_status", { enum: transferMatchStatuses }).notNull(),
    intentId: uuid("intent_id").references(() => paymentIntents.id, { onDelete: "set null" }),
    /** What of the amount went to a buyer's wallet instead of paying an intent. */
    creditedVnd: money("credited_vnd").notNull().default(sql`0`),
    /** Staff must look at it: the money is neither applied nor credited anywhere. */
    needsReview: boolean("needs_review").notNull().default(false),
    note: text("note"),
    attempts: integer("attempts").notNull().default(1),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true })
  },
  (t) => [
    uniqueIndex("bank_transfers_provider_txn_key").on(t.provider, t.providerTxnId),
    index("bank_transfers_review_idx").on(t.receivedAt).where(sql`${t.needsReview}`),
    index("bank_transfers_intent_idx").on(t.intentId),
    check("bank_transfers_amount_nonneg", sql`${t.amountVnd} >= 0`),
    check("bank_transfers_credited_nonneg", sql`${t.creditedVnd} >= 0`)
  ]
);
const promoScopes = ["TOPUP", "CHECKOUT"];
const promoKinds = ["PERCENT", "FIXED"];
const promos = pgTable(
  "promos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored normalised: trimmed, upper-case. */
    code: text("code").notNull(),
    description: text("description"),
    appliesTo: text("applies_to", { enum: promoScopes }).notNull(),
    kind: text("kind", { enum: promoKinds }).notNull(),
    /** PERCENT: whole percent off, 1–100. */
    percentOff: integer("percent_off"),
    /** PERCENT: the most one use may take off (null = no cap). */
    maxDiscountVnd: money("max_discount_vnd"),
    /** FIXED: the amount off. */
    amountOffVnd: money("amount_off_vnd"),
    /** The smallest amount (top-up amount or product price) the promo applies to. */
    minAmountVnd: money("min_amount_vnd").notNull().default(sql`0`),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Null = unlimited. */
    totalCap: integer("total_cap"),
    used: integer("used").notNull().default(0),
    /** Null = unlimited. */
    perUserCap: integer("per_user_cap"),
    isActive: boolean("is_active").notNull().default(true),
    /** Checkout scope (all null = every product): one product, one product type, or a category subtree. */
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    productType: text("product_type", { enum: productTypes }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("promos_code_key").on(t.code),
    check(
      "promos_kind_value",
      sql`(${t.kind} = 'PERCENT' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffVnd} IS NULL)
				OR (${t.kind} = 'FIXED' AND ${t.amountOffVnd} > 0 AND ${t.percentOff} IS NULL AND ${t.maxDiscountVnd} IS NULL)`
    ),
    check("promos_max_discount_pos", sql`${t.maxDiscountVnd} IS NULL OR ${t.maxDiscountVnd} > 0`),
    check("promos_min_amount_nonneg", sql`${t.minAmountVnd} >= 0`),
    check("promos_window", sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check("promos_caps_pos", sql`(${t.totalCap} IS NULL OR ${t.totalCap} > 0) AND (${t.perUserCap} IS NULL OR ${t.perUserCap} > 0)`),
    check("promos_used_range", sql`${t.used} >= 0 AND (${t.totalCap} IS NULL OR ${t.used} <= ${t.totalCap})`),
    check("promos_scope_checkout_only", sql`${t.appliesTo} = 'CHECKOUT' OR (${t.productId} IS NULL AND ${t.productType} IS NULL AND ${t.categoryId} IS NULL)`)
  ]
);
const promoRedemptionStatuses = ["RESERVED", "CONSUMED", "RELEASED"];
const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    promoId: uuid("promo_id").notNull().references(() => promos.id, { onDelete: "restrict" }),
    /** Null only for guest checkout, where per-user caps cannot apply. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** `topup` or the checkout's order kind, and that order's id. */
    refType: text("ref_type").notNull(),
    refId: uuid("ref_id").notNull(),
    discountVnd: money("discount_vnd").notNull(),
    status: text("status", { enum: promoRedemptionStatuses }).notNull().default("RESERVED"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("promo_redemptions_ref_key").on(t.refType, t.refId),
    index("promo_redemptions_user_idx").on(t.promoId, t.userId).where(sql`${t.status} <> 'RELEASED'`),
    check("promo_redemptions_discount_nonneg", sql`${t.discountVnd} >= 0`)
  ]
);
const topupDenominations = pgTable(
  "topup_denominations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    amountVnd: money("amount_vnd").notNull(),
    /** Bonus in basis points (500 = 5 %), so bonus money is integer arithmetic. */
    bonusRateBp: integer("bonus_rate_bp").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    tag: text("tag"),
    isPopular: boolean("is_popular").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("topup_denominations_amount_key").on(t.amountVnd),
    check("topup_denominations_amount_pos", sql`${t.amountVnd} > 0`),
    check("topup_denominations_bonus_range", sql`${t.bonusRateBp} BETWEEN 0 AND 10000`)
  ]
);
const topupStatuses = ["PENDING", "PAID", "EXPIRED", "FAILED"];
const topupOrders = pgTable(
  "topup_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
    denominationId: uuid("denomination_id").notNull().references(() => topupDenominations.id, { onDelete: "restrict" }),
    amountVnd: money("amount_vnd").notNull(),
    bonusVnd: money("bonus_vnd").notNull().default(sql`0`),
    promoDiscountVnd: money("promo_discount_vnd").notNull().default(sql`0`),
    totalAmountVnd: money("total_amount_vnd").notNull(),
    promoRedemptionId: uuid("promo_redemption_id").references(() => promoRedemptions.id, { onDelete: "restrict" }),
    paymentMethod: text("payment_method", { enum: ["qr_direct"] }).notNull().default("qr_direct"),
    paymentRef: text("payment_ref").notNull(),
    status: text("status", { enum: topupStatuses }).notNull().default("PENDING"),
    /** Relative storefront URL to return to after payment. */
    returnTo: text("return_to"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index("topup_orders_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("topup_orders_payment_ref_key").on(t.paymentRef),
    check("topup_orders_amounts", sql`${t.amountVnd} > 0 AND ${t.bonusVnd} >= 0 AND ${t.promoDiscountVnd} >= 0`),
    check("topup_orders_total", sql`${t.totalAmountVnd} = ${t.amountVnd} - ${t.promoDiscountVnd} AND ${t.totalAmountVnd} > 0`)
  ]
);
const giftCodes = pgTable(
  "gift_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lookupHash: text("lookup_hash").notNull(),
    /** The last characters of the code, so staff can tell codes apart. */
    hint: text("hint").notNull(),
    amountVnd: money("amount_vnd").notNull(),
    /** 1 = single-use. */
    maxRedemptions: integer("max_redemptions").notNull().default(1),
    redemptionCount: integer("redemption_count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    /** Groups the codes of one `giftcodes:create` run. */
    batchId: uuid("batch_id").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("gift_codes_lookup_hash_key").on(t.lookupHash),
    index("gift_codes_batch_idx").on(t.batchId),
    check("gift_codes_amount_nonneg", sql`${t.amountVnd} >= 0`),
    check("gift_codes_redemptions", sql`${t.maxRedemptions} > 0 AND ${t.redemptionCount} >= 0 AND ${t.redemptionCount} <= ${t.maxRedemptions}`)
  ]
);
const giftCodeRedemptions = pgTable(
  "gift_code_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giftCodeId: uuid("gift_code_id").notNull().references(() => giftCodes.id, { onDelete: "restrict" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "restrict" }),
    amountVnd: money("amount_vnd").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex("gift_code_redemptions_once_key").on(t.giftCodeId, t.userId)]
);
const orderStatuses = ["PENDING", "PAID", "EXPIRED", "CANCELLED", "FAILED"];
const paymentMethods = ["qr_direct", "wallet", "free_claim", "cash_manual"];
const orderPriceSources = ["list", "sale", "flash_sale"];
const receiptStatuses = ["pending", "sending", "sent", "suppressed", "failed"];
const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey(),
    /** Null for guest checkout. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    /** Guest checkout: where the receipt and the download link go. */
    guestEmail: text("guest_email"),
    /** Guest checkout: when the buyer gave explicit consent. */
    guestConsentAt: timestamp("guest_consent_at", { withTimezone: true }),
    productId: uuid("product_id").notNull().references(() => products.id, { onDelete: "restrict" }),
    /** The effective price at creation, before the promo. */
    priceVnd: money("price_vnd").notNull(),
    priceSource: text("price_source", { enum: orderPriceSources }).notNull(),
    promoDiscountVnd: money("promo_discount_vnd").notNull().default(sql`0`),
    /** What the buyer pays: priceVnd − promoDiscountVnd. */
    amountVnd: money("amount_vnd").notNull(),
    paymentMethod: text("payment_method", { enum: paymentMethods }).notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("PENDING"),
    /** The promo code applied, normalised. */
    promoCode: text("promo_code"),
    promoRedemptionId: uuid("promo_redemption_id").references(() => promoRedemptions.id, { onDelete: "restrict" }),
    /** The flash sale whose price the order got. */
    flashSaleId: uuid("flash_sale_id").references(() => flashSales.id, { onDelete: "set null" }),
    /** One unit of that flash sale's stock is held by this order (false for uncapped flash sales). */
    flashSaleUnitHeld: boolean("flash_sale_unit_held").notNull().default(false),
    /** qr_direct and cash_manual: the reference a transfer or the cashier quotes. */
    paymentIntentId: uuid("payment_intent_id").references(() => paymentIntents.id, { onDelete: "restrict" }),
    paymentRef: text("payment_ref"),
    /** Relative storefront URL to return to after payment. */
    returnTo: text("return_to"),
    receiptStatus: text("receipt_status", { enum: receiptStatuses }),
    receiptAttempts: integer("receipt_attempts").notNull().default(0),
    receiptAttemptedAt: timestamp("receipt_attempted_at", { withTimezone: true }),
    /** PENDING orders only. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull()
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt, t.id),
    // One pending order per buyer and product: a repeated checkout finds it instead of holding stock twice.
    uniqueIndex("orders_one_pending_key").on(t.userId, t.productId).where(sql`${t.status} = 'PENDING' AND ${t.userId} IS NOT NULL`),
    index("orders_receipts_due_idx").on(t.paidAt).where(sql`${t.receiptStatus} IN ('pending', 'sending', 'failed')`),
    uniqueIndex("orders_payment_ref_key").on(t.paymentRef),
    check("orders_amounts", sql`${t.priceVnd} >= 0 AND ${t.promoDiscountVnd} >= 0 AND ${t.amountVnd} = ${t.priceVnd} - ${t.promoDiscountVnd} AND ${t.amountVnd} >= 0`),
    check("orders_buyer", sql`${t.userId} IS NOT NULL OR (${t.guestEmail} IS NOT NULL AND ${t.guestConsentAt} IS NOT NULL)`),
    check("orders_wallet_needs_account", sql`${t.paymentMethod} <> 'wallet' OR ${t.userId} IS NOT NULL`),
    check("orders_free_claim_is_free", sql`${t.paymentMethod} <> 'free_claim' OR ${t.amountVnd} = 0`),
    check("orders_paid_at", sql`(${t.status} = 'PAID') = (${t.paidAt} IS NOT NULL)`),
    check("orders_receipt_attempts_nonneg", sql`${t.receiptAttempts} >= 0`)
  ]
);
const checkoutIdempotencyKeys = pgTable(
  "checkout_idempotency_keys",
  {
    /** `user:<id>` or `guest:<email>`: whose keys these are. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the normalised request body. */
    requestHash: text("request_hash").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull()
  },
  (t) => [uniqueIndex("checkout_idempotency_keys_key").on(t.scope, t.key), index("checkout_idempotency_keys_expiry_idx").on(t.expiresAt)]
);
const schema = /* @__PURE__ */ Object.freeze(/* @__PURE__ */ Object.defineProperty({
  __proto__: null,
  authTokenPurposes,
  authTokens,
  bankTransfers,
  catalogVersion,
  categories,
  checkoutIdempotencyKeys,
  flashSales,
  giftCodeRedemptions,
  giftCodes,
  ledgerDirections,
  ledgerEntryTypes,
  musicDownloadLogs,
  musicGrantReasons,
  musicQuotaUsage,
  orderPriceSources,
  orderStatuses,
  orders,
  ownershipSources,
  paymentIntentStatuses,
  paymentIntents,
  paymentMethods,
  productAliases,
  productOwnerships,
  productTypes,
  products,
  promoKinds,
  promoRedemptionStatuses,
  promoRedemptions,
  promoScopes,
  promos,
  receiptStatuses,
  searchTerms,
  sessions,
  topupDenominations,
  topupOrders,
  topupStatuses,
  transferMatchStatuses,
  userRoles,
  users,
  walletLedger,
  walletPockets,
  wallets
}, Symbol.toStringTag, { value: "Module" }));
const GLOBAL_KEY = /* @__PURE__ */ Symbol.for("hoclieu.database");
function openPostgres(url) {
  const cfg = config();
  const client = postgres(url, {
    max: cfg.databasePoolMax,
    // Fail fast when the server is unreachable instead of queueing for 30 s.
    connect_timeout: Math.ceil(cfg.databaseTimeoutMs / 1e3),
    idle_timeout: 60,
    // A stuck lock or runaway query is cancelled by the server instead of holding a connection.
    connection: { statement_timeout: cfg.databaseStatementTimeoutMs },
    onnotice: () => {
    }
  });
  const dialect = new PgDialect();
  return {
    kind: "postgres",
    // drizzle() installs its type parsers on this client, so prepared rows read like db.execute's.
    db: drizzle(client, { schema }),
    queryPrepared: (query) => {
      const { sql: text2, params } = dialect.sqlToQuery(query);
      return client.unsafe(text2, params, { prepare: true });
    },
    close: () => client.end({ timeout: 5 })
  };
}
function openPglite(dir) {
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { unaccent, pg_trgm } });
  const db2 = drizzle$1(client, { schema });
  return {
    kind: "pglite",
    db: db2,
    // In-process: no round trip or plan cache to save.
    queryPrepared: async (query) => (await db2.execute(query)).rows,
    close: () => client.close()
  };
}
function database() {
  const g = globalThis;
  if (!g[GLOBAL_KEY]) {
    const cfg = config();
    g[GLOBAL_KEY] = cfg.databaseUrl ? openPostgres(cfg.databaseUrl) : openPglite(cfg.pgliteDir);
  }
  return g[GLOBAL_KEY];
}
function db() {
  return database().db;
}
async function closeDatabase() {
  const g = globalThis;
  const handle = g[GLOBAL_KEY];
  g[GLOBAL_KEY] = void 0;
  await handle?.close();
}

export { giftCodeRedemptions as A, musicQuotaUsage as B, userRoles as C, bankTransfers as D, db as a, categories as b, closeDatabase as c, database as d, productAliases as e, flashSales as f, paymentIntents as g, productOwnerships as h, walletLedger as i, promoRedemptions as j, promos as k, checkoutIdempotencyKeys as l, topupOrders as m, authTokens as n, orders as o, products as p, ledgerEntryTypes as q, walletPockets as r, sessions as s, topupDenominations as t, users as u, promoKinds as v, wallets as w, promoScopes as x, giftCodes as y, musicDownloadLogs as z };
//# sourceMappingURL=client.js-CTlknuH-.js.map
