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
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CreateDraftInput, StudioProduct, UpdateDraftInput } from '../../contracts/studio';
import { slugify } from '../catalog/paths';
import { db, type Tx } from '../db/client';
import { categories, productDraftFiles, productDrafts, productFiles, productReviews, products, uploads, type UploadPurpose } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { now } from '../platform/clock';
import { storage } from '../platform/storage';
import { checkInReviewQuota } from '../uploads/quotas';
import { config } from '../config';
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
async function checkUploads(
	tx: Tx,
	ownerId: string,
	refs: Partial<Record<keyof typeof UPLOAD_FIELDS, string | null>>,
	fileUploadIds: readonly string[] = [],
	/** A request of the single-file contract names its file `fileUploadId`. */
	singleFile = false
): Promise<void> {
	const checks: [string, string, UploadPurpose][] = [
		...(Object.entries(UPLOAD_FIELDS) as [keyof typeof UPLOAD_FIELDS, UploadPurpose][])
			.filter(([field]) => !!refs[field])
			.map(([field, purpose]): [string, string, UploadPurpose] => [field, refs[field]!, purpose]),
		...fileUploadIds.map((id, i): [string, string, UploadPurpose] => [singleFile && i === 0 ? 'fileUploadId' : `fileUploadIds.${i}`, id, 'file'])
	];
	for (const [field, id, purpose] of checks) {
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

const fileListProblem = (message: string, reason: string) => badRequest(message, { reason, fields: [{ path: 'fileUploadIds', message }] });

/**
 * The draft's sold files after this request: `fileUploadIds` replaces the list;
 * `fileUploadId` alone (the single-file contract) replaces the first file, or
 * with null removes them all. Undefined: the list is not touched.
 */
function nextFileList(current: readonly string[], fileUploadId: string | null | undefined, fileUploadIds: readonly string[] | undefined): string[] | undefined {
	if (fileUploadIds !== undefined) {
		// null beside a list means nothing (a create's default); an id must be the list's first.
		if (typeof fileUploadId === 'string' && fileUploadId !== fileUploadIds[0]) {
			throw fileListProblem('fileUploadId phải là tệp đầu tiên của fileUploadIds (hoặc bỏ trống fileUploadId).', 'file_list_conflict');
		}
		return [...fileUploadIds];
	}
	if (fileUploadId === undefined) return undefined;
	return fileUploadId === null ? [] : [fileUploadId, ...current.slice(1)];
}

/** At most PRODUCT_MAX_FILES, each upload once and no two with the same bytes. */
async function checkFileList(tx: Tx, ids: readonly string[]): Promise<void> {
	const max = config().uploads.maxFilesPerProduct;
	if (ids.length > max) throw fileListProblem(`Một học liệu có tối đa ${max} tệp bán.`, 'too_many_files');
	if (new Set(ids).size !== ids.length) throw fileListProblem('Một tệp đã tải lên chỉ được đính kèm một lần.', 'duplicate_upload');
	if (ids.length < 2) return;
	const rows = await tx.select({ sha256: uploads.sha256 }).from(uploads).where(inArray(uploads.id, [...ids]));
	if (new Set(rows.map((r) => r.sha256)).size !== rows.length) {
		throw fileListProblem('Có hai tệp bán giống hệt nhau (cùng nội dung). Hãy bỏ bớt một tệp.', 'duplicate_upload');
	}
}

async function draftFileIds(tx: Tx, productId: string): Promise<string[]> {
	const rows = await tx
		.select({ uploadId: productDraftFiles.uploadId })
		.from(productDraftFiles)
		.where(eq(productDraftFiles.productId, productId))
		.orderBy(asc(productDraftFiles.position));
	return rows.map((r) => r.uploadId);
}

/** Writes the draft's file list; product_drafts.file_upload_id stays its first file. */
async function saveFileList(tx: Tx, productId: string, ids: readonly string[]): Promise<void> {
	await tx.delete(productDraftFiles).where(eq(productDraftFiles.productId, productId));
	if (ids.length) await tx.insert(productDraftFiles).values(ids.map((uploadId, position) => ({ productId, position, uploadId })));
	await tx.update(productDrafts).set({ fileUploadId: ids[0] ?? null }).where(eq(productDrafts.productId, productId));
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
		const files = nextFileList([], input.fileUploadId, input.fileUploadIds) ?? [];
		await checkFileList(tx, files);
		await checkUploads(tx, authorId, { coverUploadId: input.coverUploadId, previewUploadId: input.previewUploadId }, files, input.fileUploadIds === undefined);
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
			coverUploadId: input.coverUploadId,
			previewUploadId: input.previewUploadId,
			updatedAt: at
		});
		await saveFileList(tx, id, files);
	});
	return toStudio((await productView(id))!);
}

export async function updateDraft(authorId: string, input: UpdateDraftInput): Promise<StudioProduct> {
	const { id, fileUploadId, fileUploadIds, coverUploadId, previewUploadId, priceVnd, ...fields } = input;
	await db().transaction(async (tx) => {
		const p = await ownedForUpdate(tx, authorId, id);
		refuseUnlessEditable(p.status);
		if (fields.categoryId) await checkCategory(tx, fields.categoryId);
		const files = nextFileList(await draftFileIds(tx, id), fileUploadId, fileUploadIds);
		if (files) await checkFileList(tx, files);
		await checkUploads(tx, authorId, { coverUploadId, previewUploadId }, files ?? [], fileUploadIds === undefined);
		const at = now();
		await tx
			.update(products)
			.set({ ...fields, ...(priceVnd !== undefined ? { priceVnd: BigInt(priceVnd) } : {}), updatedAt: at })
			.where(eq(products.id, id));
		const refs = Object.fromEntries(Object.entries({ coverUploadId, previewUploadId }).filter(([, v]) => v !== undefined));
		await tx
			.insert(productDrafts)
			.values({ productId: id, ...refs, updatedAt: at })
			.onConflictDoUpdate({ target: productDrafts.productId, set: { ...refs, updatedAt: at } });
		if (files) await saveFileList(tx, id, files);
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
 * STUDIO_IN_REVIEW_PER_AUTHOR products in review. Needs a title, a category, at least one sold
 * file and a cover; refuses (409 duplicate_file) a sold file byte-identical to
 * any file of a product another author has on sale. Every sold file is copied
 * to its product key and listed in product_files, the first as the primary file.
 */
export async function submitForReview(authorId: string, id: string): Promise<StudioProduct> {
	await db().transaction(async (tx) => {
		const p = await ownedForUpdate(tx, authorId, id);
		refuseUnlessEditable(p.status);
		await checkInReviewQuota(tx, authorId);
		const [draft] = await tx.select().from(productDrafts).where(eq(productDrafts.productId, id));
		const fileIds = await draftFileIds(tx, id);
		const missingParts = [!fileIds.length && 'tệp bán', !draft?.coverUploadId && 'ảnh bìa'].filter(Boolean);
		if (missingParts.length) {
			throw badRequest(`Chưa thể gửi duyệt: còn thiếu ${missingParts.join(' và ')}.`, {
				reason: 'incomplete',
				fields: [
					...(!fileIds.length ? [{ path: 'fileUploadId', message: 'Cần tải lên tệp bán.' }] : []),
					...(!draft?.coverUploadId ? [{ path: 'coverUploadId', message: 'Cần tải lên ảnh bìa.' }] : [])
				]
			});
		}
		// Re-checked here: an upload may have been swept or failed since it was attached, or the limit lowered.
		await checkFileList(tx, fileIds);
		await checkUploads(tx, authorId, { coverUploadId: draft!.coverUploadId, previewUploadId: draft!.previewUploadId }, fileIds);
		const fileRows = await tx.select().from(uploads).where(inArray(uploads.id, fileIds));
		const files = fileIds.map((fid) => fileRows.find((u) => u.id === fid)!);
		const [cover] = await tx.select().from(uploads).where(eq(uploads.id, draft!.coverUploadId!));

		const [onSale] = await tx
			.select({ id: products.id })
			.from(productFiles)
			.innerJoin(products, eq(products.id, productFiles.productId))
			.where(and(inArray(productFiles.sha256, files.map((f) => f.sha256)), eq(products.isPublished, true), ne(products.authorId, authorId)))
			.limit(1);
		if (onSale) {
			throw new AppError('duplicate_file', 'Tệp bán trùng khớp hoàn toàn với tệp của một học liệu đang bán của tác giả khác nên không thể gửi duyệt. Nếu đây là tác phẩm của bạn, hãy liên hệ bộ phận hỗ trợ.');
		}

		const keys = files.map((f) => productFileKeyFor(id, f.sha256, f.fileName));
		const coverKey = coverKeyFor(id, cover!.sha256, cover!.contentType);
		for (const [i, f] of files.entries()) await copyObject(f.storageKey, keys[i]!, f.contentType);
		await copyObject(cover!.storageKey, coverKey, cover!.contentType);
		const at = now();
		// The list first: the products row's trigger then finds its primary file already there (migration product_files).
		await tx.delete(productFiles).where(eq(productFiles.productId, id));
		await tx.insert(productFiles).values(
			files.map((f, position) => ({
				productId: id,
				position,
				fileKey: keys[position]!,
				fileName: f.fileName,
				contentType: f.contentType,
				sizeBytes: f.sizeBytes,
				sha256: f.sha256,
				createdAt: at
			}))
		);
		const [primary] = files;
		await tx
			.update(products)
			.set({ status: 'in_review', fileKey: keys[0]!, fileName: primary!.fileName, fileSha256: primary!.sha256, coverImageUrl: coverUrlFor(coverKey), updatedAt: at })
			.where(eq(products.id, id));
		await tx.insert(productReviews).values({ productId: id, decision: 'submitted', actorId: authorId, createdAt: at });
		await newSubmission(tx, id);
	});
	return toStudio((await productView(id))!);
}
