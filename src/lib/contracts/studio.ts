/**
 * The author studio (/api/v1/studio/*) and staff product operations
 * (/api/v1/admin/products/*, /api/v1/admin/reviews), issue #16.
 * Client-safe: the studio and console forms validate with the same schemas.
 */
import { z } from 'zod';
import { MoneyVnd } from './money';
import { previewStatuses, productTypes } from './catalog';

/** Highest price an author may ask, in whole VND (a sanity bound, not a business rule). */
export const MAX_PRICE_VND = 50_000_000n;

export const productStatusValues = ['draft', 'in_review', 'rejected', 'published', 'unpublished', 'suspended'] as const;
export const ProductStatusValue = z.enum(productStatusValues, { error: 'Trạng thái không hợp lệ.' });
export type ProductStatusValue = z.infer<typeof ProductStatusValue>;

export const STATUS_LABELS: Record<ProductStatusValue, string> = {
	draft: 'Bản nháp',
	in_review: 'Đang chờ duyệt',
	rejected: 'Bị từ chối',
	published: 'Đang bán',
	unpublished: 'Đã ngừng bán',
	suspended: 'Bị đình chỉ'
};

const text = (label: string, min: number, max: number) =>
	z
		.string({ error: `${label} phải là chuỗi ký tự.` })
		.trim()
		.min(min, min === 1 ? `${label} không được để trống.` : `${label} cần ít nhất ${min} ký tự.`)
		.max(max, `${label} tối đa ${max} ký tự.`);

export const PriceInput = z
	.string({ error: 'Giá phải là số tiền VND nguyên, viết bằng chữ số, ví dụ "35000".' })
	.trim()
	.regex(/^[0-9]{1,12}$/, 'Giá phải là số tiền VND nguyên, chỉ gồm chữ số (không dấu chấm, dấu phẩy hay số thập phân), ví dụ "35000".')
	// Runs even after the pattern failed (zod 4 keeps checking), so only digits reach BigInt.
	.refine((s) => !/^[0-9]+$/.test(s) || BigInt(s) <= MAX_PRICE_VND, `Giá tối đa là ${MAX_PRICE_VND.toString()} đồng.`)
	.transform((s) => BigInt(s).toString())
	.meta({ description: 'Whole VND as a decimal string, 0 to 50000000', example: '35000' });

export const ProductTypeInput = z.enum(productTypes, { error: `Loại học liệu không hợp lệ. Chọn một trong: ${productTypes.join(', ')}.` });

const Tags = z
	.array(text('Thẻ', 1, 40), { error: 'Thẻ phải là danh sách chuỗi.' })
	.max(10, 'Tối đa 10 thẻ.')
	.transform((tags) => [...new Set(tags)]);

const UploadId = z.uuid({ error: 'Mã lượt tải lên không hợp lệ.' }).nullable();

/** Most sold files any deployment allows; PRODUCT_MAX_FILES (README) may lower it. */
export const PRODUCT_FILES_HARD_LIMIT = 20;

/**
 * Every sold file of a draft, in the order buyers will see them (README "Several
 * files per product"); the first is the primary file (`fileUploadId`).
 */
const FileUploadIds = z
	.array(z.uuid({ error: 'Mã lượt tải lên không hợp lệ.' }), { error: 'Danh sách tệp bán không hợp lệ.' })
	.max(PRODUCT_FILES_HARD_LIMIT, `Tối đa ${PRODUCT_FILES_HARD_LIMIT} tệp bán.`)
	.describe('Verified uploads (purpose file) of every sold file, in order; replaces the list. The first is `fileUploadId`.');
const ProductId = z.uuid({ error: 'Mã học liệu không hợp lệ.' });

/** The bank account an author's payouts go to: entered when applying, changed in the studio. */
const payoutDetailFields = {
	bankName: text('Tên ngân hàng', 2, 100),
	bankAccountNumber: z
		.string({ error: 'Số tài khoản phải là chuỗi chữ số.' })
		.trim()
		// People copy numbers as their bank app shows them ("0123 456 789"): the spaces are not part of it.
		.transform((v) => v.replace(/[\s.-]/g, ''))
		.pipe(z.string().regex(/^[0-9]{6,20}$/, 'Số tài khoản chỉ gồm 6 đến 20 chữ số.')),
	bankAccountHolder: text('Tên chủ tài khoản', 2, 100)
};

export const ApplyInput = z.object({
	displayName: text('Tên hiển thị', 2, 80),
	bio: z.string().trim().max(2000, 'Giới thiệu tối đa 2000 ký tự.').default(''),
	...payoutDetailFields
});

export const PayoutDetailsInput = z.object(payoutDetailFields);
export type PayoutDetailsInput = z.infer<typeof PayoutDetailsInput>;

export const PayoutDetails = z
	.object({
		bankName: z.string(),
		bankAccountNumber: z.string(),
		bankAccountHolder: z.string(),
		/** When the author last changed them after applying; null if unchanged since. */
		changedAt: z.iso.datetime().nullable(),
		/** Until then, staff must confirm the new account a second time to record a payout (PAYOUT_DETAILS_COOLDOWN_HOURS); null when not in effect. */
		confirmUntil: z.iso.datetime().nullable()
	})
	.meta({ id: 'PayoutDetails' });
export type PayoutDetails = z.infer<typeof PayoutDetails>;
export type ApplyInput = z.infer<typeof ApplyInput>;

export const AuthorProfile = z.object({
	userId: z.uuid(),
	displayName: z.string(),
	bio: z.string(),
	bankName: z.string(),
	bankAccountNumber: z.string(),
	bankAccountHolder: z.string(),
	createdAt: z.iso.datetime(),
	updatedAt: z.iso.datetime()
}).meta({ id: 'AuthorProfile' });
export type AuthorProfile = z.infer<typeof AuthorProfile>;

const draftFields = {
	title: text('Tiêu đề', 3, 200),
	description: z.string().trim().max(10_000, 'Mô tả tối đa 10000 ký tự.'),
	categoryId: z.uuid({ error: 'Danh mục không hợp lệ.' }),
	type: ProductTypeInput,
	priceVnd: PriceInput,
	tags: Tags,
	fileUploadId: UploadId.describe('Verified upload (purpose file) of the sold file'),
	coverUploadId: UploadId.describe('Verified upload (purpose cover) of the cover image'),
	previewUploadId: UploadId.describe('Verified upload (purpose preview), optional preview material')
};

export const CreateDraftInput = z.object({
	...draftFields,
	description: draftFields.description.default(''),
	tags: Tags.default([]),
	fileUploadId: draftFields.fileUploadId.default(null),
	fileUploadIds: FileUploadIds.optional(),
	coverUploadId: draftFields.coverUploadId.default(null),
	previewUploadId: draftFields.previewUploadId.default(null)
});
export type CreateDraftInput = z.infer<typeof CreateDraftInput>;

export const UpdateDraftInput = z.object({
	id: ProductId,
	title: draftFields.title.optional(),
	description: draftFields.description.optional(),
	categoryId: draftFields.categoryId.optional(),
	type: draftFields.type.optional(),
	priceVnd: draftFields.priceVnd.optional(),
	tags: draftFields.tags.optional(),
	fileUploadId: draftFields.fileUploadId.optional(),
	fileUploadIds: FileUploadIds.optional(),
	coverUploadId: draftFields.coverUploadId.optional(),
	previewUploadId: draftFields.previewUploadId.optional()
});
export type UpdateDraftInput = z.infer<typeof UpdateDraftInput>;

export const ProductRef = z.object({ id: ProductId });

/** A product, and optionally one of its sold files (an id from `soldFiles`); omitted: the primary file. */
export const ProductFileRef = ProductRef.extend({
	fileId: z.uuid({ error: 'Mã tệp không hợp lệ.' }).optional().describe('One of the sold files (an `id` from `soldFiles`); omitted: the primary file')
});

const AttachedUpload = z.object({ id: z.uuid(), fileName: z.string(), sizeBytes: z.number().int() }).nullable();

/** What the preview job made of the sold file, so the author and the reviewer see what buyers will see. */
const GeneratedPreview = z.object({
	/** null while the product has no sold file. */
	status: z.enum(previewStatuses).nullable(),
	/** Stamped page or poster images, once `ready`. */
	imageUrls: z.array(z.string()),
	pageCount: z.number().int().nullable(),
	durationSeconds: z.number().int().nullable(),
	/** Why there is no preview (`failed` or `unavailable`), in Vietnamese for the author: over a limit, a missing tool, a file that cannot be read. */
	reason: z.string().nullable()
}).meta({ id: 'GeneratedPreview' });

/** One sold file as submitted, and what its preview job made of it. */
const SoldFile = z.object({
	id: z.uuid(),
	fileName: z.string(),
	contentType: z.string(),
	sizeBytes: z.number().int().nullable(),
	preview: GeneratedPreview
}).meta({ id: 'SoldFile' });

export const StudioProduct = z.object({
	id: z.uuid(),
	title: z.string(),
	description: z.string(),
	type: z.enum(productTypes),
	priceVnd: MoneyVnd,
	/** What a buyer pays now: `priceVnd` unless a sale or a flash sale set by staff is running below it. */
	buyerPriceVnd: MoneyVnd,
	tags: z.array(z.string()),
	status: ProductStatusValue,
	categoryId: z.uuid(),
	categoryName: z.string(),
	/** Category path + slug; answers on the storefront only while `published`. */
	fullPath: z.string(),
	fileName: z.string().nullable(),
	coverImageUrl: z.string().nullable(),
	file: AttachedUpload,
	/** Every sold file of the draft, in order (`file` is the first). Additive in v1. */
	files: z.array(AttachedUpload.unwrap()),
	/** The files buyers get, fixed at submission, each with its own preview. Additive in v1. */
	soldFiles: z.array(SoldFile),
	cover: AttachedUpload,
	preview: AttachedUpload,
	generatedPreview: GeneratedPreview,
	/** The reviewer's reason when the newest decision was a rejection; null otherwise. */
	rejectionReason: z.string().nullable(),
	createdAt: z.iso.datetime(),
	updatedAt: z.iso.datetime()
}).meta({ id: 'StudioProduct' });
export type StudioProduct = z.infer<typeof StudioProduct>;

export const StudioProductList = z.object({ items: z.array(StudioProduct), nextCursor: z.null(), hasMore: z.boolean() });

export const AuthorPublicRef = z.object({ id: z.uuid({ error: 'Mã tác giả không hợp lệ.' }) });

export const AdminProduct = StudioProduct.extend({
	authorId: z.uuid().nullable(),
	authorName: z.string().nullable()
}).meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProduct>;

export const AdminProductList = z.object({ items: z.array(AdminProduct), nextCursor: z.null(), hasMore: z.boolean() });

export const AdminProductQuery = z.object({
	q: z.string().trim().max(200, 'Từ khoá tối đa 200 ký tự.').optional().describe('Fragment of the title (case- and accent-insensitive)'),
	status: ProductStatusValue.optional(),
	authorId: z.uuid({ error: 'Mã tác giả không hợp lệ.' }).optional()
});
export type AdminProductQuery = z.infer<typeof AdminProductQuery>;

export const RejectInput = z.object({ id: ProductId, reason: text('Lý do từ chối', 5, 1000) });

export const AdminEditInput = z.object({
	id: ProductId,
	title: draftFields.title.optional(),
	description: draftFields.description.optional(),
	type: draftFields.type.optional(),
	priceVnd: draftFields.priceVnd.optional(),
	tags: draftFields.tags.optional()
});
export type AdminEditInput = z.infer<typeof AdminEditInput>;

export const MoveInput = z
	.object({
		id: ProductId,
		categoryId: z.uuid({ error: 'Danh mục không hợp lệ.' }).optional().describe('New category; omitted keeps the current one'),
		slug: z
			.string()
			.trim()
			.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Đường dẫn chỉ gồm chữ thường không dấu, chữ số và dấu gạch ngang.')
			.max(100, 'Đường dẫn tối đa 100 ký tự.')
			.optional()
			.describe('New slug; omitted keeps the current one')
	})
	.refine((m) => m.categoryId !== undefined || m.slug !== undefined, { message: 'Cần chọn danh mục mới hoặc đường dẫn mới.', path: ['slug'] });
export type MoveInput = z.infer<typeof MoveInput>;

export const PublicAuthorPage = z.object({
	author: z.object({ id: z.uuid(), displayName: z.string(), bio: z.string() }),
	products: z.array(
		z.object({ id: z.uuid(), title: z.string(), type: z.enum(productTypes), priceVnd: MoneyVnd, coverImageUrl: z.string().nullable(), fullPath: z.string() })
	)
});

export const ProductAuthor = z.object({ author: z.object({ id: z.uuid(), displayName: z.string() }).nullable() });

const QuotaUse = z.object({ used: z.number().int().min(0), limit: z.number().int().min(0) });

/** The author's quotas as the studio shows them (README, "Limits and quotas"). */
export const StudioQuota = z
	.object({
		uploadSlotsPerHour: QuotaUse.extend({ resetsAt: z.iso.datetime().describe('When the sliding hour has room again') }).describe('Upload slots opened in the last hour'),
		pendingBytes: QuotaUse.describe('Declared bytes of open upload slots (not completed, not expired)'),
		storedBytes: QuotaUse.describe('Bytes of verified uploads; new slots count against it too'),
		productsInReview: QuotaUse.describe('Products waiting for staff review'),
		unattachedTtlHours: z.number().int().positive().describe('A verified upload not attached to a product for this long is deleted')
	})
	.meta({ id: 'StudioQuota' });
export type StudioQuota = z.infer<typeof StudioQuota>;
