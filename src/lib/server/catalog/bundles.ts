/**
 * Bundles (README, Bundles): a `COMBO` product made of 2 or more other
 * products on sale, listed in the order chosen. Its author picks from their
 * own published products while the bundle is a draft (or rejected); staff
 * pick from any product at any time, audited. Buying the bundle grants each
 * item and a buyer who owns some items already pays less ("Mua nốt bộ"): both
 * rules live in SQL (drizzle migration "bundles": grant_bundle_items,
 * buyer_quote), so the page below and every checkout path agree.
 */
import { sql } from 'drizzle-orm';
import type { Bundle, SetBundleItemsInput } from '../../contracts/bundles';
import { formatVndText } from '../../format';
import { productTypeInfo } from '../../product-types';
import type { ProductType } from '../db/schema';
import { recordAudit } from '../admin/audit';
import { db, type DbOrTx, type Tx } from '../db/client';
import { isUuid } from '../db/ids';
import { queryRows } from '../db/rows';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { ts } from './pricing';

const missing = () => notFound('Không tìm thấy học liệu.');
const notABundle = () => notFound('Học liệu này không phải là một bộ tài liệu.');

interface ItemRow {
	id: string;
	title: string;
	type: Bundle['items'][number]['type'];
	full_path: string;
	price_vnd: string;
	is_published: boolean;
	owned: boolean;
}

interface QuoteRow {
	effective: string;
	credit: string;
	pay: string;
}

/**
 * The bundle as a buyer sees it: its items, whether each is on sale and owned
 * by `buyerId`, and buyer_quote's price for that buyer. Undefined when the
 * product has no items (or, with `publishedOnly`, is not on sale).
 */
export async function bundleOf(productId: string, buyerId: string | null, o: { publishedOnly: boolean }, tx: DbOrTx = db()): Promise<Bundle | undefined> {
	if (!isUuid(productId)) return undefined;
	const at = now();
	const items = await queryRows<ItemRow>(
		sql`SELECT i.id::text AS id, i.title, i.type, c.path || '/' || i.slug AS full_path, i.price_vnd::text AS price_vnd, i.is_published,
				EXISTS (SELECT 1 FROM product_ownerships w WHERE w.user_id = ${buyerId}::uuid AND w.product_id = i.id) AS owned
			FROM bundle_items bi
			JOIN products b ON b.id = bi.bundle_id
			JOIN products i ON i.id = bi.item_id
			JOIN categories c ON c.id = i.category_id
			WHERE bi.bundle_id = ${productId}::uuid AND (b.is_published OR NOT ${o.publishedOnly}::boolean)
			ORDER BY bi.position`,
		tx
	);
	if (items.length === 0) return undefined;
	const [quote] = await queryRows<QuoteRow>(sql`SELECT effective, credit, pay FROM buyer_quote(${buyerId}::uuid, ${productId}::uuid, ${ts(at)})`, tx);
	return {
		productId,
		items: items.map((i) => ({
			productId: i.id,
			title: i.title,
			type: i.type,
			fullPath: i.is_published ? i.full_path : null,
			priceVnd: i.price_vnd,
			onSale: i.is_published,
			owned: i.owned
		})),
		itemsTotalVnd: items.reduce((sum, i) => sum + BigInt(i.price_vnd), 0n).toString(),
		priceVnd: quote!.effective,
		onSale: items.every((i) => i.is_published),
		ownedCount: items.filter((i) => i.owned).length,
		creditVnd: quote!.credit,
		payVnd: quote!.pay
	};
}

/** A published bundle for its page and for third parties; 404 for anything else. */
export async function publishedBundle(productId: string, buyerId: string | null): Promise<Bundle> {
	const bundle = await bundleOf(productId, buyerId, { publishedOnly: true });
	if (!bundle) throw notABundle();
	return bundle;
}

/** An author's own bundle in any status, for the studio; 404 for someone else's product or one without items. */
export async function authorsBundle(authorId: string, productId: string): Promise<Bundle> {
	if (!isUuid(productId)) throw missing();
	const [row] = await queryRows<{ author_id: string | null }>(sql`SELECT author_id::text AS author_id FROM products WHERE id = ${productId}::uuid`);
	if (row?.author_id !== authorId) throw missing();
	const bundle = await bundleOf(productId, null, { publishedOnly: false });
	if (!bundle) throw notABundle();
	return bundle;
}

/** Any bundle in any status, for staff; 404 for a product without items. */
export async function anyBundle(productId: string): Promise<Bundle> {
	const bundle = await bundleOf(productId, null, { publishedOnly: false });
	if (!bundle) throw notABundle();
	return bundle;
}

/** Who is choosing the items: an author (their own products only) or staff (any, audited). */
export type BundleEditor = { kind: 'author'; id: string } | { kind: 'staff'; id: string };

interface BundleRow {
	id: string;
	type: ProductType;
	status: string;
	author_id: string | null;
	price_vnd: string;
	in_other_bundle: boolean;
}

interface CandidateRow {
	id: string;
	title: string;
	type: string;
	is_published: boolean;
	author_id: string | null;
	price_vnd: string;
	is_bundle: boolean;
}

const itemProblem = (index: number, message: string) => badRequest(message, { reason: 'bad_item', fields: [{ path: `itemIds.${index}`, message }] });

function checkItems(editor: BundleEditor, bundle: BundleRow, itemIds: string[], found: Map<string, CandidateRow>): void {
	const seen = new Set<string>();
	itemIds.forEach((id, index) => {
		if (id === bundle.id) throw itemProblem(index, 'Một bộ không thể chứa chính nó.');
		if (seen.has(id)) throw itemProblem(index, 'Tài liệu này đã có trong bộ; mỗi tài liệu chỉ chọn một lần.');
		seen.add(id);
		const item = found.get(id);
		if (!item) throw itemProblem(index, 'Không tìm thấy tài liệu này.');
		if (editor.kind === 'author' && item.author_id !== editor.id) throw itemProblem(index, `“${item.title}” không phải học liệu của bạn: tác giả chỉ gộp được học liệu của chính mình.`);
		if (!item.is_published) throw itemProblem(index, `“${item.title}” không đang bán nên không thể đưa vào bộ.`);
		if (item.is_bundle) throw itemProblem(index, `“${item.title}” đã là một bộ tài liệu; không thể lồng bộ trong bộ.`);
	});
	const total = itemIds.reduce((sum, id) => sum + BigInt(found.get(id)!.price_vnd), 0n);
	const price = BigInt(bundle.price_vnd);
	if (price >= total) {
		throw badRequest(`Giá bộ (${formatVndText(price)}) phải thấp hơn tổng giá các tài liệu trong bộ (${formatVndText(total)}).`, {
			reason: 'bundle_not_cheaper',
			priceVnd: price.toString(),
			itemsTotalVnd: total.toString(),
			fields: [{ path: 'itemIds', message: 'Tổng giá các tài liệu phải cao hơn giá bộ.' }]
		});
	}
}

async function lockBundle(tx: Tx, editor: BundleEditor, id: string): Promise<BundleRow> {
	const [bundle] = await queryRows<BundleRow>(
		sql`SELECT p.id::text AS id, p.type, p.status, p.author_id::text AS author_id, p.price_vnd::text AS price_vnd,
				EXISTS (SELECT 1 FROM bundle_items bi WHERE bi.item_id = p.id) AS in_other_bundle
			FROM products p WHERE p.id = ${id}::uuid FOR UPDATE OF p`,
		tx
	);
	// Another author's product answers 404, exactly like a missing one.
	if (!bundle || (editor.kind === 'author' && bundle.author_id !== editor.id)) throw missing();
	if (!productTypeInfo[bundle.type].bundles) {
		throw badRequest('Chỉ học liệu loại Combo mới gộp được các tài liệu khác thành bộ.', { reason: 'not_combo', fields: [{ path: 'id', message: 'Học liệu này không phải loại Combo.' }] });
	}
	if (editor.kind === 'author' && bundle.status !== 'draft' && bundle.status !== 'rejected') {
		throw new AppError('conflict', 'Chỉ đổi được các tài liệu trong bộ khi bộ là bản nháp hoặc bị từ chối. Bộ đang chờ duyệt hoặc đang bán do quản trị viên chỉnh sửa.', { status: bundle.status });
	}
	if (bundle.in_other_bundle) throw new AppError('conflict', 'Học liệu này đang nằm trong một bộ khác nên không thể trở thành bộ (không lồng bộ trong bộ).', { reason: 'nested_bundle' });
	return bundle;
}

/**
 * Replaces a bundle's items. Items are read FOR SHARE so none is taken down or
 * made a bundle while this commits. What buyers already got is not changed:
 * ownership granted by earlier purchases stays as it was.
 */
export async function setBundleItems(editor: BundleEditor, input: SetBundleItemsInput): Promise<Bundle> {
	// A Postgres array literal: drizzle would spread a JavaScript array into a list of parameters. The ids are UUIDs (the input schema).
	const ids = `{${input.itemIds.join(',')}}`;
	await db().transaction(async (tx) => {
		const bundle = await lockBundle(tx, editor, input.id);
		const candidates = await queryRows<CandidateRow>(
			sql`SELECT p.id::text AS id, p.title, p.type, p.is_published, p.author_id::text AS author_id, p.price_vnd::text AS price_vnd,
					EXISTS (SELECT 1 FROM bundle_items bi WHERE bi.bundle_id = p.id) AS is_bundle
				FROM products p WHERE p.id = ANY(${ids}::uuid[]) FOR SHARE OF p`,
			tx
		);
		checkItems(editor, bundle, input.itemIds, new Map(candidates.map((c) => [c.id, c])));
		const before = await queryRows<{ item_id: string }>(
			sql`DELETE FROM bundle_items WHERE bundle_id = ${bundle.id}::uuid RETURNING item_id::text AS item_id`,
			tx
		);
		const at = now();
		await queryRows(
			sql`INSERT INTO bundle_items (bundle_id, item_id, position, created_at)
				SELECT ${bundle.id}::uuid, item, ord::int - 1, ${at.toISOString()}::timestamptz FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS t(item, ord)`,
			tx
		);
		if (editor.kind === 'staff') {
			await recordAudit(tx, {
				actorId: editor.id,
				action: 'product.bundle_items',
				targetType: 'product',
				targetId: bundle.id,
				summary: { before: { itemIds: before.map((r) => r.item_id) }, after: { itemIds: input.itemIds } }
			});
		}
	});
	return (await bundleOf(input.id, null, { publishedOnly: false }))!;
}
