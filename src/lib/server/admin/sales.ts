/**
 * Staff sale windows and flash sales (issue #16, pricing). What a buyer pays
 * stays decided by effective_price() (catalog/pricing.ts); this module
 * only writes the rows it reads, each change audited in its transaction. The
 * catalog_version triggers on products and flash_sales drop cached searches.
 */
import { eq, sql } from 'drizzle-orm';
import type { AdminFlashSale, CreateFlashSaleInput, FlashSaleQuery, ProductSale, SetSaleInput } from '../../contracts/admin-sales';
import { ts } from '../catalog/pricing';
import { db, type DbOrTx, type Tx } from '../db/client';
import { queryRows } from '../db/rows';
import { flashSales, products } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { formatVndText } from '../../format';
import { now } from '../platform/clock';
import { recordAudit } from './audit';

const productMissing = () => notFound('Không tìm thấy học liệu.');
const fieldError = (path: string, message: string) => badRequest(message, { fields: [{ path, message }] });

type ProductRow = typeof products.$inferSelect;

async function lockProduct(tx: Tx, id: string): Promise<ProductRow> {
	const [p] = await tx.select().from(products).where(eq(products.id, id)).for('update');
	if (!p) throw productMissing();
	return p;
}

/** Running = the buyer pays the sale price now: regular_price() (the SQL pricing rule) says so, not a copy of it here. */
async function saleView(tx: DbOrTx, p: ProductRow, at: Date): Promise<ProductSale> {
	const [row] = await queryRows<{ running: boolean }>(
		sql`SELECT regular_price(${p.priceVnd.toString()}::bigint, ${p.salePriceVnd?.toString() ?? null}::bigint, ${p.saleEndsAt?.toISOString() ?? null}::timestamptz, ${ts(at)})
			< ${p.priceVnd.toString()}::bigint AS running`,
		tx
	);
	return {
		productId: p.id,
		title: p.title,
		listPriceVnd: p.priceVnd.toString(),
		salePriceVnd: p.salePriceVnd?.toString() ?? null,
		endsAt: p.saleEndsAt?.toISOString() ?? null,
		running: row!.running
	};
}

export async function productSale(id: string): Promise<ProductSale> {
	const [p] = await db().select().from(products).where(eq(products.id, id));
	if (!p) throw productMissing();
	return saleView(db(), p, now());
}

/** A sale price below the list price, until `endsAt` (in the future) or until staff end it. */
export async function setSale(actorId: string, input: SetSaleInput): Promise<ProductSale> {
	const at = now();
	const salePriceVnd = BigInt(input.salePriceVnd);
	const endsAt = input.endsAt ? new Date(input.endsAt) : null;
	if (endsAt && endsAt.getTime() <= at.getTime()) throw fieldError('endsAt', 'Thời điểm kết thúc phải ở tương lai.');
	return db().transaction(async (tx) => {
		const before = await lockProduct(tx, input.id);
		if (salePriceVnd >= before.priceVnd) {
			throw fieldError('salePriceVnd', `Giá khuyến mãi phải thấp hơn giá niêm yết (${formatVndText(before.priceVnd)}).`);
		}
		const [after] = await tx.update(products).set({ salePriceVnd, saleEndsAt: endsAt, updatedAt: at }).where(eq(products.id, input.id)).returning();
		await recordAudit(tx, {
			actorId,
			action: 'product.sale.set',
			targetType: 'product',
			targetId: input.id,
			summary: { before: await saleView(tx, before, at), after: await saleView(tx, after!, at) }
		});
		return saleView(tx, after!, at);
	});
}

/** Back to the list price at once. Ending a product that has no sale changes nothing and writes no audit row. */
export async function clearSale(actorId: string, id: string): Promise<ProductSale> {
	const at = now();
	return db().transaction(async (tx) => {
		const before = await lockProduct(tx, id);
		if (before.salePriceVnd === null && before.saleEndsAt === null) return saleView(tx, before, at);
		const [after] = await tx.update(products).set({ salePriceVnd: null, saleEndsAt: null, updatedAt: at }).where(eq(products.id, id)).returning();
		await recordAudit(tx, { actorId, action: 'product.sale.clear', targetType: 'product', targetId: id, summary: { before: await saleView(tx, before, at) } });
		return saleView(tx, after!, at);
	});
}

interface FlashRow {
	id: string;
	product_id: string;
	title: string;
	full_path: string;
	price_vnd: string;
	sale_price_vnd: string;
	starts_at: Date | string;
	ends_at: Date | string;
	stock_cap: number | null;
	stock_left: number | null;
	created_at: Date | string;
}

function flashState(r: FlashRow, at: Date): AdminFlashSale['state'] {
	if (new Date(r.ends_at).getTime() <= at.getTime()) return 'ended';
	if (new Date(r.starts_at).getTime() > at.getTime()) return 'upcoming';
	return r.stock_cap !== null && (r.stock_left ?? 0) <= 0 ? 'sold_out' : 'running';
}

function flashView(r: FlashRow, at: Date): AdminFlashSale {
	return {
		id: r.id,
		productId: r.product_id,
		title: r.title,
		fullPath: r.full_path,
		listPriceVnd: r.price_vnd,
		salePriceVnd: r.sale_price_vnd,
		startsAt: new Date(r.starts_at).toISOString(),
		endsAt: new Date(r.ends_at).toISOString(),
		stockCap: r.stock_cap,
		stockLeft: r.stock_left,
		taken: r.stock_cap === null ? null : r.stock_cap - (r.stock_left ?? 0),
		state: flashState(r, at),
		createdAt: new Date(r.created_at).toISOString()
	};
}

const flashSelect = sql`
	SELECT f.id::text, f.product_id::text, p.title, c.path || '/' || p.slug AS full_path, p.price_vnd::text AS price_vnd,
		f.sale_price_vnd::text AS sale_price_vnd, f.starts_at, f.ends_at, f.stock_cap, f.stock_left, f.created_at
	FROM flash_sales f JOIN products p ON p.id = f.product_id JOIN categories c ON c.id = p.category_id`;

const LIST_LIMIT = 200;

/** Not ended first (soonest end first), then the most recently ended. */
export async function listFlashSales(query: FlashSaleQuery): Promise<{ items: AdminFlashSale[]; nextCursor: null; hasMore: boolean }> {
	const at = now();
	const atSql = sql`${at.toISOString()}::timestamptz`;
	const conditions = [sql`true`];
	if (query.productId) conditions.push(sql`f.product_id = ${query.productId}::uuid`);
	if (query.state === 'ended') conditions.push(sql`f.ends_at <= ${atSql}`);
	if (query.state === 'upcoming') conditions.push(sql`f.starts_at > ${atSql}`);
	if (query.state === 'running' || query.state === 'sold_out') {
		conditions.push(sql`f.starts_at <= ${atSql} AND f.ends_at > ${atSql}`);
		const soldOut = sql`(f.stock_cap IS NOT NULL AND coalesce(f.stock_left, 0) <= 0)`;
		conditions.push(query.state === 'sold_out' ? soldOut : sql`NOT ${soldOut}`);
	}
	const rows = await queryRows<FlashRow>(sql`${flashSelect}
		WHERE ${sql.join(conditions, sql` AND `)}
		ORDER BY (f.ends_at <= ${atSql}), CASE WHEN f.ends_at > ${atSql} THEN f.ends_at END ASC, f.ends_at DESC, f.id
		LIMIT ${LIST_LIMIT + 1}`);
	return { items: rows.slice(0, LIST_LIMIT).map((r) => flashView(r, at)), nextCursor: null, hasMore: rows.length > LIST_LIMIT };
}

async function flashSaleById(tx: Tx, id: string): Promise<FlashRow | undefined> {
	const [row] = await queryRows<FlashRow>(sql`${flashSelect} WHERE f.id = ${id}::uuid`, tx);
	return row;
}

/**
 * A flash sale on a product on sale: a price below the list price, a window
 * that has not ended, optionally a stock of units. One flash sale at a time per
 * product: windows may not overlap (409), checked under the product's row lock
 * so two staff cannot both slip one in.
 */
export async function createFlashSale(actorId: string, input: CreateFlashSaleInput): Promise<AdminFlashSale> {
	const at = now();
	const startsAt = new Date(input.startsAt);
	const endsAt = new Date(input.endsAt);
	if (endsAt.getTime() <= startsAt.getTime()) throw fieldError('endsAt', 'Thời điểm kết thúc phải sau thời điểm bắt đầu.');
	if (endsAt.getTime() <= at.getTime()) throw fieldError('endsAt', 'Thời điểm kết thúc phải ở tương lai.');
	const salePriceVnd = BigInt(input.salePriceVnd);
	const stockCap = input.stockCap ?? null;
	return db().transaction(async (tx) => {
		const product = await lockProduct(tx, input.productId);
		if (product.status !== 'published') throw new AppError('conflict', 'Chỉ tạo flash sale cho học liệu đang bán.', { status: product.status });
		if (salePriceVnd >= product.priceVnd) {
			throw fieldError('salePriceVnd', `Giá flash sale phải thấp hơn giá niêm yết (${formatVndText(product.priceVnd)}).`);
		}
		const [overlap] = await queryRows<{ id: string }>(
			sql`SELECT id::text FROM flash_sales
				WHERE product_id = ${input.productId}::uuid AND starts_at < ${endsAt.toISOString()}::timestamptz AND ends_at > ${startsAt.toISOString()}::timestamptz
				LIMIT 1`,
			tx
		);
		if (overlap) throw new AppError('conflict', 'Học liệu này đã có flash sale trùng khung giờ; hãy kết thúc hoặc đổi giờ.', { flashSaleId: overlap.id });
		const [row] = await tx
			.insert(flashSales)
			.values({ productId: input.productId, startsAt, endsAt, salePriceVnd, stockCap, stockLeft: stockCap, createdAt: at })
			.returning({ id: flashSales.id });
		const view = flashView((await flashSaleById(tx, row!.id))!, at);
		await recordAudit(tx, { actorId, action: 'flash_sale.create', targetType: 'flash_sale', targetId: row!.id, summary: { after: view } });
		return view;
	});
}

/**
 * Running: it ends now (orders already holding a unit keep their price until
 * they expire). Not started: nothing can have been sold, so it is deleted.
 * Already ended: 409.
 */
export async function endFlashSale(actorId: string, id: string): Promise<{ id: string; outcome: 'ended' | 'deleted' }> {
	const at = now();
	return db().transaction(async (tx) => {
		const [locked] = await tx.select({ id: flashSales.id }).from(flashSales).where(eq(flashSales.id, id)).for('update');
		if (!locked) throw notFound('Không tìm thấy flash sale.');
		const before = flashView((await flashSaleById(tx, id))!, at);
		if (before.state === 'ended') throw new AppError('conflict', 'Flash sale này đã kết thúc.', { endsAt: before.endsAt });
		if (before.state === 'upcoming') {
			await tx.delete(flashSales).where(eq(flashSales.id, id));
			await recordAudit(tx, { actorId, action: 'flash_sale.delete', targetType: 'flash_sale', targetId: id, summary: { before } });
			return { id, outcome: 'deleted' as const };
		}
		// The window check (ends_at > starts_at) needs a strictly later end, even for a sale that started this millisecond.
		const endsAt = new Date(Math.max(at.getTime(), new Date(before.startsAt).getTime() + 1));
		await tx.update(flashSales).set({ endsAt }).where(eq(flashSales.id, id));
		await recordAudit(tx, { actorId, action: 'flash_sale.end', targetType: 'flash_sale', targetId: id, summary: { before, after: { endsAt: endsAt.toISOString() } } });
		return { id, outcome: 'ended' as const };
	});
}
