import { initTRPC, TRPCError } from '@trpc/server';
import { c as notFound, e as errorCodes, A as AppError, a as now, l as log, u as unauthenticated, n as nowMs, b as badRequest, f as forbidden } from './app-error.js-BJVvpKXy.js';
import { c as classifyError } from './classify.js-IAiHLL2t.js';
import { z } from 'zod';
import { P as ProductSummary, c as SearchInput, d as SearchResult, C as CategoryTreeResult, e as CategoryListingInput, f as CategoryListingResult, g as ProductDetailInput, h as ProductDetailResult, R as Redirect, p as productTypes, i as ProductType } from './catalog.js-DINH2wV_.js';
import { count, eq, and as and$1, sql, desc, lt, inArray, asc, lte, gt, or, like } from 'drizzle-orm';
import { q as ledgerEntryTypes, r as walletPockets, a as db, u as users, p as products, o as orders, v as promoKinds, x as promoScopes, k as promos, y as giftCodes, i as walletLedger, z as musicDownloadLogs, h as productOwnerships, b as categories, g as paymentIntents, A as giftCodeRedemptions, f as flashSales, B as musicQuotaUsage, d as database } from './client.js-CTlknuH-.js';
import { A as AuthUser } from './auth.js-DNKvsyge.js';
import { t as toAuthUser } from './accounts.js-BCqWXCT9.js';
import { a as assertValidPath, b as splitProductPath, p as pathPrefixes } from './paths2.js-Di5BGqld.js';
import { randomUUID, randomInt, createHash } from 'node:crypto';
import { e as applyRateLimits, v as verify, c as signJson, b as sign$1, d as verifyJson, h as hmac, f as recordFailure, g as applyFailureLimits } from './index3.js-8T1uxQKq.js';
import { D as DownloadByTokenInput, T as TokenDownload, C as CheckoutPromoValidateInput, a as CheckoutPromoResult, O as OrderIdInput, b as Order, c as OrderListQuery, d as OrderPage, e as CreateCheckoutInput } from './checkout.js-CYM5ahjD.js';
import { c as config } from './config.js-CBoIX22t.js';
import { b as expireDueIntents, i as isPastExpiry, e as expireIfDue, p as paymentAccount, c as createPaymentIntent, a as paymentDetails, d as expireIntent } from './intents.js-DjAkNpCw.js';
import { a as deliverDueReceipts, p as parseIdempotencyKey, c as credit, g as debit, h as getTopupOrder, i as createTopupOrder, l as listActiveDenominations, j as getBalance, k as readDownloadToken, n as effectivePriceVnd, o as runningFlashSales$2, q as evaluateCheckoutPromo, t as isUuid, u as orderNotFound, O as ORDER_KIND, v as invalidPromo, w as normalisePromoCode, x as requestHash, y as claimIdempotencyKey, z as alreadyOwned, A as quoteAndHold, B as capReached, C as reservePromo, m as markOrderPaid, D as deliverReceiptSoon, E as downloadPageUrl, F as issueDownloadToken, G as evaluateTopupPromo, H as isFreeNow, I as unknownProduct, J as cancelPendingOrder, K as recordIdempotentOrder } from './orders.js-B8bAdtQ5.js';
import { f as formatVndText, a as formatDateTimeText } from './format.js-CUETbGfu.js';
import { s as storage } from './index4.js-DXozWz78.js';
import { T as TopupPromoValidateInput, a as TopupPromoResult, b as TopupOrderIdInput, c as TopupOrder, C as CreateTopupOrderInput, D as Denomination, M as MoneyVnd, p as pageFields } from './topup.js-C5XdnIjH.js';
import { p as paths } from './paths.js-xLTGA48h.js';

const t = initTRPC.context().meta().create({
  // The storefront sees the same snake_case codes, statuses and details as REST clients.
  errorFormatter({ shape, error }) {
    const c = classifyError(error);
    return {
      ...shape,
      message: c.message,
      data: {
        code: shape.data.code,
        httpStatus: c.status,
        appCode: c.code,
        details: c.details ?? null,
        extra: c.extra ?? null
      }
    };
  }
});
const STATUS_TO_TRPC = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE"
};
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({
      code: STATUS_TO_TRPC[cause.status] ?? "INTERNAL_SERVER_ERROR",
      message: cause.message,
      cause
    });
  }
  return result;
});
const router = t.router;
t.middleware;
const createCallerFactory = t.createCallerFactory;
const publicProcedure$1 = t.procedure.use(appErrors);
const sessionProcedure = publicProcedure$1.use(({ ctx, next }) => {
  if (!ctx.session) throw unauthenticated();
  return next({ ctx: { ...ctx, session: ctx.session } });
});
const ProductId = z.string().min(1).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Mã sản phẩm không hợp lệ.");
const QuotaLimit = z.union([z.number().int().min(0), z.literal("unlimited")]);
const MusicQuota = z.object({
  isVip: z.boolean(),
  used: z.number().int().min(0),
  limit: QuotaLimit,
  /** Start of the next quota window (the first day of next month, 00:00 Vietnam time). */
  resetsAt: z.iso.datetime()
});
const MusicDownloadInput = z.object({ id: ProductId });
const MusicDownloadGrant = z.object({
  signedUrl: z.url(),
  expiresAt: z.iso.datetime(),
  logId: z.string().optional()
});
const ProductLinksInput = z.object({ ids: z.array(ProductId).min(1).max(50) });
const ProductLink = z.object({
  id: z.string(),
  title: z.string(),
  type: ProductType,
  /** Category path joined with the slug: the product page is /san-pham/<fullPath>. */
  fullPath: z.string(),
  coverImageUrl: z.string().nullable()
});
async function productLinks(ids) {
  if (ids.length === 0) return [];
  const rows = await db().select({
    id: products.id,
    title: products.title,
    type: products.type,
    slug: products.slug,
    categoryPath: categories.path,
    coverImageUrl: products.coverImageUrl
  }).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(and$1(inArray(products.id, [...new Set(ids)]), eq(products.isPublished, true)));
  return rows.map((r) => ({ id: r.id, title: r.title, type: r.type, fullPath: `${r.categoryPath}/${r.slug}`, coverImageUrl: r.coverImageUrl }));
}
const accountPagesRouter = router({
  productLinks: publicProcedure$1.input(ProductLinksInput).output(z.array(ProductLink)).query(({ input }) => productLinks(input.ids))
});
const authRouter = router({
  /** The signed-in user, or null; the session is optional. */
  me: publicProcedure$1.output(AuthUser.nullable()).query(({ ctx }) => ctx.session ? toAuthUser(ctx.session.user) : null)
});
const columns = {
  id: categories.id,
  parentId: categories.parentId,
  name: categories.name,
  slug: categories.slug,
  path: categories.path,
  depth: categories.depth,
  sortOrder: categories.sortOrder,
  isActive: categories.isActive
};
const ROOT_CATEGORY = {
  id: "root",
  name: "Tất cả học liệu",
  slug: "",
  path: "",
  parent: null
};
const collator = new Intl.Collator("vi");
function orderForDisplay(rows) {
  const children = /* @__PURE__ */ new Map();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(row);
    children.set(parent, list);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.sortOrder - b.sortOrder || collator.compare(a.name, b.name) || a.path.localeCompare(b.path));
  }
  const out = [];
  const visit = (parent) => {
    for (const row of children.get(parent) ?? []) {
      out.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return out;
}
async function categoryTree(tx = db()) {
  const rows = await tx.select(columns).from(categories).orderBy(asc(categories.path));
  return orderForDisplay(rows).map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    parentId: r.parentId,
    fullPath: r.path,
    depth: r.depth,
    isActive: r.isActive
  }));
}
async function visibleSubtree(path, tx = db()) {
  const prefixes = pathPrefixes(path);
  const rows = await tx.select(columns).from(categories).where(or(inArray(categories.path, prefixes), like(categories.path, `${path}/%`)));
  const byPath = new Map(rows.map((r) => [r.path, r]));
  const chain = prefixes.map((p) => byPath.get(p));
  if (chain.some((r) => !r || !r.isActive)) return null;
  const hidden = rows.filter((r) => !r.isActive).map((r) => `${r.path}/`);
  const visibleIds = rows.filter((r) => (r.path === path || r.path.startsWith(`${path}/`)) && r.isActive && !hidden.some((h) => r.path.startsWith(h))).map((r) => r.id);
  return { chain, visibleIds };
}
function categoryDetail(chain) {
  const self = chain.at(-1);
  const parent = chain.at(-2);
  return {
    id: self.id,
    name: self.name,
    slug: self.slug,
    path: self.path,
    parent: parent ? { id: parent.id, name: parent.name } : null
  };
}
function breadcrumbs(chain) {
  return chain.map((r) => ({ id: r.id, name: r.name, path: r.path }));
}
const lop4 = { id: "5d993f7b-aa48-4e0e-9ad0-4bf420e761c9", name: "Lớp 4", path: "lop-4" };
const trainghiem = {
  id: "b39a76fb-dd45-4ce4-a45b-6b4e46828407",
  name: "Hoạt động trải nghiệm",
  slug: "hoat-dong-trai-nghiem",
  path: "lop-4/hoat-dong-trai-nghiem"
};
const slide = {
  id: "db495723-9c64-4681-810b-0b35d221d942",
  title: "Bài giảng PowerPoint Hoạt động trải nghiệm lớp 4 – Bài 4: Phòng tránh đuối nước – Tiết 1",
  slug: "bai-giang-powerpoint-hoat-dong-trai-nghiem-lop-4-bai-4-phong-tranh-duoi-nuoc-tiet-1",
  fullPath: "lop-4/hoat-dong-trai-nghiem/bai-giang-powerpoint-hoat-dong-trai-nghiem-lop-4-bai-4-phong-tranh-duoi-nuoc-tiet-1",
  type: "SLIDE",
  priceVnd: "86000",
  salePriceVnd: null,
  isOnSale: false,
  saleEndsAt: null,
  flashSale: null,
  ratingAvg: 3.4,
  ratingCount: 23,
  coverImageUrl: "/covers/slide.svg",
  previewImageUrls: [],
  tags: ["Hoạt động trải nghiệm", "Lớp 4", "PowerPoint"],
  createdAt: "2025-09-07T21:24:51.422Z"
};
const onSale = {
  id: "479643bc-ecd4-408c-8006-de670c0ac606",
  title: "Bài giảng PowerPoint Toán lớp 7 – Bài 12: Góc với đường tròn (Kết nối tri thức) – Tiết 1",
  slug: "bai-giang-powerpoint-toan-lop-7-bai-12-goc-voi-duong-tron-ket-noi-tri-thuc-tiet-1",
  fullPath: "lop-7/toan/ket-noi-tri-thuc/bai-giang-powerpoint-toan-lop-7-bai-12-goc-voi-duong-tron-ket-noi-tri-thuc-tiet-1",
  type: "SLIDE",
  priceVnd: "62000",
  salePriceVnd: "37000",
  isOnSale: true,
  saleEndsAt: "2026-09-29T01:00:00.000Z",
  flashSale: null,
  ratingAvg: 5,
  ratingCount: 3,
  coverImageUrl: "/covers/slide.svg",
  previewImageUrls: [],
  tags: ["Toán", "Lớp 7", "PowerPoint", "Kết nối tri thức"],
  createdAt: "2024-10-19T12:28:17.386Z"
};
const productDetail = {
  product: {
    ...slide,
    description: "Bài giảng PowerPoint Hoạt động trải nghiệm lớp 4 – Phòng tránh đuối nước, soạn theo Chương trình giáo dục phổ thông 2018. Khoảng 30 trang trình chiếu sinh động, có hiệu ứng, trò chơi khởi động và câu hỏi củng cố cuối bài; chỉnh sửa được bằng PowerPoint."
  },
  category: { ...trainghiem, parent: { id: lop4.id, name: lop4.name } },
  isPurchased: false
};
const listing = {
  items: [slide],
  nextCursor: "eyJ2IjoxLCJtIjoibmV3ZXN0IiwiZiI6IjFkOXVfX2tsbzRrV3pVVWMiLCJrIjpbIjIwMjUtMDktMDcgMjE6MjQ6NTEuNDIyKzAwIiwiZGI0OTU3MjMtOWM2NC00NjgxLTgxMGItMGIzNWQyMjFkOTQyIl19.3bTn9cY0kq4mTqS8J0Jw2mG1o6oVnOa5yB7oUzH9d2c",
  hasMore: true,
  category: { ...trainghiem, parent: { id: lop4.id, name: lop4.name } },
  breadcrumbs: [
    { id: lop4.id, name: lop4.name, path: lop4.path },
    { id: trainghiem.id, name: trainghiem.name, path: trainghiem.path }
  ]
};
const tree = [
  { id: "b9f18006-23bc-4e63-8040-7cd77b1c8d84", name: "Lớp 1", slug: "lop-1", parentId: null, fullPath: "lop-1", depth: 0, isActive: true },
  {
    id: "da55b6a4-e896-48d3-8999-58b1253bf167",
    name: "Toán",
    slug: "toan",
    parentId: "b9f18006-23bc-4e63-8040-7cd77b1c8d84",
    fullPath: "lop-1/toan",
    depth: 1,
    isActive: true
  },
  {
    id: "fb6e5f14-8609-4f9a-8b39-bd73d61ba75c",
    name: "Kết nối tri thức với cuộc sống",
    slug: "ket-noi-tri-thuc",
    parentId: "da55b6a4-e896-48d3-8999-58b1253bf167",
    fullPath: "lop-1/toan/ket-noi-tri-thuc",
    depth: 2,
    isActive: true
  }
];
const search = { items: [onSale], nextCursor: null, hasMore: false };
const catalogExamples = { productDetail, listing, tree, search };
async function queryRows(query, tx = db()) {
  const result = await tx.execute(query);
  return Array.isArray(result) ? result : result.rows;
}
async function queryPreparedRows(query) {
  return await database().queryPrepared(query);
}
function fingerprint(filters) {
  const canonical = JSON.stringify(
    Object.keys(filters).sort().map((k) => [k, filters[k] ?? null])
  );
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 16);
}
function encodeCursor(mode, filters, keys) {
  const payload = { v: 1, m: mode, f: filters, k: keys };
  return signJson("cursor", payload);
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
function keyMatches(kind, value) {
  switch (kind) {
    case "timestamp":
      return typeof value === "string" && TIMESTAMP.test(value);
    case "uuid":
      return typeof value === "string" && UUID.test(value);
    case "int":
      return typeof value === "number" && Number.isSafeInteger(value);
    case "real":
      return typeof value === "number" && Number.isFinite(value);
  }
}
function invalidCursor() {
  return badRequest("Con trỏ phân trang không hợp lệ hoặc không thuộc truy vấn này.", {
    fields: [{ path: "cursor", message: "Con trỏ không hợp lệ." }]
  });
}
function decodeCursor$2(raw, filters, shapes) {
  const payload = verifyJson("cursor", raw);
  if (!payload || payload.v !== 1 || payload.f !== filters || typeof payload.m !== "string") throw invalidCursor();
  const shape = Object.hasOwn(shapes, payload.m) ? shapes[payload.m] : void 0;
  const keys = payload.k;
  if (!shape || !Array.isArray(keys) || keys.length !== shape.length) throw invalidCursor();
  if (!shape.every((kind, i) => keyMatches(kind, keys[i]))) throw invalidCursor();
  return { mode: payload.m, keys };
}
function toPage(rows, pageSize, mode, filters, keysOf2) {
  const hasMore = rows.length > pageSize;
  const pageRows2 = hasMore ? rows.slice(0, pageSize) : rows;
  const last = pageRows2.at(-1);
  return {
    rows: pageRows2,
    hasMore,
    nextCursor: hasMore && last ? encodeCursor(mode, filters, keysOf2(last)) : null
  };
}
const ts = (d) => sql`${d.toISOString()}::timestamptz`;
const iso = (column) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
function flashSaleJoin(now2) {
  const open = sql`(f.starts_at <= ${ts(now2)} AND (f.stock_cap IS NULL OR f.stock_left > 0))`;
  return sql`LEFT JOIN LATERAL (
		SELECT f.starts_at, f.ends_at, f.sale_price_vnd,
			CASE WHEN f.stock_cap IS NULL THEN NULL ELSE COALESCE(f.stock_left, 0) END AS stock_left
		FROM flash_sales f
		WHERE f.product_id = p.id AND f.ends_at > ${ts(now2)}
		ORDER BY ${open} DESC, CASE WHEN ${open} THEN f.sale_price_vnd END, f.starts_at, f.id
		LIMIT 1
	) fs ON true`;
}
const flashActive = (now2) => sql`(fs.starts_at IS NOT NULL AND fs.starts_at <= ${ts(now2)} AND (fs.stock_left IS NULL OR fs.stock_left > 0))`;
const saleRunning = (now2) => sql`(p.sale_price_vnd IS NOT NULL AND (p.sale_ends_at IS NULL OR p.sale_ends_at > ${ts(now2)}))`;
const effectivePrice = (now2) => sql`LEAST(p.price_vnd,
		CASE WHEN ${flashActive(now2)} THEN fs.sale_price_vnd END,
		CASE WHEN ${saleRunning(now2)} THEN p.sale_price_vnd END)`;
function summaryColumns(now2) {
  return sql`p.id::text AS id, p.title, p.slug, c.path AS category_path, p.type,
		p.price_vnd::text AS price_vnd,
		(${effectivePrice(now2)})::text AS effective_price_vnd,
		${iso(sql`p.sale_ends_at`)} AS sale_ends_at,
		${flashActive(now2)} AS flash_active,
		(fs.sale_price_vnd IS NOT NULL AND ${flashActive(now2)} AND fs.sale_price_vnd <= p.price_vnd
			AND (NOT ${saleRunning(now2)} OR fs.sale_price_vnd <= p.sale_price_vnd)) AS flash_sets_price,
		${iso(sql`fs.ends_at`)} AS flash_ends_at,
		fs.stock_left AS flash_stock_left,
		p.rating_avg, p.rating_count, p.cover_image_url, p.preview_image_urls, p.tags,
		${iso(sql`p.created_at`)} AS created_at,
		p.created_at::text AS k_created, p.popularity AS k_popularity`;
}
function mapSummary(row) {
  const price = BigInt(row.price_vnd);
  const effective = BigInt(row.effective_price_vnd);
  const isOnSale = effective < price;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    fullPath: `${row.category_path}/${row.slug}`,
    type: row.type,
    priceVnd: row.price_vnd,
    salePriceVnd: isOnSale ? row.effective_price_vnd : null,
    isOnSale,
    saleEndsAt: isOnSale ? row.flash_sets_price ? row.flash_ends_at : row.sale_ends_at : null,
    flashSale: row.flash_ends_at ? { active: row.flash_active, endTime: row.flash_ends_at, stockLeft: row.flash_stock_left } : null,
    ratingAvg: Number(row.rating_avg),
    ratingCount: Number(row.rating_count),
    coverImageUrl: row.cover_image_url,
    previewImageUrls: row.preview_image_urls ?? [],
    tags: row.tags ?? [],
    createdAt: row.created_at
  };
}
function filterConditions(now2, f) {
  const out = [sql`p.is_published`];
  if (f.type) out.push(sql`p.type = ${f.type}`);
  if (f.minPrice !== void 0) out.push(sql`${effectivePrice(now2)} >= ${String(f.minPrice)}::bigint`);
  if (f.maxPrice !== void 0) out.push(sql`${effectivePrice(now2)} <= ${String(f.maxPrice)}::bigint`);
  if (f.onSale) out.push(sql`${effectivePrice(now2)} < p.price_vnd`);
  return out;
}
const outsideHiddenCategories = sql`p.category_id <> ALL(ARRAY(
	SELECT hc.id FROM categories ia
	JOIN categories hc ON hc.id = ia.id OR hc.path LIKE ia.path || '/%'
	WHERE NOT ia.is_active
))`;
const inSubtreeOf = (categoryId) => sql`p.category_id = ANY(ARRAY(
	SELECT sub.id FROM categories root JOIN categories sub
		ON sub.path = root.path OR sub.path LIKE root.path || '/%'
	WHERE root.id = ${categoryId}::uuid
))`;
const listOrders$1 = {
  newest: {
    kinds: ["timestamp", "uuid"],
    orderBy: sql`p.created_at DESC, p.id DESC`,
    orderBySorted: sql`p.created_at + interval '0 seconds' DESC, p.id DESC`,
    after: ([created, id]) => sql`(p.created_at, p.id) < (${created}::timestamptz, ${id}::uuid)`,
    keysOf: (r) => [r.k_created, r.id]
  },
  popular: {
    kinds: ["int", "uuid"],
    orderBy: sql`p.popularity DESC, p.id DESC`,
    orderBySorted: sql`p.popularity + 0 DESC, p.id DESC`,
    after: ([popularity, id]) => sql`(p.popularity, p.id) < (${popularity}::integer, ${id}::uuid)`,
    keysOf: (r) => [Number(r.k_popularity), r.id]
  },
  rating: {
    kinds: ["real", "int", "uuid"],
    orderBy: sql`p.rating_avg DESC, p.rating_count DESC, p.id DESC`,
    orderBySorted: sql`p.rating_avg + 0 DESC, p.rating_count DESC, p.id DESC`,
    // ::real so the float4 column compares with exactly the value it was read as.
    after: ([avg, count2, id]) => sql`(p.rating_avg, p.rating_count, p.id) < (${avg}::real, ${count2}::integer, ${id}::uuid)`,
    keysOf: (r) => [Number(r.rating_avg), Number(r.rating_count), r.id]
  }
};
const and = (parts) => sql.join(parts, sql` AND `);
const MAX_BRANCHES = 24;
async function listCategory(input) {
  const path = input.path;
  if (path !== "") assertValidPath(path, "path");
  const subtree = path === "" ? { chain: [], visibleIds: null } : await visibleSubtree(path);
  if (!subtree) throw notFound("Không tìm thấy danh mục này.");
  const order = listOrders$1[input.sort];
  const filters = fingerprint({
    list: "category",
    path,
    type: input.type,
    minPriceVnd: input.minPriceVnd,
    maxPriceVnd: input.maxPriceVnd,
    onSale: input.onSale === true,
    sort: input.sort
  });
  const after = input.cursor ? decodeCursor$2(input.cursor, filters, { [input.sort]: order.kinds }).keys : null;
  const now$1 = now();
  const limit = input.pageSize + 1;
  const priced = input.minPriceVnd !== void 0 || input.maxPriceVnd !== void 0 || input.onSale === true;
  const conditions = [
    ...filterConditions(now$1, { type: input.type, minPrice: input.minPriceVnd, maxPrice: input.maxPriceVnd, onSale: input.onSale }),
    ...after ? [order.after(after)] : []
  ];
  const scanJoins = priced ? flashSaleJoin(now$1) : sql``;
  const ids = subtree.visibleIds;
  let picked;
  if (ids && ids.length <= MAX_BRANCHES) {
    const branches = ids.map(
      (id) => sql`(SELECT p.* FROM products p ${scanJoins}
				WHERE p.category_id = ${id}::uuid AND ${and(conditions)}
				ORDER BY ${order.orderBy} LIMIT ${limit})`
    );
    picked = sql`SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) p ORDER BY ${order.orderBy} LIMIT ${limit}`;
  } else {
    const inTree = ids ? sql`p.category_id = ANY(${`{${ids.join(",")}}`}::uuid[])` : outsideHiddenCategories;
    picked = sql`SELECT p.* FROM products p ${scanJoins}
			WHERE ${and([...conditions, inTree])}
			ORDER BY ${order.orderBy} LIMIT ${limit}`;
  }
  const rows = await pageRows(picked, order, now$1);
  const page = toPage(rows, input.pageSize, input.sort, filters, order.keysOf);
  return {
    items: page.rows.map(mapSummary),
    nextCursor: page.nextCursor,
    hasMore: page.hasMore,
    category: subtree.chain.length ? categoryDetail(subtree.chain) : ROOT_CATEGORY,
    breadcrumbs: breadcrumbs(subtree.chain)
  };
}
function pageRows(picked, order, now2) {
  return queryRows(sql`
		SELECT ${summaryColumns(now2)}
		FROM (${picked}) p
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now2)}
		ORDER BY ${order.orderBy}`);
}
const missing = () => notFound("Không tìm thấy học liệu ở đường dẫn này.");
async function productByPath(fullPath, userId) {
  assertValidPath(fullPath, "fullPath");
  const parts = splitProductPath(fullPath);
  if (!parts) throw missing();
  const now$1 = now();
  const owned = userId ? sql`EXISTS (SELECT 1 FROM product_ownerships o WHERE o.product_id = p.id AND o.user_id = ${userId}::uuid)` : sql`false`;
  const [row] = await queryPreparedRows(sql`
		SELECT ${summaryColumns(now$1)}, p.description, ${owned} AS is_purchased,
			c.id::text AS category_id, c.name AS category_name, pc.id::text AS parent_id, pc.name AS parent_name
		FROM categories c
		JOIN products p ON p.category_id = c.id
		LEFT JOIN categories pc ON pc.id = c.parent_id
		${flashSaleJoin(now$1)}
		WHERE c.path = ${parts.categoryPath} AND p.slug = ${parts.slug} AND p.is_published AND ${outsideHiddenCategories}
		LIMIT 1`);
  if (row) {
    const category = {
      id: row.category_id,
      name: row.category_name,
      slug: parts.categoryPath.slice(parts.categoryPath.lastIndexOf("/") + 1),
      path: parts.categoryPath,
      parent: row.parent_id ? { id: row.parent_id, name: row.parent_name } : null
    };
    return {
      kind: "found",
      result: { product: { ...mapSummary(row), description: row.description }, category, isPurchased: row.is_purchased === true }
    };
  }
  const [alias] = await queryRows(sql`
		SELECT c.path || '/' || p.slug AS current
		FROM product_aliases a
		JOIN products p ON p.id = a.product_id
		JOIN categories c ON c.id = p.category_id
		WHERE a.path = ${fullPath} AND p.is_published AND ${outsideHiddenCategories}
		LIMIT 1`);
  if (alias && alias.current !== fullPath) return { kind: "moved", fullPath: alias.current };
  throw missing();
}
const tags$3 = ["Catalog"];
const PRODUCT_PATH_PREFIX = "/api/v1/catalog/products/";
const catalogRouter = router({
  product: publicProcedure$1.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/catalog/products/{...fullPath}",
      summary: "Chi tiết học liệu theo đường dẫn",
      description: "`fullPath` is the category path joined with the product slug (slashes are part of it). A historical path of a renamed or moved product answers 308 with `Location` set to the current path; follow it once. `isPurchased` is true only for the signed-in owner.",
      tags: tags$3,
      envelope: "object",
      auth: "optional-session",
      redirects: true,
      errors: { 400: ["validation_error"], 404: ["not_found"], 500: ["internal"] },
      example: catalogExamples.productDetail
    }
  }).input(ProductDetailInput).output(z.union([ProductDetailResult, Redirect])).query(async ({ input, ctx }) => {
    const found = await productByPath(input.fullPath, ctx.session?.user.id ?? null);
    if (found.kind === "moved") return { redirect: PRODUCT_PATH_PREFIX + found.fullPath };
    return found.result;
  }),
  listing: publicProcedure$1.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/catalog/categories/{...path}",
      summary: "Học liệu trong một danh mục (cả các danh mục con)",
      description: "Lists published products of the whole category subtree (empty path: the whole catalog). Price filters apply to the effective price: the flash-sale price while a flash sale runs, else the sale price while the sale runs, else the list price. `onSale=true` keeps only discounted products. Pages with an opaque keyset `cursor`.",
      tags: tags$3,
      envelope: "list",
      auth: "none",
      errors: { 400: ["validation_error"], 404: ["not_found"], 500: ["internal"] },
      example: catalogExamples.listing
    }
  }).input(CategoryListingInput).output(CategoryListingResult).query(({ input }) => listCategory(input)),
  tree: publicProcedure$1.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/catalog/categories",
      summary: "Cây danh mục",
      description: "The whole category tree, depth-first in display order (siblings by sort order, then name). Inactive categories are included with `isActive: false`.",
      tags: tags$3,
      envelope: "object",
      auth: "none",
      errors: { 500: ["internal"] },
      example: catalogExamples.tree
    }
  }).input(z.object({}).optional()).output(CategoryTreeResult).query(() => categoryTree())
});
function resolveBuyer(sessionUserId, input) {
  if (sessionUserId) return { kind: "user", userId: sessionUserId };
  if (!config().checkout.guestEnabled) throw unauthenticated("Bạn cần đăng nhập để mua hàng.");
  if (!input.guest) {
    throw unauthenticated("Bạn cần đăng nhập để mua hàng, hoặc mua không cần tài khoản bằng cách gửi email nhận hàng (guest) kèm sự đồng ý (consent: true).");
  }
  if (input.consent !== true) {
    throw badRequest("Mua không cần tài khoản cần bạn đồng ý (consent: true) để chúng tôi lưu email và gửi biên nhận, liên kết tải về.", {
      fields: [{ path: "consent", message: "guest checkout requires consent: true" }]
    });
  }
  if (input.paymentMethod === "wallet") {
    throw badRequest("Thanh toán bằng ví cần đăng nhập tài khoản.", { fields: [{ path: "paymentMethod", message: "wallet needs an account" }] });
  }
  return { kind: "guest", email: input.guest.email.normalize("NFC").trim().toLowerCase() };
}
const buyerUserId = (b) => b.kind === "user" ? b.userId : null;
const buyerScope = (b) => b.kind === "user" ? `user:${b.userId}` : `guest:${b.email}`;
const vnd = z.union([z.bigint(), z.string().regex(/^[0-9]{1,15}$/).transform((v) => BigInt(v))]);
const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
const NewPromo = z.object({
  code: z.string().trim().regex(PROMO_CODE_PATTERN, '3–40 letters, digits, "-" or "_"'),
  description: z.string().trim().min(1).max(200).optional(),
  appliesTo: z.enum(promoScopes),
  kind: z.enum(promoKinds),
  percentOff: z.number().int().min(1).max(100).optional(),
  maxDiscountVnd: vnd.optional(),
  amountOffVnd: vnd.optional(),
  minAmountVnd: vnd.default(0n),
  startsAt: z.coerce.date().optional(),
  endsAt: z.coerce.date().optional(),
  totalCap: z.number().int().positive().optional(),
  perUserCap: z.number().int().positive().optional(),
  productId: z.uuid().optional(),
  productType: z.enum(productTypes).optional(),
  categoryId: z.uuid().optional()
}).superRefine((p, ctx) => {
  if (p.kind === "PERCENT" && (p.percentOff === void 0 || p.amountOffVnd !== void 0)) {
    ctx.addIssue({ code: "custom", path: ["percentOff"], message: "PERCENT promos need percentOff (and no amountOffVnd)" });
  }
  if (p.kind === "FIXED" && (p.amountOffVnd === void 0 || p.amountOffVnd <= 0n || p.percentOff !== void 0 || p.maxDiscountVnd !== void 0)) {
    ctx.addIssue({ code: "custom", path: ["amountOffVnd"], message: "FIXED promos need a positive amountOffVnd (and no percentOff or maxDiscountVnd)" });
  }
  if (p.maxDiscountVnd !== void 0 && p.maxDiscountVnd <= 0n) {
    ctx.addIssue({ code: "custom", path: ["maxDiscountVnd"], message: "must be positive" });
  }
  if (p.startsAt && p.endsAt && p.endsAt <= p.startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "must be after startsAt" });
  }
  if (p.appliesTo === "TOPUP" && (p.productId || p.productType || p.categoryId)) {
    ctx.addIssue({ code: "custom", path: ["appliesTo"], message: "product scopes apply to CHECKOUT promos only" });
  }
});
async function createPromo(input) {
  const p = NewPromo.parse(input);
  const [promo] = await db().insert(promos).values({ ...p, code: normalisePromoCode(p.code), createdAt: now(), updatedAt: now() }).onConflictDoNothing({ target: promos.code }).returning();
  if (!promo) throw new AppError(409, "conflict", `Mã khuyến mãi ${normalisePromoCode(p.code)} đã tồn tại.`);
  return promo;
}
async function loadPublishedProduct(tx, productId) {
  if (!isUuid(productId)) throw unknownProduct();
  const [product] = await tx.select({
    id: products.id,
    title: products.title,
    type: products.type,
    categoryId: products.categoryId,
    priceVnd: products.priceVnd,
    salePriceVnd: products.salePriceVnd,
    saleEndsAt: products.saleEndsAt
  }).from(products).where(and$1(eq(products.id, productId), eq(products.isPublished, true)));
  if (!product) throw unknownProduct();
  return product;
}
async function lockBuyer(tx, userId) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}
async function loadOrder(tx, id) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id));
  return order;
}
async function owns$1(tx, userId, productId) {
  const [row] = await tx.select({ userId: productOwnerships.userId }).from(productOwnerships).where(and$1(eq(productOwnerships.userId, userId), eq(productOwnerships.productId, productId)));
  return row !== void 0;
}
async function lockPendingOrder(tx, userId, productId) {
  const [seen] = await tx.select({ id: orders.id, paymentIntentId: orders.paymentIntentId }).from(orders).where(and$1(eq(orders.userId, userId), eq(orders.productId, productId), eq(orders.status, "PENDING")));
  if (!seen) return void 0;
  if (seen.paymentIntentId) await tx.select({ id: paymentIntents.id }).from(paymentIntents).where(eq(paymentIntents.id, seen.paymentIntentId)).for("update");
  const [order] = await tx.select().from(orders).where(and$1(eq(orders.id, seen.id), eq(orders.status, "PENDING"))).for("update");
  return order;
}
async function settlePendingDuplicate(tx, pending, method, promoCode) {
  if (pending.expiresAt && isPastExpiry({ expiresAt: pending.expiresAt })) {
    const [intent] = pending.paymentIntentId ? await tx.select().from(paymentIntents).where(eq(paymentIntents.id, pending.paymentIntentId)) : [];
    if (intent) await expireIntent(tx, intent);
    return void 0;
  }
  if (pending.paymentMethod === method && pending.promoCode === promoCode) return pending;
  await cancelPendingOrder(tx, pending);
  return void 0;
}
function checkMethodFitsAmount(method, amountVnd) {
  if (method === "free_claim" && amountVnd > 0n) {
    throw new AppError(422, "state_violation", `Sản phẩm này không miễn phí (cần thanh toán ${formatVndText(amountVnd)}), không thể nhận miễn phí.`, {
      reason: "not_free",
      amountVnd: amountVnd.toString()
    });
  }
  if (method !== "free_claim" && amountVnd === 0n) {
    throw new AppError(422, "state_violation", "Sản phẩm này đang miễn phí: hãy chọn hình thức nhận miễn phí (free_claim).", {
      reason: "free_order",
      paymentMethod: "free_claim"
    });
  }
}
function expiryFor(method, at) {
  const c = config().checkout;
  if (method === "qr_direct") return new Date(at.getTime() + c.qrOrderTtlMs);
  if (method === "cash_manual") return new Date(at.getTime() + c.cashOrderTtlMs);
  return null;
}
async function createCheckoutOrder(buyer, input, idempotencyKey) {
  const rawPromo = input.promoCode?.trim() || void 0;
  if (rawPromo !== void 0 && !PROMO_CODE_PATTERN.test(rawPromo)) throw invalidPromo();
  const promoCode = rawPromo === void 0 ? null : normalisePromoCode(rawPromo);
  if (input.paymentMethod === "qr_direct") paymentAccount();
  const userId = buyerUserId(buyer);
  const scope = buyerScope(buyer);
  const hash = requestHash({ ...input, promoCode, guest: buyer.kind === "guest" ? buyer.email : void 0 });
  const created = await db().transaction(async (tx) => {
    const at = now();
    if (userId) await lockBuyer(tx, userId);
    const key = idempotencyKey ? await claimIdempotencyKey(tx, scope, idempotencyKey, hash) : void 0;
    if (key?.kind === "replay") return { order: await loadOrder(tx, key.orderId), replayed: true };
    const remember = async (order2) => {
      if (idempotencyKey) await recordIdempotentOrder(tx, scope, idempotencyKey, order2.id);
      return { order: order2, replayed: false };
    };
    const product = await loadPublishedProduct(tx, input.productId);
    if (userId) {
      const pending = await lockPendingOrder(tx, userId, product.id);
      if (await owns$1(tx, userId, product.id)) throw alreadyOwned(product.id);
      const same = pending && await settlePendingDuplicate(tx, pending, input.paymentMethod, promoCode);
      if (same) return remember(same);
    }
    const quote = await quoteAndHold(tx, product, at);
    let promo;
    if (promoCode) {
      const evaluation = await evaluateCheckoutPromo(tx, promoCode, userId, product, quote.priceVnd);
      if (!evaluation.ok && evaluation.reason === "cap_reached") throw capReached();
      if (!evaluation.ok && evaluation.reason === "account_required") throw invalidPromo("Mã khuyến mãi này chỉ dùng được khi đăng nhập tài khoản.");
      if (!evaluation.ok) throw invalidPromo();
      promo = { id: evaluation.promo.id, discountVnd: evaluation.discountVnd };
    }
    const amountVnd = quote.priceVnd - (promo?.discountVnd ?? 0n);
    checkMethodFitsAmount(input.paymentMethod, amountVnd);
    const id = randomUUID();
    const expiresAt = expiryFor(input.paymentMethod, at);
    const intent = expiresAt ? await createPaymentIntent(tx, { kind: ORDER_KIND, targetId: id, amountVnd, userId, expiresAt }) : null;
    const promoRedemptionId = promo ? await reservePromo(tx, { promoId: promo.id, userId, refType: ORDER_KIND, refId: id, discountVnd: promo.discountVnd }, "CHECKOUT") : null;
    const [order] = await tx.insert(orders).values({
      id,
      userId,
      guestEmail: buyer.kind === "guest" ? buyer.email : null,
      guestConsentAt: buyer.kind === "guest" ? at : null,
      productId: product.id,
      priceVnd: quote.priceVnd,
      priceSource: quote.source,
      promoDiscountVnd: promo?.discountVnd ?? 0n,
      amountVnd,
      paymentMethod: input.paymentMethod,
      promoCode,
      promoRedemptionId,
      flashSaleId: quote.flashSaleId,
      flashSaleUnitHeld: quote.unitHeld,
      paymentIntentId: intent?.id ?? null,
      paymentRef: intent?.reference ?? null,
      returnTo: input.returnTo ?? null,
      expiresAt,
      createdAt: at,
      updatedAt: at
    }).returning();
    if (input.paymentMethod === "wallet") {
      await debit(tx, { userId, amount: amountVnd, refType: ORDER_KIND, refId: id, note: `Mua “${product.title}”.` });
      return remember(await markOrderPaid(tx, id));
    }
    if (input.paymentMethod === "free_claim") return remember(await markOrderPaid(tx, id));
    return remember(order);
  });
  if (!created.replayed && created.order.status === "PAID") deliverReceiptSoon(created.order.id);
  return created;
}
const PREFIX = "order_access_";
function orderAccessCookieName(orderId) {
  return `${PREFIX}${orderId}`;
}
function issueOrderAccess(orderId) {
  const ttlMs = config().checkout.orderAccessTtlMs;
  const expires = Math.floor((nowMs() + ttlMs) / 1e3);
  return { name: orderAccessCookieName(orderId), value: sign$1("order-access", `${orderId}.${expires}`), maxAgeSeconds: Math.floor(ttlMs / 1e3) };
}
function grantsOrderAccess(orderId, value) {
  if (!value) return false;
  const payload = verify("order-access", value);
  if (payload === null) return false;
  const dot = payload.lastIndexOf(".");
  const expires = Number(payload.slice(dot + 1));
  return payload.slice(0, dot) === orderId && Number.isInteger(expires) && expires * 1e3 > nowMs();
}
async function validateCheckoutPromo(userId, code, productId) {
  const product = await loadPublishedProduct(db(), productId);
  const at = now();
  const priceVnd = effectivePriceVnd(product, await runningFlashSales$2(db(), product.id, at), at);
  const evaluation = await evaluateCheckoutPromo(db(), code, userId, product, priceVnd);
  if (!evaluation.ok) return { valid: false, reason: "invalid" };
  return {
    valid: true,
    code: evaluation.promo.code,
    discountVnd: evaluation.discountVnd.toString(),
    finalPriceVnd: (priceVnd - evaluation.discountVnd).toString(),
    description: evaluation.promo.description
  };
}
function cashInstructions(row) {
  return `Thanh toán ${formatVndText(row.amountVnd)} bằng tiền mặt tại văn phòng hoclieu hoặc cho nhân viên thu tiền, và đọc mã đơn ${row.paymentRef}. Đơn được xác nhận khi nhân viên nhận tiền${row.expiresAt ? `; đơn được giữ đến ${formatDateTimeText(row.expiresAt)}` : ""}.`;
}
async function toOrderView(row) {
  const pending = row.status === "PENDING";
  const paid = row.status === "PAID";
  let qrUrl = null;
  let paymentInstructions = null;
  if (pending && row.paymentMethod === "qr_direct" && row.paymentRef && config().payment.ready) {
    const details = await paymentDetails({ reference: row.paymentRef, amountVnd: row.amountVnd });
    qrUrl = details.qrUrl;
    paymentInstructions = details.paymentInstructions;
  }
  if (pending && row.paymentMethod === "cash_manual") paymentInstructions = cashInstructions(row);
  return {
    id: row.id,
    status: row.status,
    amountVnd: row.amountVnd.toString(),
    paymentMethod: row.paymentMethod,
    qrUrl,
    paymentRef: row.paymentRef,
    paymentInstructions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    // `sending` is an internal claim: to the buyer it is still on its way.
    receiptStatus: paid ? row.receiptStatus === "sending" || row.receiptStatus === null ? "pending" : row.receiptStatus : null,
    // A fresh token at every read: whoever may see the paid order may download its file.
    downloadUrl: paid ? downloadPageUrl(issueDownloadToken({ productId: row.productId, orderId: row.id }).token) : null,
    productId: row.productId,
    priceVnd: row.priceVnd.toString(),
    promoDiscountVnd: row.promoDiscountVnd.toString(),
    promoCode: row.promoCode,
    createdAt: row.createdAt.toISOString(),
    returnTo: row.returnTo
  };
}
async function findOrder(id) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row;
}
async function getOrder(viewer, orderId) {
  if (!isUuid(orderId)) throw orderNotFound();
  let row = await findOrder(orderId);
  const mine = row?.userId != null && row.userId === viewer.userId;
  if (!row || !(mine || viewer.hasAccessCookie)) throw orderNotFound();
  if (row.status === "PENDING" && row.expiresAt && isPastExpiry({ expiresAt: row.expiresAt })) {
    await expireIfDue(ORDER_KIND, row.id);
    row = await findOrder(orderId);
  }
  return toOrderView(row);
}
function decodeCursor$1(cursor) {
  const c = verifyJson("cursor", cursor);
  if (c?.kind !== "orders" || typeof c.at !== "string" || Number.isNaN(Date.parse(c.at)) || !isUuid(c.id)) {
    throw badRequest("Con trỏ phân trang không hợp lệ.", { fields: [{ path: "cursor", message: "invalid cursor" }] });
  }
  return c;
}
async function expireOverdueOrders(userId) {
  const overdue = await db().select({ id: orders.id }).from(orders).where(and$1(eq(orders.userId, userId), eq(orders.status, "PENDING"), lte(orders.expiresAt, now())));
  for (const { id } of overdue) await expireIfDue(ORDER_KIND, id);
}
async function listOrders(userId, q) {
  const after = q.cursor === void 0 ? void 0 : decodeCursor$1(q.cursor);
  await expireOverdueOrders(userId);
  const rows = await db().select().from(orders).where(
    and$1(
      eq(orders.userId, userId),
      q.status ? eq(orders.status, q.status) : void 0,
      after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : void 0
    )
  ).orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.pageSize + 1);
  const page = rows.slice(0, q.pageSize);
  const hasMore = rows.length > q.pageSize;
  const last = page.at(-1);
  return {
    items: await Promise.all(page.map(toOrderView)),
    hasMore,
    nextCursor: hasMore && last ? signJson("cursor", { kind: "orders", at: last.createdAt.toISOString(), id: last.id }) : null
  };
}
async function enforceRateLimit(ctx, policy2, key) {
  await applyRateLimits(ctx.responseHeaders, [{ policy: policy2, key }]);
}
const tags$2 = ["Checkout"];
const MINUTE$1 = 6e4;
const createPolicy = () => ({ name: "checkout-create", limit: config().checkout.createRateLimit, windowMs: MINUTE$1, onStoreFailure: "closed" });
const promoPolicy$1 = () => ({ name: "checkout-promo", limit: config().checkout.promoRateLimit, windowMs: MINUTE$1, onStoreFailure: "closed" });
const exampleOrder$1 = {
  id: "3f0c9b7e-0000-4000-8000-000000000000",
  status: "PENDING",
  amountVnd: "45000",
  paymentMethod: "qr_direct",
  qrUrl: "data:image/png;base64,iVBORw0KGgo…",
  paymentRef: "HL7K2MQX9A",
  paymentInstructions: "Quét mã QR bằng ứng dụng ngân hàng, hoặc chuyển khoản 45.000 ₫ tới Ngân hàng TMCP Quân đội, số tài khoản 0123456789 (HOCLIEU), nội dung: HL7K2MQX9A. Đơn được xác nhận tự động khi tiền về.",
  expiresAt: "2026-01-15T08:45:00.000Z",
  paidAt: null,
  receiptStatus: null,
  downloadUrl: null,
  productId: "0b6f5c1e-0000-4000-8000-000000000000",
  priceVnd: "50000",
  promoDiscountVnd: "5000",
  promoCode: "GIAOVIEN10",
  createdAt: "2026-01-15T08:30:00.000Z",
  returnTo: "/san-pham/lop-1/toan/giao-an-toan-lop-1"
};
const examplePaid = {
  ...exampleOrder$1,
  status: "PAID",
  qrUrl: null,
  paymentInstructions: null,
  paidAt: "2026-01-15T08:33:10.000Z",
  receiptStatus: "sent",
  downloadUrl: "https://hoclieu.vn/tai-ve?token=eyJ2IjoxLCJwIjoi….Zk3…"
};
const checkoutRouter = router({
  create: publicProcedure$1.meta({
    openapi: {
      method: "POST",
      path: "/api/v1/checkout",
      scopes: ["orders:write"],
      summary: "Create a purchase order",
      description: [
        "Buys one product at its effective price now (flash sale > sale > list), minus an optional promo. The response sets `order_access_<orderId>` (HMAC-signed, HttpOnly, SameSite=Lax, 24 h by default), which alone lets its holder poll that order — the way a guest follows their order.",
        "",
        "Payment methods:",
        "- `qr_direct`: PENDING with a VietQR image (`qrUrl`), the transfer memo (`paymentRef`) and Vietnamese `paymentInstructions`; expires at `expiresAt` (15 minutes by default). The bank-transfer confirmation marks it PAID.",
        "- `wallet` (signed in only): paid at once from the wallet (bonus pocket first, then main) in the same transaction that marks the order PAID and grants ownership. Not enough money → 422 `state_violation` with `details.required` and `details.available`.",
        '- `free_claim`: only when the price after the promo is 0 → PAID at once; otherwise 422 `state_violation` (`details.reason = "not_free"`). Conversely any other method for a free order is 422 (`details.reason = "free_order"`).',
        "- `cash_manual`: PENDING with cash instructions and a reference; staff confirm it (72 hours by default).",
        "",
        "Guests (no session): send `guest.email` and `consent: true` (400 without consent; `wallet` is refused with 400). Without a session and without `guest`, or when guest checkout is disabled: 401.",
        "",
        "A flash-sale unit and a promo use are reserved when the order is created and given back if it expires or is cancelled. While a flash sale is running, the product sells only at its price: once its stock is gone, 409 `flash_sale_sold_out` until it ends — a buyer is never charged more than the price they were shown.",
        "",
        "Asking again for a product with a pending order of yours returns that same order (same reference, nothing reserved twice) when the payment method and promo are the same; otherwise the pending order is cancelled and replaced. A transfer that still arrives for a cancelled or expired order is credited to your wallet.",
        "",
        '`Idempotency-Key` (optional, 1–255 printable ASCII characters, e.g. a UUID): a retry with the same key and body returns the first order (header `Idempotent-Replayed: true`) instead of creating another, for 24 hours; the same key with a different body is refused with 422 `state_violation` (`details.reason = "idempotency_key_reused"`). Only requests that created an order are remembered, so a failed request may be retried with its key.',
        "",
        "422 `wallet_balance_overflow` is part of the contract but cannot occur today: checkout only ever takes money out of a wallet, and money received for expired, cancelled or already-paid orders is credited by the bank-transfer confirmation, which never refuses money already received."
      ].join("\n"),
      tags: tags$2,
      envelope: "object",
      auth: "session-or-guest",
      rateLimited: true,
      sameOrigin: true,
      idempotent: true,
      setsCookies: ["order_access_<orderId>"],
      errors: {
        400: ["validation_error"],
        401: ["unauthenticated"],
        409: ["already_owned", "flash_sale_sold_out", "promo_cap_reached"],
        422: ["state_violation", "wallet_balance_overflow"],
        429: ["rate_limited"],
        503: ["payment_processing"]
      },
      example: exampleOrder$1
    }
  }).input(CreateCheckoutInput).output(Order).mutation(async ({ ctx, input }) => {
    const idempotencyKey = parseIdempotencyKey(ctx.request.headers.get("idempotency-key"));
    await enforceRateLimit(ctx, createPolicy(), ctx.session ? `user:${ctx.session.user.id}` : `ip:${ctx.clientIp}`);
    const buyer = resolveBuyer(ctx.session?.user.id ?? null, input);
    const { order, replayed } = await createCheckoutOrder(buyer, input, idempotencyKey);
    const access = issueOrderAccess(order.id);
    ctx.cookies.set(access.name, access.value, { path: "/", httpOnly: true, sameSite: "lax", secure: config().isProduction, maxAge: access.maxAgeSeconds });
    if (replayed) ctx.responseHeaders.set("Idempotent-Replayed", "true");
    return toOrderView(order);
  }),
  list: sessionProcedure.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/checkout",
      scopes: ["orders:read"],
      summary: "My orders",
      description: "The signed-in user's purchase orders, newest first, optionally only one `status`. Pending orders past their expiry are listed as EXPIRED. Guest orders are not listed (poll them with their order-access cookie).",
      tags: tags$2,
      envelope: "list",
      auth: "session",
      errors: { 400: ["validation_error"], 401: ["unauthenticated"] },
      example: { items: [examplePaid], nextCursor: null, hasMore: false }
    }
  }).input(OrderListQuery).output(OrderPage).query(({ ctx, input }) => listOrders(ctx.session.user.id, input)),
  get: publicProcedure$1.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/checkout/{orderId}",
      scopes: ["orders:read"],
      summary: "Poll an order",
      description: "The order as it is now, for its owner's session or the holder of its `order_access_<orderId>` cookie. PENDING carries the QR and reference; PAID carries `paidAt`, `receiptStatus` and `downloadUrl` (the storefront download page with a fresh download token in its `token` query parameter, which API clients exchange at POST /api/v1/downloads/by-token). A pending order past `expiresAt` reads as EXPIRED. Unknown and not-yours give the same 404.",
      tags: tags$2,
      envelope: "object",
      auth: "session-or-order-cookie",
      errors: { 404: ["not_found"] },
      example: examplePaid
    }
  }).input(OrderIdInput).output(Order).query(
    ({ ctx, input }) => getOrder(
      { userId: ctx.session?.user.id ?? null, hasAccessCookie: grantsOrderAccess(input.orderId, ctx.cookies.get(orderAccessCookieName(input.orderId))) },
      input.orderId
    )
  ),
  validatePromo: sessionProcedure.meta({
    openapi: {
      method: "POST",
      path: "/api/v1/promos/validate",
      scopes: ["promos:validate"],
      summary: "Check a checkout promo code",
      description: "What a promo code takes off a product's effective price now, for the signed-in buyer, without reserving it. Percentage promos may be capped by a maximum discount; promos may be limited to a product, a product type or a category subtree, a time window, a minimum price, and total and per-user uses. Unknown, expired, exhausted or not-applicable codes answer 200 with `valid: false`.",
      tags: tags$2,
      envelope: "object",
      auth: "session",
      rateLimited: true,
      errors: { 400: ["validation_error"], 401: ["unauthenticated"], 429: ["rate_limited"] },
      example: { valid: true, code: "GIAOVIEN10", discountVnd: "5000", finalPriceVnd: "45000", description: "Giảm 10% cho giáo viên, tối đa 20.000 ₫" }
    }
  }).input(CheckoutPromoValidateInput).output(CheckoutPromoResult).mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, promoPolicy$1(), `user:${ctx.session.user.id}`);
    return validateCheckoutPromo(ctx.session.user.id, input.code, input.productId);
  })
});
const testOnlyProcedure = publicProcedure$1.use(({ next }) => {
  if (!config().testHooks) throw notFound();
  return next();
});
const publicProcedure = testOnlyProcedure;
const base$2 = { tags: ["Testing"], internal: true, auth: "none", errors: {} };
const testingRouter = router({
  echo: publicProcedure.meta({ openapi: { ...base$2, method: "GET", path: "/api/v1/_test/echo/{...rest}", summary: "Echo", envelope: "object" } }).input(
    z.object({
      rest: z.string(),
      n: z.number().int().min(1).max(50).optional(),
      flag: z.boolean().optional(),
      s: z.string().optional()
    })
  ).output(z.unknown()).query(({ input }) => input),
  list: publicProcedure.meta({ openapi: { ...base$2, method: "GET", path: "/api/v1/_test/list", summary: "List", envelope: "list" } }).input(z.object({ pageSize: z.number().int().min(1).max(3).default(2) })).output(z.unknown()).query(({ input }) => ({
    items: Array.from({ length: input.pageSize }, (_, i) => ({ i })),
    nextCursor: "next",
    hasMore: true,
    category: { id: "c" }
  })),
  raw: publicProcedure.meta({ openapi: { ...base$2, method: "GET", path: "/api/v1/_test/raw", summary: "Raw", envelope: "raw", errorShape: "legacy" } }).input(z.object({ fail: z.enum(["401", "503", "500", "404"]).optional() })).output(z.unknown()).query(({ input }) => {
    if (input.fail === "401") throw new AppError(401, "unauthenticated", "Cần đăng nhập.");
    if (input.fail === "503") throw new AppError(503, "service_unavailable", "Tạm dừng.");
    if (input.fail === "404") throw new AppError(404, "not_found", "Không có.");
    if (input.fail === "500") throw new Error("secret internal detail");
    return { ok: true };
  }),
  fail: publicProcedure.meta({ openapi: { ...base$2, method: "GET", path: "/api/v1/_test/fail/{status}", summary: "Fail", envelope: "object" } }).input(z.object({ status: z.number().int(), code: z.enum(errorCodes).default("state_violation") })).output(z.unknown()).query(({ input }) => {
    if (input.status === 500) throw new Error("secret internal detail: password=hunter2");
    throw new AppError(input.status, input.code, "Lỗi thử nghiệm.", { reason: "test" }, input.code === "quota_exceeded" ? { used: 1 } : void 0);
  }),
  body: publicProcedure.meta({ openapi: { ...base$2, method: "POST", path: "/api/v1/_test/body/{id}", summary: "Body", envelope: "object" } }).input(z.object({ id: z.string(), name: z.string().max(20), count: z.number().int().optional() })).output(z.unknown()).mutation(({ input, ctx }) => {
    ctx.cookies.set("test_cookie", input.id, { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });
    ctx.responseHeaders.set("X-Test-Header", "hello");
    return input;
  }),
  db: publicProcedure.meta({ openapi: { ...base$2, method: "GET", path: "/api/v1/_test/db", summary: "Database round trip", envelope: "object" } }).input(z.object({})).output(z.unknown()).query(async () => {
    const rows = await db().select({ n: count() }).from(users);
    return { users: rows[0]?.n ?? 0 };
  }),
  redirect: publicProcedure.meta({ openapi: { ...base$2, method: "GET", path: "/api/v1/_test/redirect", summary: "Redirect", envelope: "object", redirects: true } }).input(z.object({})).output(z.unknown()).query(() => ({ redirect: "/api/v1/_test/raw" })),
  whoami: sessionProcedure.use(({ next }) => {
    if (!config().testHooks) throw notFound();
    return next();
  }).meta({ openapi: { ...base$2, method: "GET", path: "/api/v1/_test/whoami", summary: "Who am I", envelope: "object", auth: "session", errors: { 401: ["unauthenticated"] } } }).input(z.object({})).output(z.unknown()).query(({ ctx }) => ({ userId: ctx.session.user.id, email: ctx.session.user.email })),
  deprecated: publicProcedure.meta({
    openapi: {
      ...base$2,
      method: "GET",
      path: "/api/v1/_test/deprecated",
      summary: "Deprecated",
      envelope: "object",
      deprecated: { since: "2026-01-01", sunset: "2026-07-15", replacement: "/api/v1/_test/raw" }
    }
  }).input(z.object({})).output(z.unknown()).query(() => ({ ok: true }))
});
const base$1 = { tags: ["Testing"], internal: true, auth: "none", errors: {}, envelope: "object", method: "POST" };
const checkoutTestingRouter = router({
  deliverReceipts: testOnlyProcedure.meta({ openapi: { ...base$1, path: "/api/v1/_test/checkout/receipts", summary: "Run the order receipts job" } }).input(z.object({})).output(z.unknown()).mutation(async () => ({ sent: await deliverDueReceipts() }))
});
function productFileName(p) {
  if (p.fileName) return p.fileName;
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(p.fileKey)?.[0] ?? "";
  return `${p.title}${ext}`;
}
const invalidToken = () => forbidden("Liên kết tải xuống không hợp lệ hoặc đã hết hạn.");
const storageUnavailable$1 = () => new AppError(503, "service_unavailable", "Kho lưu trữ tệp tạm thời không khả dụng, vui lòng thử lại sau ít phút.");
async function stillEntitled(e) {
  if ("orderId" in e) {
    const [order] = await db().select({ id: orders.id }).from(orders).where(and$1(eq(orders.id, e.orderId), eq(orders.productId, e.productId), eq(orders.status, "PAID")));
    return order !== void 0;
  }
  const [owned] = await db().select({ userId: productOwnerships.userId }).from(productOwnerships).where(and$1(eq(productOwnerships.userId, e.userId), eq(productOwnerships.productId, e.productId)));
  return owned !== void 0;
}
async function exchangeDownloadToken(token) {
  const entitlement = readDownloadToken(token);
  if (!entitlement || !await stillEntitled(entitlement)) throw invalidToken();
  const [product] = await db().select({ title: products.title, fileKey: products.fileKey, fileName: products.fileName }).from(products).where(eq(products.id, entitlement.productId));
  if (!product) throw invalidToken();
  const fileKey = product.fileKey;
  if (!fileKey) {
    log.error("token download: product has no file", { productId: entitlement.productId });
    throw storageUnavailable$1();
  }
  const ttl = config().checkout.downloadUrlTtlSeconds;
  try {
    if (!await storage().head(fileKey)) {
      log.error("token download: file missing from storage", { productId: entitlement.productId, key: fileKey });
      throw storageUnavailable$1();
    }
    const signed = await storage().signedGetUrl(fileKey, ttl, productFileName({ ...product, fileKey }));
    return { url: signed.url, expiresIn: ttl };
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error("token download: storage unreachable", { key: fileKey, error });
    throw storageUnavailable$1();
  }
}
const policy = () => ({ name: "download-token", limit: config().checkout.downloadRateLimit, windowMs: 6e4, onStoreFailure: "open" });
const downloadsRouter = router({
  byToken: publicProcedure$1.meta({
    openapi: {
      method: "POST",
      path: "/api/v1/downloads/by-token",
      scopes: ["media:download"],
      summary: "Exchange a download token for the file",
      description: "Download tokens come in receipt emails and in `downloadUrl` of paid orders (its `token` query parameter), or from staff grants. They are HMAC-signed, name one product and what entitles the holder to it (a paid order or an account that owns the product), and expire (72 hours by default). The answer is a signed storage URL of the file, valid for `expiresIn` seconds. Only the token authorises this call: cookies are ignored. A token that is not `<payload>.<signature>` is 400; a tampered or expired one, or one whose order or ownership no longer stands, is 403.",
      tags: ["Downloads"],
      envelope: "object",
      auth: "token",
      rateLimited: true,
      errors: { 400: ["validation_error"], 403: ["forbidden"], 429: ["rate_limited"], 503: ["service_unavailable"] },
      example: { url: "https://hoclieu.vn/files/products/0b6f…/giao-an.pdf?exp=1768466400&n=Gi%C3%A1o+%C3%A1n.pdf&sig=…", expiresIn: 300 }
    }
  }).input(DownloadByTokenInput).output(TokenDownload).mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, policy(), `ip:${ctx.clientIp}`);
    return exchangeDownloadToken(input.token);
  })
});
const RedeemGiftCodeInput = z.object({ code: z.string().min(1).max(64) });
const RedeemGiftCodeResult = z.object({
  /** What the code credited (to the bonus pocket). */
  xuAmount: MoneyVnd,
  /** Wallet total (main + bonus) after the credit. */
  newBalance: MoneyVnd
});
const GIFT_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const GIFT_CODE_LENGTH = 16;
function generateGiftCode() {
  let raw = "";
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) raw += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)];
  return raw.match(/.{4}/g).join("-");
}
function normaliseGiftCode(code) {
  return code.normalize("NFKC").toUpperCase().replace(/[\s\-\u2010-\u2015\u2212]/g, "");
}
function giftCodeLookupHash(code) {
  return hmac("giftcode", normaliseGiftCode(code));
}
function giftCodeHint(code) {
  return normaliseGiftCode(code).slice(-4);
}
const messages = {
  expired: "Mã quà tặng đã hết hạn hoặc không còn hiệu lực.",
  exhausted: "Mã quà tặng đã được sử dụng hết.",
  already_redeemed: "Bạn đã sử dụng mã quà tặng này rồi.",
  zero_amount: "Mã quà tặng này không có giá trị để cộng vào ví."
};
function refused(reason) {
  return new AppError(400, "validation_error", messages[reason], { reason });
}
const isFailedAttempt = (error) => error instanceof AppError && (error.status === 400 || error.status === 404);
async function redeemGiftCode(userId, code, guard) {
  return db().transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    await guard?.check();
    try {
      return await redeemLocked(tx, userId, code);
    } catch (error) {
      if (isFailedAttempt(error)) await guard?.failed();
      throw error;
    }
  });
}
async function redeemLocked(tx, userId, code) {
  const lookupHash = giftCodeLookupHash(code);
  const [gift] = await tx.select().from(giftCodes).where(eq(giftCodes.lookupHash, lookupHash));
  if (!gift) throw notFound("Mã quà tặng không tồn tại. Vui lòng kiểm tra lại.");
  if (!gift.isActive || gift.expiresAt !== null && gift.expiresAt <= now()) throw refused("expired");
  if (gift.amountVnd <= 0n) throw refused("zero_amount");
  const [redemption] = await tx.insert(giftCodeRedemptions).values({ giftCodeId: gift.id, userId, amountVnd: gift.amountVnd, createdAt: now() }).onConflictDoNothing({ target: [giftCodeRedemptions.giftCodeId, giftCodeRedemptions.userId] }).returning({ id: giftCodeRedemptions.id });
  if (!redemption) throw refused("already_redeemed");
  const [claimed] = await tx.update(giftCodes).set({ redemptionCount: sql`${giftCodes.redemptionCount} + 1` }).where(and$1(eq(giftCodes.id, gift.id), lt(giftCodes.redemptionCount, giftCodes.maxRedemptions))).returning({ id: giftCodes.id });
  if (!claimed) throw refused("exhausted");
  const balance = await credit(tx, {
    userId,
    pocket: "bonus",
    amount: gift.amountVnd,
    entryType: "BONUS",
    refType: "giftcode",
    refId: redemption.id,
    note: `Nhập mã quà tặng …${gift.hint}: cộng ${formatVndText(gift.amountVnd)} vào ví thưởng.`
  });
  return { xuAmount: gift.amountVnd.toString(), newBalance: balance.total.toString() };
}
function failurePolicy() {
  const cfg = config();
  return { name: "giftcode-failures", limit: cfg.giftcodeFailureLimit, windowMs: cfg.giftcodeFailureWindowMs, onStoreFailure: "closed" };
}
const giftcodeRouter = router({
  redeem: sessionProcedure.meta({
    openapi: {
      method: "POST",
      path: "/api/v1/giftcode/redeem",
      scopes: ["giftcodes:redeem"],
      summary: "Redeem a gift code",
      description: "Credits the code's value to the bonus pocket of the wallet. Codes ignore case, spaces and dashes. Each user redeems a code once; a code allows a fixed number of redemptions. After repeated failures (per user and per IP address) further attempts get 429 until the window passes.",
      tags: ["Gift codes"],
      envelope: "object",
      auth: "session",
      rateLimited: true,
      sameOrigin: true,
      errors: { 400: ["validation_error"], 401: ["unauthenticated"], 404: ["not_found"], 422: ["wallet_balance_overflow"], 429: ["rate_limited"] },
      example: { xuAmount: "50000", newBalance: "250000" }
    }
  }).input(RedeemGiftCodeInput).output(RedeemGiftCodeResult).mutation(({ ctx, input }) => {
    const policy2 = failurePolicy();
    const checks = [
      { policy: policy2, key: `user:${ctx.session.user.id}` },
      { policy: policy2, key: `ip:${ctx.clientIp}` }
    ];
    return redeemGiftCode(ctx.session.user.id, input.code, {
      check: () => applyFailureLimits(ctx.responseHeaders, checks),
      failed: () => recordFailure(ctx.responseHeaders, checks)
    });
  })
});
const NewGiftCodes = z.object({
  amountVnd: z.union([z.bigint(), z.string().regex(/^[0-9]{1,15}$/).transform((v) => BigInt(v))]).refine((v) => v > 0n, "must be positive"),
  count: z.number().int().min(1).max(1e4),
  maxRedemptions: z.number().int().min(1).max(1e6).default(1),
  expiresAt: z.coerce.date().optional(),
  note: z.string().trim().max(200).optional()
});
async function createGiftCodes(input) {
  const spec = NewGiftCodes.parse(input);
  const batchId = randomUUID();
  const codes = [];
  await db().transaction(async (tx) => {
    while (codes.length < spec.count) {
      const fresh = [...new Set(Array.from({ length: Math.min(500, spec.count - codes.length) }, generateGiftCode))];
      const inserted = await tx.insert(giftCodes).values(
        fresh.map((code) => ({
          lookupHash: giftCodeLookupHash(code),
          hint: giftCodeHint(code),
          amountVnd: spec.amountVnd,
          maxRedemptions: spec.maxRedemptions,
          expiresAt: spec.expiresAt ?? null,
          batchId,
          note: spec.note ?? null,
          createdAt: now()
        }))
      ).onConflictDoNothing({ target: giftCodes.lookupHash }).returning({ lookupHash: giftCodes.lookupHash });
      const kept = new Set(inserted.map((r) => r.lookupHash));
      codes.push(...fresh.filter((code) => kept.has(giftCodeLookupHash(code))));
    }
  });
  return { batchId, codes };
}
const base = { tags: ["Testing"], internal: true, auth: "none", errors: {}, envelope: "object", method: "POST" };
const amount = z.string().regex(/^[0-9]{1,15}$/).transform((v) => BigInt(v));
const json = (value) => JSON.parse(JSON.stringify(value, (_, v) => typeof v === "bigint" ? v.toString() : v));
const moneyTestingRouter = router({
  createGiftCodes: testOnlyProcedure.meta({ openapi: { ...base, path: "/api/v1/_test/giftcodes", summary: "Create gift codes" } }).input(NewGiftCodes).output(z.unknown()).mutation(({ input }) => createGiftCodes(input)),
  createPromo: testOnlyProcedure.meta({ openapi: { ...base, path: "/api/v1/_test/promos", summary: "Create a promo" } }).input(NewPromo).output(z.unknown()).mutation(async ({ input }) => json(await createPromo(input))),
  debit: testOnlyProcedure.meta({ openapi: { ...base, path: "/api/v1/_test/wallet/debit", summary: "Debit a wallet" } }).input(z.object({ userId: z.uuid(), amount, refId: z.string().min(1) })).output(z.unknown()).mutation(
    async ({ input }) => json(await db().transaction((tx) => debit(tx, { userId: input.userId, amount: input.amount, refType: "test_purchase", refId: input.refId, note: "Mua hàng (kiểm thử)." })))
  ),
  credit: testOnlyProcedure.meta({ openapi: { ...base, path: "/api/v1/_test/wallet/credit", summary: "Credit a wallet" } }).input(
    z.object({
      userId: z.uuid(),
      amount,
      pocket: z.enum(walletPockets),
      entryType: z.enum(ledgerEntryTypes).exclude(["PURCHASE"]),
      refId: z.string().min(1)
    })
  ).output(z.unknown()).mutation(
    async ({ input }) => json(await db().transaction((tx) => credit(tx, { ...input, refType: "test_credit", note: "Điều chỉnh (kiểm thử)." })))
  ),
  sweepPayments: testOnlyProcedure.meta({ openapi: { ...base, path: "/api/v1/_test/payments/sweep", summary: "Run the payment expiry sweep" } }).input(z.object({})).output(z.unknown()).mutation(async () => ({ expired: await expireDueIntents() }))
});
function isActiveVip(user, at) {
  return user.isVip && (user.vipUntil === null || user.vipUntil.getTime() > at.getTime());
}
function quotaLimitFor(user, at, freeMonthlyLimit) {
  return isActiveVip(user, at) ? "unlimited" : freeMonthlyLimit;
}
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1e3;
function vietnamMonthWindow(at) {
  const local = new Date(at.getTime() + VIETNAM_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1) - VIETNAM_OFFSET_MS),
    end: new Date(Date.UTC(year, month + 1, 1) - VIETNAM_OFFSET_MS)
  };
}
function vietnamDate(at) {
  const local = new Date(at.getTime() + VIETNAM_OFFSET_MS);
  const dd = String(local.getUTCDate()).padStart(2, "0");
  const mm = String(local.getUTCMonth() + 1).padStart(2, "0");
  return `${dd}/${mm}/${local.getUTCFullYear()}`;
}
function assertMusicEnabled() {
  if (!config().music.enabled) {
    throw new AppError(503, "service_unavailable", "Dịch vụ nhạc lớp học đang tạm ngừng, vui lòng quay lại sau.");
  }
}
async function usedInWindow(tx, userId, window) {
  const [row] = await tx.select({ used: musicQuotaUsage.used }).from(musicQuotaUsage).where(and$1(eq(musicQuotaUsage.userId, userId), eq(musicQuotaUsage.windowStart, window.start)));
  return row?.used ?? 0;
}
async function consumeUnit(tx, userId, window, limit, at) {
  if (limit !== "unlimited" && limit < 1) return null;
  const rows = await tx.insert(musicQuotaUsage).values({ userId, windowStart: window.start, used: 1, updatedAt: at }).onConflictDoUpdate({
    target: [musicQuotaUsage.userId, musicQuotaUsage.windowStart],
    set: { used: sql`${musicQuotaUsage.used} + 1`, updatedAt: at },
    ...limit === "unlimited" ? {} : { setWhere: sql`${musicQuotaUsage.used} < ${limit}` }
  }).returning({ used: musicQuotaUsage.used });
  return rows[0]?.used ?? null;
}
function quotaExceeded(used, limit, window) {
  return new AppError(
    429,
    "quota_exceeded",
    `Bạn đã dùng hết ${limit} lượt tải nhạc miễn phí của tháng này. Lượt tải sẽ được làm mới vào ngày ${vietnamDate(window.end)}.`,
    void 0,
    { used, limit, resetsAt: window.end.toISOString() }
  );
}
async function musicQuota(user) {
  assertMusicEnabled();
  const at = now();
  const window = vietnamMonthWindow(at);
  return {
    isVip: isActiveVip(user, at),
    used: await usedInWindow(db(), user.id, window),
    limit: quotaLimitFor(user, at, config().music.freeMonthlyLimit),
    resetsAt: window.end.toISOString()
  };
}
const storageUnavailable = () => new AppError(503, "service_unavailable", "Kho lưu trữ tệp tạm thời không khả dụng, vui lòng thử lại sau ít phút.");
async function loadTrack(tx, productId) {
  const [product] = await tx.select({
    id: products.id,
    type: products.type,
    title: products.title,
    isPublished: products.isPublished,
    priceVnd: products.priceVnd,
    salePriceVnd: products.salePriceVnd,
    saleEndsAt: products.saleEndsAt,
    fileKey: products.fileKey,
    fileName: products.fileName
  }).from(products).where(eq(products.id, productId));
  return product?.type === "MUSIC" ? product : void 0;
}
async function owns(tx, userId, productId) {
  const rows = await tx.select({ userId: productOwnerships.userId }).from(productOwnerships).where(and$1(eq(productOwnerships.userId, userId), eq(productOwnerships.productId, productId))).limit(1);
  return rows.length > 0;
}
async function runningFlashSales$1(tx, productId, at) {
  return tx.select({
    startsAt: flashSales.startsAt,
    endsAt: flashSales.endsAt,
    salePriceVnd: flashSales.salePriceVnd,
    stockCap: flashSales.stockCap,
    stockLeft: flashSales.stockLeft
  }).from(flashSales).where(and$1(eq(flashSales.productId, productId), lte(flashSales.startsAt, at), gt(flashSales.endsAt, at)));
}
async function sign(key, name) {
  try {
    return await storage().signedGetUrl(key, config().music.urlTtlSeconds, name);
  } catch (error) {
    log.error("music download: signing failed", { key, error });
    throw storageUnavailable();
  }
}
async function grantMusicDownload(user, productId) {
  assertMusicEnabled();
  const at = now();
  const track = await loadTrack(db(), productId);
  if (!track) throw notFound("Không tìm thấy bài nhạc này.");
  const owned = await owns(db(), user.id, track.id);
  if (!owned) {
    if (!track.isPublished) throw notFound("Không tìm thấy bài nhạc này.");
    if (!isFreeNow(track, await runningFlashSales$1(db(), track.id, at), at)) {
      throw forbidden("Bài nhạc này có phí. Vui lòng mua bài nhạc để tải xuống.");
    }
  }
  const fileKey = track.fileKey;
  if (!fileKey) {
    log.error("music download: product has no file", { productId: track.id });
    throw storageUnavailable();
  }
  const stored = await storage().head(fileKey).catch((error) => {
    log.error("music download: storage unreachable", { key: fileKey, error });
    throw storageUnavailable();
  });
  if (!stored) {
    log.error("music download: file missing from storage", { productId: track.id, key: fileKey });
    throw storageUnavailable();
  }
  const name = productFileName({ ...track, fileKey });
  if (owned) {
    const signed = await sign(fileKey, name);
    const [entry] = await db().insert(musicDownloadLogs).values({ userId: user.id, productId: track.id, reason: "owned", quotaUsed: false, urlExpiresAt: signed.expiresAt, createdAt: at }).returning({ id: musicDownloadLogs.id });
    return { signedUrl: signed.url, expiresAt: signed.expiresAt.toISOString(), logId: entry.id };
  }
  const limit = quotaLimitFor(user, at, config().music.freeMonthlyLimit);
  const window = vietnamMonthWindow(at);
  return db().transaction(async (tx) => {
    const used = await consumeUnit(tx, user.id, window, limit, at);
    if (used === null) throw quotaExceeded(await usedInWindow(tx, user.id, window), limit, window);
    const signed = await sign(fileKey, name);
    const [entry] = await tx.insert(musicDownloadLogs).values({
      userId: user.id,
      productId: track.id,
      reason: "free",
      quotaUsed: true,
      windowStart: window.start,
      urlExpiresAt: signed.expiresAt,
      createdAt: at
    }).returning({ id: musicDownloadLogs.id });
    return { signedUrl: signed.url, expiresAt: signed.expiresAt.toISOString(), logId: entry.id };
  });
}
function downloadPolicy() {
  return { name: "music-download", limit: config().music.downloadRatePerMinute, windowMs: 6e4, onStoreFailure: "open" };
}
const musicRouter = router({
  quota: sessionProcedure.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/music/quota",
      summary: "Music download quota",
      description: "The caller's quota window for free-track downloads: a calendar month in Vietnam time. VIP members are `unlimited`. Errors use the legacy flat shape `{ code, message }`.",
      tags: ["Music"],
      envelope: "raw",
      errorShape: "legacy",
      errors: { 401: ["unauthenticated"], 500: ["internal"], 503: ["service_unavailable"] },
      auth: "session",
      scopes: ["media:download"],
      example: { isVip: false, used: 3, limit: 10, resetsAt: "2026-11-30T17:00:00.000Z" }
    }
  }).output(MusicQuota).query(({ ctx }) => musicQuota(ctx.session.user)),
  download: sessionProcedure.meta({
    openapi: {
      method: "POST",
      path: "/api/v1/music/{id}/download",
      summary: "Signed download URL for a music track",
      description: "Owners (by purchase) download without using quota; free tracks use one unit of the monthly quota; paid tracks need a purchase. Every grant is logged.",
      tags: ["Music"],
      envelope: "raw",
      errors: {
        400: ["validation_error"],
        401: ["unauthenticated"],
        403: ["forbidden"],
        404: ["not_found"],
        429: ["quota_exceeded", "rate_limited"],
        500: ["internal"],
        503: ["service_unavailable"]
      },
      auth: "session",
      scopes: ["media:download"],
      sameOrigin: true,
      rateLimited: true,
      example: {
        signedUrl: "https://hoclieu.vn/files/products/0b6f…/bai-hat.wav?exp=1764500000&n=B%C3%A0i+h%C3%A1t.wav&sig=…",
        expiresAt: "2026-11-21T10:05:00.000Z",
        logId: "5b0d7a4e-2f0c-4a51-9f0e-0d7c1c3e8a11"
      }
    }
  }).input(MusicDownloadInput).output(MusicDownloadGrant).mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, downloadPolicy(), `user:${ctx.session.user.id}`);
    return grantMusicDownload(ctx.session.user, input.id);
  })
});
const PROBE_ROWS = 500;
const MAX_PROBE_ROWS = 5e3;
const WALK_TO_SORT_COST = 0.5;
const keysetOf = (scan) => scan.after ? [scan.order.after(scan.after)] : [];
function probeScan(scan, rows = PROBE_ROWS) {
  return queryRows(sql`
		SELECT ${scan.select}
		FROM (
			SELECT * FROM products p
			WHERE ${and([sql`p.is_published`, ...keysetOf(scan)])}
			ORDER BY ${scan.order.orderBy}
			LIMIT ${rows}
		) p
		${scan.joins}
		WHERE ${scan.where.length ? and(scan.where) : sql`true`}
		ORDER BY ${scan.order.orderBy}
		LIMIT ${scan.limit}`);
}
function sortedScan(scan) {
  return queryRows(sql`
		SELECT ${scan.select}
		FROM products p
		${scan.joins}
		WHERE ${and([sql`p.is_published`, ...keysetOf(scan), ...scan.where])}
		ORDER BY ${scan.order.orderBySorted}
		LIMIT ${scan.limit}`);
}
async function orderedScan(scan, matchCeiling = Infinity) {
  const walked = await probeScan(scan);
  if (walked.length >= scan.limit) return walked;
  const walk = walked.length > 0 ? Math.ceil(2 * scan.limit * PROBE_ROWS / walked.length) : Infinity;
  if (walk <= MAX_PROBE_ROWS && walk * WALK_TO_SORT_COST < matchCeiling) {
    const further = await probeScan(scan, walk);
    if (further.length >= scan.limit) return further;
  }
  return sortedScan(scan);
}
const MAX_EXPANSION = 8;
const escapeLike = (s) => s.replace(/[\\%_]/g, "\\$&");
const textArray = (items) => `{${items.map((t2) => `"${t2}"`).join(",")}}`;
const MAX_MEMO_ENTRIES = 5e4;
let memo = null;
function memoFor(version) {
  if (version === null) return null;
  const now2 = nowMs();
  if (!memo || memo.version !== version || memo.expiresAt <= now2 || memo.ndoc.size + memo.completions.size > MAX_MEMO_ENTRIES) {
    memo = { version, expiresAt: now2 + config().searchCache.ttlMs, ndoc: /* @__PURE__ */ new Map(), completions: /* @__PURE__ */ new Map() };
  }
  return memo;
}
async function lookUp(terms, prefix, version) {
  const m = memoFor(version);
  const missing2 = [...new Set(m ? terms.filter((t2) => !m.ndoc.has(t2)) : terms)];
  const known = prefix === null ? void 0 : m?.completions.get(prefix);
  const askPrefix = prefix !== null && !known;
  const ndoc = new Map(m ? terms.map((t2) => [t2, m.ndoc.get(t2) ?? 0]) : []);
  let completions = known ?? [];
  if (missing2.length > 0 || askPrefix) {
    const rows = await queryRows(sql`
			SELECT term, ndoc, false AS completion FROM search_terms WHERE term = ANY(${textArray(missing2)}::text[])
			${askPrefix ? sql`UNION ALL (SELECT term, ndoc, true FROM search_terms
						WHERE term LIKE ${`${escapeLike(prefix)}%`} AND strpos(term, '_') = 0
						ORDER BY ndoc DESC, term LIMIT ${MAX_EXPANSION + 1})` : sql``}`);
    for (const t2 of missing2) ndoc.set(t2, 0);
    for (const r of rows) if (!r.completion) ndoc.set(r.term, Number(r.ndoc));
    if (askPrefix) completions = rows.filter((r) => r.completion).map((r) => ({ term: r.term, ndoc: Number(r.ndoc) }));
    if (m) {
      for (const t2 of missing2) m.ndoc.set(t2, ndoc.get(t2));
      if (askPrefix) m.completions.set(prefix, completions);
    }
  }
  return { ndoc, completions };
}
async function resolvePositions(positions, version) {
  const last = positions.at(-1);
  const exact = positions.flatMap((p) => p.prefix ? [] : p.folded);
  const { ndoc, completions } = await lookUp(exact, last.prefix ? last.folded[0] : null, version);
  const groups = positions.map((p) => p.terms);
  const lexemes = positions.map((p) => p.folded);
  let lastIsPrefix = last.prefix;
  const counts = positions.map((p) => p.prefix ? 0 : p.folded.reduce((sum, t2) => sum + (ndoc.get(t2) ?? 0), 0));
  if (last.prefix) {
    if (completions.length <= MAX_EXPANSION) {
      groups[groups.length - 1] = completions.map((c) => c.term);
      lexemes[lexemes.length - 1] = completions.map((c) => c.term);
      lastIsPrefix = false;
      counts[counts.length - 1] = completions.reduce((sum, c) => sum + c.ndoc, 0);
    } else {
      counts[counts.length - 1] = Infinity;
    }
  }
  if (groups.at(-1).length === 0) {
    groups[groups.length - 1] = last.terms;
    lexemes[lexemes.length - 1] = last.folded;
  }
  return { groups, lexemes, lastIsPrefix, ceiling: Math.min(...counts) };
}
async function pairCeiling(titlePairs, version) {
  if (titlePairs.includes(":*")) return Infinity;
  const positions = titlePairs.split(" & ").map((group) => [...group.matchAll(/'([^']+)'/g)].map((m) => m[1]));
  const { ndoc } = await lookUp(positions.flat(), null, version);
  return Math.min(...positions.map((terms) => terms.reduce((sum, t2) => sum + (ndoc.get(t2) ?? 0), 0)));
}
const MAX_TERMS = 12;
function fold(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[đĐ]/g, "d").toLowerCase();
}
function queryWords(q) {
  const words = q.normalize("NFC").toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  const folded = words.map(fold);
  return { words, folded, lastIsPrefix: new RegExp("\\p{L}", "u").test(words.at(-1)), key: folded.join(" ") };
}
const MAX_PAIR_ALTERNATIVES = 16;
function tsQueries(groups, lastIsPrefix, lexemes = groups) {
  const last = groups.length - 1;
  const build = (weights) => groups.map((alternatives, i) => {
    const prefix = lastIsPrefix && i === last ? "*" : "";
    const suffix = prefix || weights ? `:${prefix}${weights}` : "";
    const terms = alternatives.map((w) => `'${w}'${suffix}`);
    return terms.length === 1 ? terms[0] : `(${terms.join(" | ")})`;
  }).join(" & ");
  let titlePairs = null;
  if (lexemes.length > 1) {
    const pairs = lexemes.slice(1).map((right, k) => {
      const left = lexemes[k];
      const suffix = lastIsPrefix && k + 1 === last ? ":*" : "";
      const terms = left.flatMap((a) => right.map((b) => `'${a}_${b}'${suffix}`)).slice(0, MAX_PAIR_ALTERNATIVES);
      return terms.length === 1 ? terms[0] : `(${terms.join(" | ")})`;
    });
    titlePairs = pairs.join(" & ");
  }
  return { all: build(""), title: build("A"), titlePairs };
}
const entries = /* @__PURE__ */ new Map();
async function catalogVersion() {
  if (config().searchCache.ttlMs === 0) return null;
  const [row] = await queryPreparedRows(
    sql`SELECT last_value::text AS last_value, is_called FROM catalog_version`
  );
  return `${row.last_value}:${row.is_called}`;
}
function cachedHits(key, version) {
  if (version === null) return void 0;
  const entry = entries.get(key);
  if (!entry) return void 0;
  entries.delete(key);
  if (entry.version !== version || entry.expiresAt <= nowMs()) return void 0;
  entries.set(key, entry);
  return entry.value;
}
function rememberHits(key, version, value) {
  if (version === null) return;
  const { ttlMs, maxEntries } = config().searchCache;
  entries.delete(key);
  entries.set(key, { version, expiresAt: nowMs() + ttlMs, value });
  while (entries.size > maxEntries) entries.delete(entries.keys().next().value);
}
const MAX_ALTERNATIVES = 3;
const MAX_CANDIDATES = 200;
function editDistance(a, b) {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_2, j) => i === 0 ? j : j === 0 ? i : 0));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2][j - 2] + 1);
      d[i][j] = best;
    }
  }
  return d[a.length][b.length];
}
function allowedEdits(word) {
  return word.length <= 2 ? 0 : word.length <= 5 ? 1 : 2;
}
function pickCorrections(word, candidates) {
  const limit = allowedEdits(word);
  const scored = candidates.map((c) => ({ ...c, distance: editDistance(word, c.term) })).filter((c) => c.distance > 0 && c.distance <= limit);
  if (scored.length === 0) return [];
  const nearest = Math.min(...scored.map((c) => c.distance));
  return scored.filter((c) => c.distance === nearest).sort((x, y) => y.ndoc - x.ndoc || x.term.localeCompare(y.term)).slice(0, MAX_ALTERNATIVES).map((c) => c.term);
}
async function correctQuery(q) {
  const lastPrefix = q.lastIsPrefix ? `${q.folded.at(-1).replace(/[\\%_]/g, "\\$&")}%` : null;
  const known = await queryRows(sql`
		SELECT term FROM search_terms WHERE term = ANY(${`{${q.folded.map((w) => `"${w}"`).join(",")}}`}::text[])
		${lastPrefix ? sql`UNION ALL (SELECT ${q.folded.at(-1)} FROM search_terms WHERE term LIKE ${lastPrefix} LIMIT 1)` : sql``}`);
  const knownSet = new Set(known.map((r) => r.term));
  const unknown = q.folded.filter((w) => !knownSet.has(w));
  if (unknown.length === 0) return null;
  const corrections = /* @__PURE__ */ new Map();
  for (const word of new Set(unknown)) {
    const head = [...word].slice(0, 2).join("").replace(/[\\%_]/g, "\\$&");
    const candidates = await queryRows(sql`
			(SELECT term, ndoc FROM search_terms WHERE term % ${word} AND strpos(term, '_') = 0
				ORDER BY similarity(term, ${word}) DESC LIMIT ${MAX_CANDIDATES})
			UNION
			(SELECT term, ndoc FROM search_terms
				WHERE term LIKE ${`${head}%`} AND length(term) BETWEEN ${word.length - 2} AND ${word.length + 2} AND strpos(term, '_') = 0
				LIMIT ${MAX_CANDIDATES})`);
    const picked = pickCorrections(word, candidates);
    if (picked.length === 0) return null;
    corrections.set(word, picked);
  }
  const groups = q.folded.map((w, i) => corrections.get(w) ?? [q.words[i]]);
  const lastIsPrefix = q.lastIsPrefix && !corrections.has(q.folded.at(-1));
  return { groups, lastIsPrefix };
}
const RARE_MATCHES = 2e3;
const tsq = (text) => sql`to_tsquery('vn_unaccent'::regconfig, ${text})`;
const pairsQuery = (q) => sql`${q.titlePairs}::tsquery`;
function tierCondition(tier, q) {
  const inPairs = q.titlePairs ? sql`p.title_pairs @@ ${pairsQuery(q)}` : null;
  switch (tier) {
    case 3:
      return inPairs;
    case 2:
      return inPairs ? sql`p.head_vector @@ ${tsq(q.title)} AND NOT ${inPairs}` : sql`p.head_vector @@ ${tsq(q.title)}`;
    case 1:
      return sql`p.head_vector @@ ${tsq(q.all)} AND NOT p.head_vector @@ ${tsq(q.title)}`;
    default:
      return sql`p.search_vector @@ ${tsq(q.all)} AND NOT p.head_vector @@ ${tsq(q.all)}`;
  }
}
const tierOf = (q) => sql`(CASE ${q.titlePairs ? sql`WHEN p.title_pairs @@ ${pairsQuery(q)} THEN 3` : sql``}
		WHEN p.head_vector @@ ${tsq(q.title)} THEN 2
		WHEN p.head_vector @@ ${tsq(q.all)} THEN 1 ELSE 0 END)`;
const RELEVANCE_KINDS = ["int", "int", "uuid"];
const MODES = Object.fromEntries(
  ["fts", "fuzzy"].flatMap((matcher) => [
    [`${matcher}:relevance`, RELEVANCE_KINDS],
    ...Object.keys(listOrders$1).map((s) => [`${matcher}:${s}`, listOrders$1[s].kinds])
  ])
);
const HIT_COLUMNS = sql`p.id::text AS id, p.created_at::text AS k_created, p.popularity AS k_popularity, p.rating_avg, p.rating_count`;
class SearchPlan {
  constructor(input, q, ceiling, version) {
    this.input = input;
    this.q = q;
    this.ceiling = ceiling;
    this.version = version;
  }
  input;
  q;
  ceiling;
  version;
  now = now();
  get rare() {
    return this.ceiling <= RARE_MATCHES;
  }
  filters() {
    const { input } = this;
    return [
      ...filterConditions(this.now, { type: input.type, minPrice: input.minPrice, maxPrice: input.maxPrice }),
      input.categoryId ? inSubtreeOf(input.categoryId) : sql`true`,
      outsideHiddenCategories
    ];
  }
  /** The flash-sale join is only needed when a price filter reads the effective price. */
  joins() {
    return this.input.minPrice !== void 0 || this.input.maxPrice !== void 0 ? flashSaleJoin(this.now) : sql``;
  }
  scan(match, order, after, limit) {
    return { select: HIT_COLUMNS, joins: this.joins(), where: [match, ...this.filters()], order, after, limit };
  }
  async byRelevance(after, limit) {
    if (this.rare) return this.rankedTiers(sql`p.search_vector @@ ${tsq(this.q.all)}`, after, limit);
    const startTier = after ? Number(after[0]) : 3;
    const out = [];
    for (let tier = startTier; tier >= 0 && out.length < limit; tier--) {
      const condition = tierCondition(tier, this.q);
      if (!condition) continue;
      const within = after && tier === startTier ? after.slice(1) : null;
      const scan = this.scan(condition, listOrders$1.popular, within, limit - out.length);
      const ceiling = tier === 3 ? await pairCeiling(this.q.titlePairs, this.version) : this.ceiling;
      const rows = tier === 3 && ceiling <= RARE_MATCHES ? await sortedScan(scan) : await orderedScan(scan, ceiling);
      out.push(...rows.map((r) => ({ ...r, k_tier: tier })));
    }
    return out;
  }
  /** Every candidate of `match` ranked by tier in one bitmap query (after the cursor). */
  rankedTiers(match, after, limit) {
    const tier = tierOf(this.q);
    const where = [
      match,
      ...after ? [sql`(${tier}, p.popularity, p.id) < (${after[0]}::integer, ${after[1]}::integer, ${after[2]}::uuid)`] : [],
      ...this.filters()
    ];
    return queryRows(sql`
			SELECT ${HIT_COLUMNS}, ${tier} AS k_tier
			FROM products p
			${this.joins()}
			WHERE ${and(where)}
			ORDER BY k_tier DESC, p.popularity + 0 DESC, p.id DESC
			LIMIT ${limit}`);
  }
  bySort(sort, after, limit) {
    const scan = this.scan(sql`p.search_vector @@ ${tsq(this.q.all)}`, listOrders$1[sort], after, limit);
    return this.rare ? sortedScan(scan) : orderedScan(scan, this.ceiling);
  }
}
async function materialise(hits, now2) {
  if (hits.length === 0) return [];
  const rows = await queryPreparedRows(sql`
		SELECT ${summaryColumns(now2)}
		FROM products p
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now2)}
		WHERE p.id = ANY(${`{${hits.map((h) => h.id).join(",")}}`}::uuid[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hits.flatMap((h) => {
    const row = byId.get(h.id);
    return row ? [mapSummary(row)] : [];
  });
}
function keysOf(order) {
  if (order === "relevance") return (r) => [r.k_tier, Number(r.k_popularity), r.id];
  if (order === "newest") return (r) => [r.k_created, r.id];
  if (order === "popular") return (r) => [Number(r.k_popularity), r.id];
  return (r) => [Number(r.rating_avg), Number(r.rating_count), r.id];
}
async function plan(input, positions, version) {
  const resolved = await resolvePositions(positions, version);
  return new SearchPlan(input, tsQueries(resolved.groups, resolved.lastIsPrefix, resolved.lexemes), resolved.ceiling, version);
}
const exactPositions = (w) => w.words.map((word, i) => ({ terms: [word], folded: [w.folded[i]], prefix: w.lastIsPrefix && i === w.words.length - 1 }));
async function searchProducts(input) {
  const words = queryWords(input.q);
  if (!words) return { items: [], nextCursor: null, hasMore: false };
  const order = input.sort ?? "relevance";
  const filters = fingerprint({
    list: "search",
    q: words.key,
    type: input.type,
    categoryId: input.categoryId,
    minPrice: input.minPrice,
    maxPrice: input.maxPrice,
    sort: order
  });
  let matcher = "fts";
  let after = null;
  if (input.cursor) {
    const allowed = { [`fts:${order}`]: MODES[`fts:${order}`], [`fuzzy:${order}`]: MODES[`fuzzy:${order}`] };
    const decoded = decodeCursor$2(input.cursor, filters, allowed);
    matcher = decoded.mode.startsWith("fuzzy:") ? "fuzzy" : "fts";
    after = decoded.keys;
  }
  const cacheKey = `${filters}
${input.cursor ?? ""}
${input.pageSize}`;
  const version = await catalogVersion();
  let found = cachedHits(cacheKey, version);
  if (!found) {
    found = await chooseHits(input, words, order, matcher, after, version);
    rememberHits(cacheKey, version, found);
  }
  const page = toPage(found.hits, input.pageSize, `${found.matcher}:${order}`, filters, keysOf(order));
  return { items: await materialise(page.rows, now()), nextCursor: page.nextCursor, hasMore: page.hasMore };
}
async function chooseHits(input, words, order, matcher, after, version) {
  const limit = input.pageSize + 1;
  const fetch = (p) => order === "relevance" ? p.byRelevance(after, limit) : p.bySort(order, after, limit);
  if (matcher === "fts") {
    const hits = await fetch(await plan(input, exactPositions(words), version));
    if (hits.length > 0 || input.cursor) return { matcher, hits };
  }
  const corrected = await correctQuery(words);
  if (!corrected) return { matcher: "fuzzy", hits: [] };
  const positions = corrected.groups.map((terms, i) => ({
    terms,
    // Corrections are vocabulary words already; kept words fold like the vocabulary.
    folded: terms.length === 1 && terms[0] === words.words[i] ? [words.folded[i]] : terms,
    prefix: corrected.lastIsPrefix && i === corrected.groups.length - 1
  }));
  return { matcher: "fuzzy", hits: await fetch(await plan(input, positions, version)) };
}
function searchPolicy() {
  return { name: "search", ...config().rateLimit.search, onStoreFailure: "open" };
}
const searchRouter = router({
  search: publicProcedure$1.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/search",
      summary: "Tìm kiếm học liệu",
      description: 'Full-text search over titles, tags and descriptions, with or without Vietnamese diacritics ("giao an toan" finds "Giáo án Toán"; "dao duc" finds "Đạo đức"). The last word matches as a prefix for search-as-you-type. Without `sort`, results are ordered by relevance (title matches first). When nothing matches, a typo-tolerant fallback compares titles by trigram similarity. Limited to 30 requests per minute per client IP; every response carries RateLimit-* headers.',
      tags: ["Search"],
      envelope: "list",
      auth: "none",
      rateLimited: true,
      errors: { 400: ["validation_error"], 429: ["rate_limited"], 500: ["internal"] },
      example: catalogExamples.search
    }
  }).use(async ({ ctx, next }) => {
    await enforceRateLimit(ctx, searchPolicy(), ctx.clientIp);
    return next();
  }).input(SearchInput).output(SearchResult).query(({ input }) => searchProducts(input))
});
async function runningFlashSales(limit) {
  const now$1 = now();
  const rows = await queryRows(sql`
		SELECT ${summaryColumns(now$1)}
		FROM (
			SELECT DISTINCT f.product_id
			FROM flash_sales f
			WHERE f.starts_at <= ${ts(now$1)} AND f.ends_at > ${ts(now$1)} AND (f.stock_left IS NULL OR f.stock_left > 0)
		) running
		JOIN products p ON p.id = running.product_id
		JOIN categories c ON c.id = p.category_id
		${flashSaleJoin(now$1)}
		WHERE p.is_published AND ${outsideHiddenCategories} AND ${flashActive(now$1)}
		ORDER BY fs.ends_at, p.popularity DESC, p.id
		LIMIT ${limit}`);
  return rows.map(mapSummary);
}
async function ownedDownloadLink(userId, productId) {
  const [owned] = await db().select({ userId: productOwnerships.userId }).from(productOwnerships).where(and$1(eq(productOwnerships.userId, userId), eq(productOwnerships.productId, productId)));
  if (!owned) throw forbidden("Bạn chưa sở hữu học liệu này.");
  const issued = issueDownloadToken({ productId, userId });
  return { url: paths.download(issued.token), expiresAt: issued.expiresAt.toISOString() };
}
async function ownedProductIds(userId, productIds) {
  if (productIds.length === 0) return [];
  const rows = await db().select({ productId: productOwnerships.productId }).from(productOwnerships).where(and$1(eq(productOwnerships.userId, userId), inArray(productOwnerships.productId, [...new Set(productIds)])));
  return rows.map((r) => r.productId);
}
const storefrontRouter = router({
  /** Flash sales running now, ending soonest first (home page). */
  flashSales: publicProcedure$1.input(z.object({ limit: z.number().int().min(1).max(24).default(8) })).output(z.array(ProductSummary)).query(({ input }) => runningFlashSales(input.limit)),
  /** A download link for a product the signed-in account owns (product page: "Đã mua → Tải về"). */
  ownedDownload: sessionProcedure.input(z.object({ productId: z.uuid() })).output(z.object({ url: z.string(), expiresAt: z.iso.datetime() })).query(({ ctx, input }) => ownedDownloadLink(ctx.session.user.id, input.productId)),
  /** Which of the listed products the signed-in account owns (music page: download an owned paid track, else "Mua"). */
  ownedProducts: sessionProcedure.input(z.object({ ids: z.array(ProductId).min(1).max(50) })).output(z.array(z.string())).query(({ ctx, input }) => ownedProductIds(ctx.session.user.id, input.ids))
});
const systemRouter = router({
  /** Used by the storefront shell; proves the browser talks to tRPC directly. */
  ping: publicProcedure$1.output(z.object({ service: z.literal("hoclieu"), time: z.string() })).query(() => ({ service: "hoclieu", time: now().toISOString() }))
});
async function validateTopupPromo(userId, code, amountVnd) {
  const evaluation = await evaluateTopupPromo(db(), code, userId, amountVnd);
  if (!evaluation.ok) return { valid: false, reason: "invalid" };
  return {
    valid: true,
    discountVnd: evaluation.discountVnd.toString(),
    finalAmountVnd: (amountVnd - evaluation.discountVnd).toString(),
    description: evaluation.promo.description
  };
}
const tags$1 = ["Top-up"];
const MINUTE = 6e4;
const orderPolicy = () => ({ name: "topup-order", limit: config().topupOrderRateLimit, windowMs: MINUTE, onStoreFailure: "closed" });
const promoPolicy = () => ({ name: "topup-promo", limit: config().topupPromoRateLimit, windowMs: MINUTE, onStoreFailure: "closed" });
const exampleOrder = {
  id: "6f1c2a9e-0000-4000-8000-000000000000",
  status: "PENDING",
  amountVnd: "200000",
  bonusVnd: "20000",
  promoDiscountVnd: "10000",
  totalAmountVnd: "190000",
  paymentMethod: "qr_direct",
  qrUrl: "data:image/png;base64,iVBORw0KGgo…",
  expiresAt: "2026-01-15T09:00:00.000Z",
  paymentRef: "HL7K2MQX9A",
  paymentInstructions: "Quét mã QR bằng ứng dụng ngân hàng, hoặc chuyển khoản 190.000 ₫ … nội dung: HL7K2MQX9A.",
  paidAt: null,
  createdAt: "2026-01-15T08:30:00.000Z",
  returnTo: "/vi"
};
const topupRouter = router({
  denominations: publicProcedure$1.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/topup/denominations",
      scopes: ["catalog:read"],
      summary: "Top-up denominations",
      description: "Active denominations in display order, with the bonus percent each earns.",
      tags: tags$1,
      envelope: "object",
      auth: "none",
      errors: {},
      example: [{ id: "b1d0c3e2-0000-4000-8000-000000000000", amountVnd: "200000", bonusRatePct: 10, isActive: true, sortOrder: 30, tag: "Phổ biến", isPopular: true }]
    }
  }).input(z.object({})).output(z.array(Denomination)).query(() => listActiveDenominations()),
  createOrder: sessionProcedure.meta({
    openapi: {
      method: "POST",
      path: "/api/v1/topup/orders",
      scopes: ["topup:write"],
      summary: "Create a top-up order",
      description: "Creates a pending top-up paid by VietQR bank transfer. Once the transfer of `totalAmountVnd` with the `paymentRef` as its content is confirmed, `amountVnd` is credited to the main pocket and `bonusVnd` to the bonus pocket. Unpaid top-ups expire at `expiresAt`.",
      tags: tags$1,
      envelope: "object",
      auth: "session",
      rateLimited: true,
      sameOrigin: true,
      errors: {
        400: ["validation_error"],
        401: ["unauthenticated"],
        409: ["promo_cap_reached"],
        422: ["wallet_balance_overflow"],
        429: ["rate_limited"],
        503: ["payment_processing"]
      },
      example: exampleOrder
    }
  }).input(CreateTopupOrderInput).output(TopupOrder).mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, orderPolicy(), `user:${ctx.session.user.id}`);
    return createTopupOrder(ctx.session.user.id, input);
  }),
  getOrder: sessionProcedure.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/topup/orders/{id}",
      scopes: ["topup:read"],
      summary: "Poll a top-up order",
      description: "One of the caller's top-ups. A pending top-up carries its payment QR; a top-up past its expiry is reported EXPIRED.",
      tags: tags$1,
      envelope: "object",
      auth: "session",
      errors: { 401: ["unauthenticated"], 404: ["not_found"] },
      example: exampleOrder
    }
  }).input(TopupOrderIdInput).output(TopupOrder).query(({ ctx, input }) => getTopupOrder(ctx.session.user.id, input.id)),
  validatePromo: sessionProcedure.meta({
    openapi: {
      method: "POST",
      path: "/api/v1/topup/promos/validate",
      scopes: ["promos:validate"],
      summary: "Check a top-up promo code",
      description: "Computes the discount a promo code gives on a top-up amount without reserving it. Unknown, expired, exhausted or not-applicable codes answer 200 with `valid: false`.",
      tags: tags$1,
      envelope: "object",
      auth: "session",
      rateLimited: true,
      errors: { 400: ["validation_error"], 401: ["unauthenticated"], 429: ["rate_limited"] },
      example: { valid: true, discountVnd: "10000", finalAmountVnd: "190000", description: "Giảm 5% tối đa 10.000 ₫" }
    }
  }).input(TopupPromoValidateInput).output(TopupPromoResult).mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, promoPolicy(), `user:${ctx.session.user.id}`);
    return validateTopupPromo(ctx.session.user.id, input.code, BigInt(input.amountVnd));
  })
});
const WalletBalance = z.object({ main: MoneyVnd, bonus: MoneyVnd, total: MoneyVnd });
const LedgerEntry = z.object({
  entryType: z.enum(["TOPUP", "PURCHASE", "BONUS", "REFUND", "ADJUSTMENT"]),
  direction: z.enum(["CREDIT", "DEBIT"]),
  /** Additive: which pocket the change touched. */
  pocket: z.enum(["main", "bonus"]),
  amount: MoneyVnd,
  /** main + bonus right after this change. */
  balanceAfter: MoneyVnd,
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime()
});
const LedgerQuery = z.object({
  cursor: z.string().min(1).max(512).optional(),
  pageSize: z.number().int().min(1).max(100).default(20)
});
const LedgerPage = z.object({ items: z.array(LedgerEntry), ...pageFields });
function decodeCursor(cursor) {
  const value = verifyJson("cursor", cursor);
  if (value?.kind !== "ledger" || typeof value.before !== "string" || !/^[0-9]{1,19}$/.test(value.before)) {
    throw badRequest("Con trỏ phân trang không hợp lệ.", { fields: [{ path: "cursor", message: "invalid cursor" }] });
  }
  return BigInt(value.before);
}
async function listLedger(userId, opts) {
  const before = opts.cursor === void 0 ? void 0 : decodeCursor(opts.cursor);
  const rows = await db().select().from(walletLedger).where(and$1(eq(walletLedger.userId, userId), before === void 0 ? void 0 : lt(walletLedger.id, before))).orderBy(desc(walletLedger.id)).limit(opts.pageSize + 1);
  const page = rows.slice(0, opts.pageSize);
  const hasMore = rows.length > opts.pageSize;
  const last = page.at(-1);
  const items = page.map((r) => ({
    entryType: r.entryType,
    direction: r.direction,
    pocket: r.pocket,
    amount: r.amount.toString(),
    balanceAfter: r.balanceAfter.toString(),
    refType: r.refType,
    refId: r.refId,
    note: r.note,
    createdAt: r.createdAt.toISOString()
  }));
  return {
    items,
    hasMore,
    nextCursor: hasMore && last ? signJson("cursor", { kind: "ledger", before: last.id.toString() }) : null
  };
}
const tags = ["Wallet"];
const walletRouter = router({
  balance: sessionProcedure.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/wallet/balance",
      scopes: ["wallet:read"],
      summary: "Wallet balance",
      description: "The signed-in user's main (paid) and bonus (promotional) pockets and their total, in VND.",
      tags,
      envelope: "object",
      auth: "session",
      errors: { 401: ["unauthenticated"] },
      example: { main: "150000", bonus: "20000", total: "170000" }
    }
  }).input(z.object({})).output(WalletBalance).query(async ({ ctx }) => {
    const b = await getBalance(db(), ctx.session.user.id);
    return { main: b.main.toString(), bonus: b.bonus.toString(), total: b.total.toString() };
  }),
  ledger: sessionProcedure.meta({
    openapi: {
      method: "GET",
      path: "/api/v1/wallet/ledger",
      scopes: ["wallet:read"],
      summary: "Wallet ledger",
      description: "Every change of the wallet, newest first: top-ups, bonuses, purchases, refunds and adjustments. `balanceAfter` is the wallet total right after the change.",
      tags,
      envelope: "list",
      auth: "session",
      errors: { 400: ["validation_error"], 401: ["unauthenticated"] },
      example: {
        items: [
          {
            entryType: "TOPUP",
            direction: "CREDIT",
            pocket: "main",
            amount: "200000",
            balanceAfter: "200000",
            refType: "topup",
            refId: "6f1c2a9e-0000-4000-8000-000000000000",
            note: "Nạp 200.000 ₫ vào ví (mã HL7K2MQX9A).",
            createdAt: "2026-01-15T08:30:00.000Z"
          }
        ],
        nextCursor: null,
        hasMore: false
      }
    }
  }).input(LedgerQuery).output(LedgerPage).query(({ ctx, input }) => listLedger(ctx.session.user.id, input))
});
const appRouter = router({
  accountPages: accountPagesRouter,
  auth: authRouter,
  catalog: catalogRouter,
  search: searchRouter,
  storefront: storefrontRouter,
  system: systemRouter,
  music: musicRouter,
  testing: testingRouter,
  wallet: walletRouter,
  topup: topupRouter,
  giftcode: giftcodeRouter,
  moneyTesting: moneyTestingRouter,
  checkout: checkoutRouter,
  downloads: downloadsRouter,
  checkoutTesting: checkoutTestingRouter
});

export { PRODUCT_PATH_PREFIX as P, appRouter as a, createCallerFactory as c };
//# sourceMappingURL=app-router.js-DteJZ6ep.js.map
