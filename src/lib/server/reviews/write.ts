/**
 * Writing a review (issue #18 item 2): only an account that owns the product
 * through a PAID order may review it, once; the author may edit it later. A
 * free claim or a staff grant is ownership but not a purchase, so it does not
 * count. The rating the catalog shows follows from the trigger of migration
 * 0023, inside the same transaction as the write.
 *
 * Trust rules (README, "Trust rules"): a product's author never reviews it,
 * and a review whose purchase was refunded (the refund hides it,
 * checkout/refund.ts) can no longer be edited.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MyReview, WriteReviewInput } from '../../contracts/reviews';
import { ts } from '../catalog/product-query';
import type { DbOrTx } from '../db/client';
import { db } from '../db/client';
import { isUuid } from '../db/ids';
import { isoTime, queryRows } from '../db/rows';
import { AppError, forbidden, notFound } from '../errors/app-error';
import { reviewWritten } from '../notifications/events';
import { now } from '../platform/clock';

const productMissing = () => notFound('Không tìm thấy học liệu này, có thể học liệu đã được gỡ xuống.');
const notABuyer = () => forbidden('Chỉ người đã mua học liệu này mới có thể viết đánh giá.');
const ownProduct = () =>
	new AppError('forbidden', 'Bạn là tác giả của học liệu này nên không thể tự đánh giá. Đánh giá chỉ dành cho người mua.', { reason: 'own_product' });
const purchaseRefunded = () =>
	new AppError('forbidden', 'Đơn hàng của bạn cho học liệu này đã được hoàn tiền nên đánh giá đã bị ẩn và không thể sửa nữa.', { reason: 'refunded' });

/** The paid order through which the account owns the product, or null. */
export async function paidPurchase(userId: string, productId: string, tx: DbOrTx = db()): Promise<string | null> {
	const [row] = await queryRows<{ order_id: string }>(
		sql`
		SELECT o.order_id FROM product_ownerships o
		JOIN orders ord ON ord.id = o.order_id AND ord.status = 'PAID' AND ord.user_id = o.user_id
		WHERE o.user_id = ${userId}::uuid AND o.product_id = ${productId}::uuid AND o.source = 'purchase'
		LIMIT 1`,
		tx
	);
	return row?.order_id ?? null;
}

interface OwnRow {
	id: string;
	stars: number;
	body: string;
	hidden_at: Date | string | null;
	created_at: Date | string;
	updated_at: Date | string;
}

function toMine(r: OwnRow): NonNullable<MyReview['review']> {
	const created = isoTime(r.created_at);
	const updated = isoTime(r.updated_at);
	return { id: r.id, stars: Number(r.stars), body: r.body, hidden: r.hidden_at !== null, createdAt: created, editedAt: updated === created ? null : updated };
}

/** The product on sale and its author (null for the house catalog), or undefined. */
async function publishedProduct(productId: string, tx: DbOrTx): Promise<{ authorId: string | null } | undefined> {
	if (!isUuid(productId)) return undefined;
	const [row] = await queryRows<{ author_id: string | null }>(sql`SELECT author_id FROM products WHERE id = ${productId}::uuid AND is_published`, tx);
	return row && { authorId: row.author_id };
}

/** The product page's view: may this account review, and what it wrote. */
export async function myReview(userId: string, productId: string): Promise<MyReview> {
	if (!isUuid(productId)) throw productMissing();
	const [own] = await queryRows<OwnRow>(sql`
		SELECT id, stars, body, hidden_at, created_at, updated_at FROM buyer_reviews
		WHERE product_id = ${productId}::uuid AND user_id = ${userId}::uuid`);
	const product = await publishedProduct(productId, db());
	const canReview = product !== undefined && product.authorId !== userId && (await paidPurchase(userId, productId)) !== null;
	return { canReview, review: own ? toMine(own) : null };
}

export async function createReview(userId: string, input: WriteReviewInput): Promise<NonNullable<MyReview['review']>> {
	return db().transaction(async (tx) => {
		const product = await publishedProduct(input.productId, tx);
		if (!product) throw productMissing();
		if (product.authorId === userId) throw ownProduct();
		const orderId = await paidPurchase(userId, input.productId, tx);
		if (!orderId) throw notABuyer();
		const at = now();
		// The unique (product, account) index decides a double submit: one row, the other gets 409.
		const [created] = await queryRows<OwnRow>(
			sql`
			INSERT INTO buyer_reviews (id, product_id, user_id, order_id, stars, body, created_at, updated_at)
			VALUES (${randomUUID()}::uuid, ${input.productId}::uuid, ${userId}::uuid, ${orderId}::uuid, ${input.stars}, ${input.body}, ${ts(at)}, ${ts(at)})
			ON CONFLICT (product_id, user_id) DO NOTHING
			RETURNING id, stars, body, hidden_at, created_at, updated_at`,
			tx
		);
		if (created) {
			if (product.authorId) await reviewWritten(tx, input.productId, product.authorId, input.stars, input.body);
			return toMine(created);
		}
		const [existing] = await queryRows<{ id: string }>(sql`SELECT id FROM buyer_reviews WHERE product_id = ${input.productId}::uuid AND user_id = ${userId}::uuid`, tx);
		throw new AppError('conflict', 'Bạn đã đánh giá học liệu này rồi. Hãy sửa đánh giá cũ thay vì viết thêm.', { reviewId: existing?.id ?? null });
	});
}

/**
 * The author edits stars and text; a review staff hid stays hidden (editing is
 * not an appeal). Editing needs the paid purchase still held: once it is
 * refunded the review is frozen as well as hidden.
 */
export async function updateReview(userId: string, input: WriteReviewInput): Promise<NonNullable<MyReview['review']>> {
	if (!isUuid(input.productId)) throw productMissing();
	return db().transaction(async (tx) => {
		const [own] = await queryRows<{ id: string }>(
			sql`SELECT id FROM buyer_reviews WHERE product_id = ${input.productId}::uuid AND user_id = ${userId}::uuid FOR UPDATE`,
			tx
		);
		if (!own) throw notFound('Bạn chưa có đánh giá nào cho học liệu này để sửa.');
		// A refund hides the review under this same row lock: an edit lands before the refund or is refused after it.
		if ((await paidPurchase(userId, input.productId, tx)) === null) throw purchaseRefunded();
		const [updated] = await queryRows<OwnRow>(
			sql`
			UPDATE buyer_reviews SET stars = ${input.stars}, body = ${input.body}, updated_at = ${ts(now())}
			WHERE id = ${own.id}::uuid
			RETURNING id, stars, body, hidden_at, created_at, updated_at`,
			tx
		);
		return toMine(updated!);
	});
}
