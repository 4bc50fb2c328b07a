/**
 * An author's own products (issue #16): drafts made of the author's verified
 * uploads, edited while `draft` or `rejected`, then submitted for review.
 * Submitting copies the sold file and the cover to product keys and sets
 * file_key / file_sha256 / cover_image_url, so later changes to the uploads
 * can never change what buyers get. A published product is changed by staff
 * (audited), never silently by its author.
 *
 * Someone else's product answers 404, exactly like a missing one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { CreateDraftInput, StudioProduct, UpdateDraftInput } from '../../contracts/studio';
import { slugify } from '../catalog/paths';
import { db, type Tx } from '../db/client';
import { categories, productDrafts, productReviews, products, uploads, type UploadPurpose } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { storage } from '../platform/storage';
import { checkInReviewQuota } from '../uploads/quotas';
import { productView, productViews } from './product-view';
import { coverKeyFor, coverUrlFor, productFileKeyFor } from './product-media';
import { newSubmission } from '../notifications/events';

const missing = () => notFound('Không tìm thấy học liệu.');

const toStudio = ({ authorId: _a, authorName: _n, ...p }: NonNullable<Awaited<ReturnType<typeof productView>>>): StudioProduct => p;

export async function checkCategory(tx: Tx, categoryId: string): Promise<void> {
	const [c] = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.id, categoryId), eq(categories.isActive, true)));
	if (!c) throw badRequest('Danh mục không tồn tại.', { fields: [{ path: 'categoryId', message: 'Danh mục không tồn tại.' }] });
}

const UPLOAD_FIELDS: Record<'fileUploadId' | 'coverUploadId' | 'previewUploadId', UploadPurpose> = {
	fileUploadId: 'file',
	coverUploadId: 'cover',
	previewUploadId: 'preview'
};

/** Every referenced upload must be the author's own, verified, and uploaded for that purpose. */
async function checkUploads(tx: Tx, ownerId: string, refs: Partial<Record<keyof typeof UPLOAD_FIELDS, string | null>>): Promise<void> {
	for (const [field, purpose] of Object.entries(UPLOAD_FIELDS) as [keyof typeof UPLOAD_FIELDS, UploadPurpose][]) {
		const id = refs[field];
		if (!id) continue;
		// FOR SHARE: the unattached-upload sweep (uploads/uploads.ts) skips an upload while it is being attached.
		const [u] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('share');
		const problem = !u || u.ownerId !== ownerId
			? 'Không tìm thấy tệp đã tải lên này trong tài khoản của bạn.'
			: u.status !== 'verified'
				? 'Tệp này chưa được xác minh. Hãy hoàn tất tải lên trước.'
				: u.purpose !== purpose
					? `Tệp này được tải lên cho mục đích "${u.purpose}", không dùng được ở đây.`
					: null;
		if (problem) throw badRequest(problem, { reason: 'upload_not_usable', fields: [{ path: field, message: problem }] });
	}
}

async function ownedForUpdate(tx: Tx, authorId: string, id: string) {
	const [p] = await tx.select().from(products).where(eq(products.id, id)).for('update');
	if (!p || p.authorId !== authorId) throw missing();
	return p;
}

function refuseUnlessEditable(status: string): void {
	if (status !== 'draft' && status !== 'rejected') {
		throw new AppError('conflict', 'Chỉ sửa được học liệu ở trạng thái bản nháp hoặc bị từ chối. Học liệu đang chờ duyệt hoặc đang bán do quản trị viên chỉnh sửa.', { status });
	}
}

export async function createDraft(authorId: string, input: CreateDraftInput): Promise<StudioProduct> {
	const id = randomUUID();
	await db().transaction(async (tx) => {
		await checkCategory(tx, input.categoryId);
		await checkUploads(tx, authorId, input);
		const at = now();
		await tx.insert(products).values({
			id,
			authorId,
			status: 'draft',
			isPublished: false,
			categoryId: input.categoryId,
			type: input.type,
			title: input.title,
			// The id's head keeps slugs unique in a category without a retry loop.
			slug: `${slugify(input.title, 80)}-${id.slice(0, 8)}`,
			description: input.description,
			tags: input.tags,
			priceVnd: BigInt(input.priceVnd),
			createdAt: at,
			updatedAt: at
		});
		await tx.insert(productDrafts).values({
			productId: id,
			fileUploadId: input.fileUploadId,
			coverUploadId: input.coverUploadId,
			previewUploadId: input.previewUploadId,
			updatedAt: at
		});
	});
	return toStudio((await productView(id))!);
}

export async function updateDraft(authorId: string, input: UpdateDraftInput): Promise<StudioProduct> {
	const { id, fileUploadId, coverUploadId, previewUploadId, priceVnd, ...fields } = input;
	await db().transaction(async (tx) => {
		const p = await ownedForUpdate(tx, authorId, id);
		refuseUnlessEditable(p.status);
		if (fields.categoryId) await checkCategory(tx, fields.categoryId);
		await checkUploads(tx, authorId, { fileUploadId, coverUploadId, previewUploadId });
		const at = now();
		await tx
			.update(products)
			.set({ ...fields, ...(priceVnd !== undefined ? { priceVnd: BigInt(priceVnd) } : {}), updatedAt: at })
			.where(eq(products.id, id));
		const refs = Object.fromEntries(Object.entries({ fileUploadId, coverUploadId, previewUploadId }).filter(([, v]) => v !== undefined));
		await tx
			.insert(productDrafts)
			.values({ productId: id, ...refs, updatedAt: at })
			.onConflictDoUpdate({ target: productDrafts.productId, set: { ...refs, updatedAt: at } });
	});
	return toStudio((await productView(id))!);
}

export async function myProducts(authorId: string) {
	const items = (await productViews(sql`p.author_id = ${authorId}::uuid`, 200)).map(toStudio);
	return { items, nextCursor: null, hasMore: false };
}

export async function myProduct(authorId: string, id: string): Promise<StudioProduct> {
	const p = await productView(id);
	if (!p || p.authorId !== authorId) throw missing();
	return toStudio(p);
}

/** Copies an upload's bytes to a product key. Buffered: sold files are bounded by UPLOAD_MAX_FILE_BYTES. */
async function copyObject(from: string, to: string, contentType: string): Promise<void> {
	const stream = await storage().read(from);
	if (!stream) throw new AppError('conflict', 'Tệp đã tải lên không còn trong kho lưu trữ. Hãy tải tệp lên lại.');
	const chunks: Buffer[] = [];
	for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
	await storage().put(to, Buffer.concat(chunks), contentType);
}

/**
 * draft | rejected → in_review, while the author has fewer than
 * STUDIO_IN_REVIEW_PER_AUTHOR products in review. Needs a title, a category, a sold file and a
 * cover; refuses (409 duplicate_file) a sold file byte-identical to a file of
 * a product another author has on sale.
 */
export async function submitForReview(authorId: string, id: string): Promise<StudioProduct> {
	await db().transaction(async (tx) => {
		const p = await ownedForUpdate(tx, authorId, id);
		refuseUnlessEditable(p.status);
		await checkInReviewQuota(tx, authorId);
		const [draft] = await tx.select().from(productDrafts).where(eq(productDrafts.productId, id));
		const missingParts = [!draft?.fileUploadId && 'tệp bán', !draft?.coverUploadId && 'ảnh bìa'].filter(Boolean);
		if (missingParts.length) {
			throw badRequest(`Chưa thể gửi duyệt: còn thiếu ${missingParts.join(' và ')}.`, {
				reason: 'incomplete',
				fields: [
					...(!draft?.fileUploadId ? [{ path: 'fileUploadId', message: 'Cần tải lên tệp bán.' }] : []),
					...(!draft?.coverUploadId ? [{ path: 'coverUploadId', message: 'Cần tải lên ảnh bìa.' }] : [])
				]
			});
		}
		// Re-checked here: an upload may have been swept or failed since it was attached.
		await checkUploads(tx, authorId, { fileUploadId: draft!.fileUploadId, coverUploadId: draft!.coverUploadId, previewUploadId: draft!.previewUploadId });
		const [file] = await tx.select().from(uploads).where(eq(uploads.id, draft!.fileUploadId!));
		const [cover] = await tx.select().from(uploads).where(eq(uploads.id, draft!.coverUploadId!));

		const [onSale] = await tx
			.select({ id: products.id })
			.from(products)
			.where(and(eq(products.fileSha256, file!.sha256), eq(products.isPublished, true), ne(products.authorId, authorId)))
			.limit(1);
		if (onSale) {
			throw new AppError('duplicate_file', 'Tệp bán trùng khớp hoàn toàn với tệp của một học liệu đang bán của tác giả khác nên không thể gửi duyệt. Nếu đây là tác phẩm của bạn, hãy liên hệ bộ phận hỗ trợ.');
		}

		const fileKey = productFileKeyFor(id, file!.sha256, file!.fileName);
		const coverKey = coverKeyFor(id, cover!.sha256, cover!.contentType);
		await copyObject(file!.storageKey, fileKey, file!.contentType);
		await copyObject(cover!.storageKey, coverKey, cover!.contentType);
		const at = now();
		await tx
			.update(products)
			.set({ status: 'in_review', fileKey, fileName: file!.fileName, fileSha256: file!.sha256, coverImageUrl: coverUrlFor(coverKey), updatedAt: at })
			.where(eq(products.id, id));
		await tx.insert(productReviews).values({ productId: id, decision: 'submitted', actorId: authorId, createdAt: at });
		await newSubmission(tx, id);
	});
	return toStudio((await productView(id))!);
}
