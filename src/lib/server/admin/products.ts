/**
 * Staff product operations (issue #16, console): the review queue, approve /
 * reject with a reason, publish / unpublish, edit any product, and rename or
 * move one. Every change writes its audit row (before/after) in the same
 * transaction. A rename or move keeps the old path answering 308 through
 * product_aliases (GET /api/v1/catalog/products/{fullPath}); aliases always point at the product, so chains
 * stay one hop.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AdminEditInput, AdminProduct, AdminProductQuery, MoveInput, ProductStatusValue } from '../../contracts/studio';
import { db, type Tx } from '../db/client';
import { categories, productAliases, productReviews, products, type ReviewDecision } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { productView, productViews } from '../studio/product-view';
import { recordAudit } from './audit';
import { productDecision } from '../notifications/events';

const missing = () => notFound('Không tìm thấy học liệu.');

export async function listProducts(query: AdminProductQuery) {
	const conditions: SQL[] = [sql`true`];
	if (query.q) conditions.push(sql`strpos(immutable_unaccent(lower(p.title)), immutable_unaccent(lower(${query.q}))) > 0`);
	if (query.status) conditions.push(sql`p.status = ${query.status}`);
	if (query.authorId) conditions.push(sql`p.author_id = ${query.authorId}::uuid`);
	const LIMIT = 100;
	const rows = await productViews(sql.join(conditions, sql` AND `), LIMIT + 1);
	return { items: rows.slice(0, LIMIT), nextCursor: null, hasMore: rows.length > LIMIT };
}

/** Submissions waiting for a decision, oldest change first would be fairer, but the newest is what staff asked to see first. */
export async function reviewQueue() {
	return listProducts({ status: 'in_review' });
}

export async function adminProduct(id: string): Promise<AdminProduct> {
	const p = await productView(id);
	if (!p) throw missing();
	return p;
}

async function lockProduct(tx: Tx, id: string) {
	const [p] = await tx.select().from(products).where(eq(products.id, id)).for('update');
	if (!p) throw missing();
	return p;
}

const TRANSITIONS: Record<'approve' | 'reject' | 'publish' | 'unpublish', { from: ProductStatusValue[]; to: ProductStatusValue; decision: ReviewDecision; message: string }> = {
	approve: { from: ['in_review'], to: 'published', decision: 'approved', message: 'Chỉ duyệt được học liệu đang chờ duyệt.' },
	reject: { from: ['in_review'], to: 'rejected', decision: 'rejected', message: 'Chỉ từ chối được học liệu đang chờ duyệt.' },
	publish: { from: ['unpublished', 'suspended'], to: 'published', decision: 'published', message: 'Chỉ mở bán lại được học liệu đã ngừng bán hoặc bị đình chỉ. Học liệu mới phải qua duyệt.' },
	unpublish: { from: ['published'], to: 'unpublished', decision: 'unpublished', message: 'Chỉ ngừng bán được học liệu đang bán.' }
};

export async function changeStatus(actorId: string, id: string, action: keyof typeof TRANSITIONS, reason?: string): Promise<AdminProduct> {
	const t = TRANSITIONS[action];
	await db().transaction(async (tx) => {
		const p = await lockProduct(tx, id);
		if (!t.from.includes(p.status)) throw new AppError('conflict', t.message, { status: p.status });
		// Nothing without a file may go on sale: buyers would pay for nothing.
		if (t.to === 'published' && !p.fileKey) throw new AppError('conflict', 'Học liệu chưa có tệp bán nên không thể mở bán.', { status: p.status });
		const at = now();
		await tx.update(products).set({ status: t.to, updatedAt: at }).where(eq(products.id, id));
		await tx.insert(productReviews).values({ productId: id, decision: t.decision, reason: reason ?? null, actorId, createdAt: at });
		await recordAudit(tx, {
			actorId,
			action: `product.${action}`,
			targetType: 'product',
			targetId: id,
			summary: { before: { status: p.status }, after: { status: t.to, ...(reason ? { reason } : {}) } }
		});
		await productDecision(tx, id, action, reason);
	});
	return adminProduct(id);
}

export async function editProduct(actorId: string, input: AdminEditInput): Promise<AdminProduct> {
	const { id, priceVnd, ...fields } = input;
	await db().transaction(async (tx) => {
		const p = await lockProduct(tx, id);
		const changes: Record<string, unknown> = { ...fields, ...(priceVnd !== undefined ? { priceVnd } : {}) };
		const current: Record<string, unknown> = { title: p.title, description: p.description, type: p.type, priceVnd: p.priceVnd.toString(), tags: p.tags };
		const changed = Object.keys(changes).filter((k) => JSON.stringify(changes[k]) !== JSON.stringify(current[k]));
		if (changed.length === 0) return;
		await tx
			.update(products)
			.set({ ...fields, ...(priceVnd !== undefined ? { priceVnd: BigInt(priceVnd) } : {}), updatedAt: now() })
			.where(eq(products.id, id));
		// Descriptions can be long; the audit keeps their length, not their text.
		const brief = (k: string, v: unknown) => (k === 'description' ? { length: String(v).length } : v);
		await recordAudit(tx, {
			actorId,
			action: 'product.edit',
			targetType: 'product',
			targetId: id,
			summary: {
				before: Object.fromEntries(changed.map((k) => [k, brief(k, current[k])])),
				after: Object.fromEntries(changed.map((k) => [k, brief(k, changes[k])]))
			}
		});
	});
	return adminProduct(id);
}

/**
 * Rename (new slug) and/or move (new category). The old full path becomes an
 * alias of the product, so it answers 308 to the new one; a path already
 * taken by another product is refused (409) and nothing changes.
 */
export async function moveProduct(actorId: string, input: MoveInput): Promise<AdminProduct> {
	await db().transaction(async (tx) => {
		const p = await lockProduct(tx, input.id);
		const [from] = await tx.select({ path: categories.path }).from(categories).where(eq(categories.id, p.categoryId));
		const categoryId = input.categoryId ?? p.categoryId;
		const [to] = await tx.select({ path: categories.path }).from(categories).where(and(eq(categories.id, categoryId), eq(categories.isActive, true)));
		if (!to) throw badRequest('Danh mục không tồn tại.', { fields: [{ path: 'categoryId', message: 'Danh mục không tồn tại.' }] });
		const slug = input.slug ?? p.slug;
		const oldPath = `${from!.path}/${p.slug}`;
		const newPath = `${to.path}/${slug}`;
		if (newPath === oldPath) return;
		const [taken] = await tx
			.select({ id: products.id })
			.from(products)
			.where(and(eq(products.categoryId, categoryId), eq(products.slug, slug), ne(products.id, p.id)));
		if (taken) throw new AppError('conflict', `Đường dẫn ${newPath} đã thuộc về một học liệu khác.`, { path: newPath });
		await tx.update(products).set({ categoryId, slug, updatedAt: now() }).where(eq(products.id, p.id));
		// The new path is the product's own now: an alias there (of anyone) would only shadow it.
		await tx.delete(productAliases).where(eq(productAliases.path, newPath));
		await tx
			.insert(productAliases)
			.values({ path: oldPath, productId: p.id, createdAt: now() })
			.onConflictDoUpdate({ target: productAliases.path, set: { productId: p.id } });
		await recordAudit(tx, {
			actorId,
			action: 'product.move',
			targetType: 'product',
			targetId: p.id,
			summary: { before: { path: oldPath }, after: { path: newPath } }
		});
	});
	return adminProduct(input.id);
}
