/**
 * Upload pipeline (issue #16, storage D6), one service for the author studio
 * and for staff. Two steps: a slot (the declaration, checked against the
 * limits, answered with a signed PUT straight to storage), then completion,
 * which checks the stored bytes themselves: size, SHA-256 and type by content.
 * Whatever fails verification is deleted at once; a slot never completed is
 * swept with its bytes once its URL has expired, and a verified upload no
 * draft uses once UPLOAD_UNATTACHED_TTL_HOURS have passed (./setup.ts). An
 * author's slots are bounded by the quotas of ./quotas.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AdminUploadQuery, CompleteUploadInput, CreateUploadInput, Upload } from '../../contracts/uploads';
import { recordAudit } from '../admin/audit';
import { config } from '../config';
import { db } from '../db/client';
import { messageAttachments, productDraftFiles, productDrafts, uploads, type UploadPurpose } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { log } from '../platform/logger';
import { now } from '../platform/clock';
import { storage } from '../platform/storage';
import { MAX_PARTS, partSizes } from '../platform/storage/types';
import { allowedFor, extensionOf, sniff } from './content-types';
import { checkUploadQuota } from './quotas';

type Row = typeof uploads.$inferSelect;

const HEAD_BYTES = 4096;
const TAIL_BYTES = 64 * 1024;

export interface Actor {
	userId: string;
	/** Staff act on any slot (and are audited); authors only on their own. */
	staff: boolean;
}

function toDto(r: Row): Upload {
	return {
		id: r.id,
		ownerId: r.ownerId,
		purpose: r.purpose,
		fileName: r.fileName,
		contentType: r.contentType,
		sizeBytes: r.sizeBytes,
		sha256: r.sha256,
		status: r.status,
		detectedType: r.detectedType,
		failureReason: r.failureReason,
		duplicateOfId: r.duplicateOfId,
		expiresAt: r.expiresAt.toISOString(),
		createdAt: r.createdAt.toISOString(),
		completedAt: r.completedAt?.toISOString() ?? null
	};
}

const MiB = (n: number) => `${Math.round((n / 1024 ** 2) * 10) / 10} MiB`;

/** How a file of `size` bytes goes up: one PUT up to the threshold, else parts, each no larger than one PUT to this store. */
function transferPlan(size: number): { partBytes: number | null } {
	const { multipartThresholdBytes, partBytes } = config().uploads;
	const onePut = storage().maxPutBytes;
	if (size <= Math.min(multipartThresholdBytes, onePut)) return { partBytes: null };
	return { partBytes: Math.min(partBytes, onePut) };
}

function maxBytesFor(purpose: UploadPurpose): number {
	const limits = config().uploads;
	const { partBytes } = transferPlan(Number.MAX_SAFE_INTEGER);
	const max = purpose === 'file' ? limits.maxFileBytes : purpose === 'attachment' ? config().conversations.attachmentMaxBytes : limits.maxImageBytes;
	return Math.min(max, partBytes! * MAX_PARTS);
}

/** A slot's declaration: the studio's and staff's (CreateUploadInput), or a message attachment's (purpose `attachment`). */
type Declaration = Omit<CreateUploadInput, 'purpose'> & { purpose: UploadPurpose };

/** The declaration alone must already be acceptable: type allowed for the purpose, name and type agreeing, size within the limit. */
function checkDeclaration(input: Declaration): void {
	const allowed = allowedFor(input.purpose);
	const type = allowed.find((t) => t.mime === input.contentType);
	if (!type) {
		throw badRequest(`Loại tệp ${input.contentType} không được chấp nhận cho mục đích này. Chấp nhận: ${allowed.map((t) => t.extensions[0]).join(', ')}.`, {
			reason: 'type_not_allowed',
			fields: [{ path: 'contentType', message: 'Loại tệp không được chấp nhận.' }]
		});
	}
	if (!type.extensions.includes(extensionOf(input.fileName))) {
		throw badRequest(`Phần mở rộng của tên tệp không khớp với loại tệp ${input.contentType}.`, {
			reason: 'type_mismatch',
			fields: [{ path: 'fileName', message: 'Phần mở rộng không khớp loại tệp.' }]
		});
	}
	const max = maxBytesFor(input.purpose);
	if (input.sizeBytes > max) {
		throw badRequest(`Tệp quá lớn: tối đa ${MiB(max)} cho mục đích này.`, {
			reason: 'too_large',
			maxBytes: max,
			fields: [{ path: 'sizeBytes', message: `Tối đa ${max} byte.` }]
		});
	}
}

/** An author's slot is checked against their byte quotas (./quotas.ts) under their row lock, and recorded before that lock goes. */
export async function createUpload(actor: Actor, input: Declaration) {
	checkDeclaration(input);
	const id = randomUUID();
	const key = `uploads/${actor.userId}/${id}`;
	const ttl = config().uploads.urlTtlSeconds;
	const object = { size: input.sizeBytes, contentType: input.contentType };
	const { partBytes } = transferPlan(input.sizeBytes);
	const created = await db().transaction(async (tx) => {
		if (!actor.staff) await checkUploadQuota(tx, actor.userId, input.sizeBytes);
		const put = partBytes === null ? await storage().signedPutUrl(key, ttl, object) : null;
		const multipart = partBytes === null ? null : await storage().signedMultipartPut(key, ttl, object, partBytes);
		const [inserted] = await tx
			.insert(uploads)
			.values({
				id,
				ownerId: actor.userId,
				purpose: input.purpose,
				fileName: input.fileName,
				contentType: input.contentType,
				sizeBytes: input.sizeBytes,
				sha256: input.sha256,
				storageKey: key,
				multipartUploadId: multipart?.uploadId ?? null,
				partBytes,
				expiresAt: (put ?? multipart)!.expiresAt,
				createdAt: now()
			})
			.returning();
		return { row: inserted!, put, multipart };
	});
	const { put, multipart } = created;
	return {
		upload: toDto(created.row),
		put: put && { ...put, expiresAt: put.expiresAt.toISOString() },
		multipart: multipart && { partBytes: partBytes!, parts: multipart.parts, expiresAt: multipart.expiresAt.toISOString() }
	};
}

async function ownedSlot(actor: Actor, id: string): Promise<Row> {
	const [row] = await db().select().from(uploads).where(eq(uploads.id, id));
	// Someone else's slot looks exactly like a missing one.
	if (!row || (!actor.staff && row.ownerId !== actor.userId)) throw notFound('Không tìm thấy lượt tải lên.');
	return row;
}

interface Inspection {
	size: number;
	sha256: string;
	detected: string | null;
}

/** One pass over the stored bytes: hash, the first bytes and the last (a ZIP's directory). */
async function inspect(key: string): Promise<Inspection | null> {
	const stream = await storage().read(key);
	if (!stream) return null;
	const hash = createHash('sha256');
	let size = 0;
	let head = Buffer.alloc(0);
	let tail = Buffer.alloc(0);
	for await (const chunk of stream as AsyncIterable<Buffer>) {
		hash.update(chunk);
		size += chunk.byteLength;
		if (head.byteLength < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.byteLength)]);
		tail = Buffer.concat([tail, chunk]);
		if (tail.byteLength > TAIL_BYTES) tail = tail.subarray(tail.byteLength - TAIL_BYTES);
	}
	return { size, sha256: hash.digest('hex'), detected: sniff(head, tail) };
}

type FailureReason = 'size_mismatch' | 'hash_mismatch' | 'type_mismatch' | 'unknown_type' | 'duplicate';

async function fail(row: Row, reason: FailureReason, detected: string | null, error: AppError, duplicateOfId: string | null = null): Promise<never> {
	await storage().delete(row.storageKey);
	await db()
		.update(uploads)
		.set({ status: 'failed', failureReason: reason, detectedType: detected, duplicateOfId, completedAt: now() })
		.where(and(eq(uploads.id, row.id), eq(uploads.status, 'pending')));
	throw error;
}

function checkType(row: Row, detected: string | null): string | null {
	if (!detected) return 'Không nhận ra loại tệp từ nội dung. Tệp có thể bị hỏng hoặc không thuộc loại được chấp nhận.';
	const allowed = allowedFor(row.purpose).find((t) => t.mime === detected);
	if (detected !== row.contentType || !allowed?.extensions.includes(extensionOf(row.fileName))) {
		return `Nội dung tệp là ${detected}, không khớp với loại đã khai báo (${row.contentType}) hoặc phần mở rộng của tên tệp "${row.fileName}".`;
	}
	return null;
}

const partsProblem = (message: string) =>
	badRequest(message, { reason: 'parts_missing', fields: [{ path: 'parts', message: 'Cần đủ số thứ tự và ETag của mọi phần.' }] });

/** A multipart slot's parts become its object; a missing or mismatched part leaves the slot open so it can be sent again. */
async function assembleParts(row: Row, parts: CompleteUploadInput['parts']): Promise<void> {
	const expected = partSizes(row.sizeBytes, row.partBytes!).length;
	const sorted = [...(parts ?? [])].sort((a, b) => a.partNumber - b.partNumber);
	if (sorted.length !== expected || sorted.some((p, i) => p.partNumber !== i + 1)) {
		throw partsProblem(`Tệp được tải lên thành ${expected} phần: hãy gửi số thứ tự và ETag của đủ ${expected} phần (từ 1 đến ${expected}).`);
	}
	const outcome = await storage().completeMultipart(row.storageKey, row.multipartUploadId!, sorted);
	if (outcome === 'invalid_part') {
		throw partsProblem('Có phần của tệp chưa được nhận đủ hoặc không khớp ETag đã gửi. Hãy gửi lại phần đó rồi hoàn tất lại.');
	}
	if (outcome === 'gone') {
		throw new AppError('conflict', 'Lượt tải lên nhiều phần này không còn trên kho lưu trữ. Vui lòng tạo lượt tải lên mới.', { status: 'expired' });
	}
}

/**
 * Verifies the stored object against the declaration (a multipart slot's
 * parts are assembled first). Completing a verified slot again answers it
 * unchanged.
 */
export async function completeUpload(actor: Actor, id: string, parts?: CompleteUploadInput['parts']): Promise<Upload> {
	const row = await ownedSlot(actor, id);
	if (row.status === 'verified') return toDto(row);
	if (row.status !== 'pending') {
		throw new AppError('conflict', 'Lượt tải lên này đã kết thúc (thất bại hoặc hết hạn). Vui lòng tạo lượt tải lên mới.', { status: row.status });
	}
	if (row.expiresAt.getTime() <= now().getTime()) {
		throw new AppError('conflict', 'Lượt tải lên đã hết hạn. Vui lòng tạo lượt tải lên mới.', { status: 'expired' });
	}
	if (row.multipartUploadId) await assembleParts(row, parts);
	const found = await inspect(row.storageKey);
	if (!found) throw badRequest('Chưa nhận được tệp. Hãy gửi tệp tới liên kết tải lên rồi thử lại.', { reason: 'missing' });

	if (found.size !== row.sizeBytes) {
		const reason = found.size > row.sizeBytes ? 'too_large' : 'size_mismatch';
		await fail(row, 'size_mismatch', found.detected, badRequest(`Kích thước tệp nhận được (${found.size} byte) khác kích thước đã khai báo (${row.sizeBytes} byte).`, { reason }));
	}
	if (found.sha256 !== row.sha256) {
		await fail(row, 'hash_mismatch', found.detected, badRequest('Mã SHA-256 của tệp nhận được không khớp với mã đã khai báo. Tệp có thể bị hỏng khi tải lên.', { reason: 'hash_mismatch' }));
	}
	const typeProblem = checkType(row, found.detected);
	if (typeProblem) {
		const reason = found.detected ? 'type_mismatch' : 'unknown_type';
		await fail(row, reason, found.detected, badRequest(typeProblem, { reason, detectedType: found.detected }));
	}
	if (row.purpose === 'file') {
		const [original] = await db()
			.select({ id: uploads.id })
			.from(uploads)
			.where(and(eq(uploads.sha256, row.sha256), eq(uploads.status, 'verified'), eq(uploads.purpose, 'file'), ne(uploads.ownerId, row.ownerId)))
			.orderBy(uploads.completedAt)
			.limit(1);
		if (original) {
			log.warn('upload refused: duplicate of another author\'s file', { uploadId: row.id, duplicateOfId: original.id });
			await fail(
				row,
				'duplicate',
				found.detected,
				new AppError('duplicate_file', 'Tệp này trùng khớp hoàn toàn với tệp của một tác giả khác nên không thể tải lên. Nếu đây là tác phẩm của bạn, hãy liên hệ bộ phận hỗ trợ.'),
				original.id
			);
		}
	}

	const verified = await db().transaction(async (tx) => {
		const [updated] = await tx
			.update(uploads)
			.set({ status: 'verified', detectedType: found.detected, completedAt: now() })
			.where(and(eq(uploads.id, row.id), eq(uploads.status, 'pending')))
			.returning();
		if (updated && actor.staff) {
			await recordAudit(tx, {
				actorId: actor.userId,
				action: 'upload.verify',
				targetType: 'upload',
				targetId: row.id,
				summary: { after: { status: 'verified', purpose: row.purpose, sha256: row.sha256, sizeBytes: row.sizeBytes } }
			});
		}
		return updated;
	});
	// A concurrent completion got there first; answer what it decided.
	return verified ? toDto(verified) : toDto(await ownedSlot(actor, id));
}

/** Staff: newest slots first, optionally only refused duplicates (theft signals) or one status. */
export async function listUploads(query: AdminUploadQuery) {
	const conditions = [];
	if (query.flag === 'duplicate') conditions.push(isNotNull(uploads.duplicateOfId));
	if (query.status) conditions.push(eq(uploads.status, query.status));
	const LIMIT = 100;
	const rows = await db()
		.select()
		.from(uploads)
		.where(conditions.length ? and(...conditions) : undefined)
		.orderBy(desc(uploads.createdAt), desc(uploads.id))
		.limit(LIMIT + 1);
	return { items: rows.slice(0, LIMIT).map(toDto), nextCursor: null, hasMore: rows.length > LIMIT };
}

/**
 * Background sweep, once a slot's PUT URL has expired: a pending slot becomes
 * `expired`, and the bytes of pending and failed slots are deleted (a failed
 * slot's URL may have been used again after its bytes were refused).
 */
export async function sweepExpiredUploads(): Promise<number> {
	return db().transaction(async (tx) => {
		const due = await tx
			.select({ id: uploads.id, key: uploads.storageKey, status: uploads.status, multipartUploadId: uploads.multipartUploadId })
			.from(uploads)
			.where(and(isNull(uploads.sweptAt), inArray(uploads.status, ['pending', 'failed']), lt(uploads.expiresAt, now())))
			.limit(200)
			.for('update', { skipLocked: true });
		for (const slot of due) {
			if (slot.multipartUploadId) {
				// Parts never assembled: on S3 they are invisible yet billed until aborted.
				await storage()
					.abortMultipart(slot.key, slot.multipartUploadId)
					.catch((error: unknown) => log.warn('could not abort a multipart upload; a bucket lifecycle rule must', { uploadId: slot.id, error }));
			}
			await storage().delete(slot.key);
			await tx
				.update(uploads)
				.set({ status: slot.status === 'pending' ? 'expired' : slot.status, sweptAt: now() })
				.where(eq(uploads.id, slot.id));
		}
		return due.length;
	});
}

/**
 * Background sweep of verified uploads no draft refers to (as one of its sold
 * files, its cover or preview) and no message carries, UPLOAD_UNATTACHED_TTL_HOURS after they were verified:
 * their bytes are deleted and the row becomes `expired` (failure reason
 * `unattached`), so it no longer counts in the author's stored bytes.
 * Attaching locks the upload FOR SHARE (studio/products.ts), and rows are
 * taken here FOR UPDATE SKIP LOCKED with the reference checked by the same
 * statement, so an upload being attached is never swept from under it.
 */
export async function sweepUnattachedUploads(): Promise<number> {
	const cutoff = new Date(now().getTime() - config().studioQuotas.unattachedTtlHours * 3_600_000);
	return db().transaction(async (tx) => {
		const due = await tx
			.select({ id: uploads.id, key: uploads.storageKey })
			.from(uploads)
			.where(
				and(
					eq(uploads.status, 'verified'),
					isNull(uploads.sweptAt),
					lt(uploads.completedAt, cutoff),
					sql`NOT EXISTS (SELECT 1 FROM ${productDrafts} d WHERE d.file_upload_id = ${uploads.id})`,
					sql`NOT EXISTS (SELECT 1 FROM ${productDraftFiles} df WHERE df.upload_id = ${uploads.id})`,
					sql`NOT EXISTS (SELECT 1 FROM ${productDrafts} d WHERE d.cover_upload_id = ${uploads.id})`,
					sql`NOT EXISTS (SELECT 1 FROM ${productDrafts} d WHERE d.preview_upload_id = ${uploads.id})`,
					sql`NOT EXISTS (SELECT 1 FROM ${messageAttachments} a WHERE a.upload_id = ${uploads.id})`
				)
			)
			.orderBy(uploads.completedAt)
			.limit(200)
			.for('update', { skipLocked: true });
		for (const upload of due) {
			await storage().delete(upload.key);
			await tx.update(uploads).set({ status: 'expired', failureReason: 'unattached', sweptAt: now() }).where(eq(uploads.id, upload.id));
		}
		if (due.length) log.info('swept verified uploads never attached to a product', { count: due.length });
		return due.length;
	});
}
