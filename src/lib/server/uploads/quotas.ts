/**
 * What one author may hold in the upload pipeline and the review queue
 * (issue 40; the numbers and the reasoning are in README, "Limits and
 * quotas"). Slots per hour are a rate limit (429 with Retry-After through the
 * limiter, declared on the studio route); bytes pending answer 429 with
 * Retry-After until the oldest open slot expires; bytes stored and products
 * in review answer 422 `state_violation` with `details.reason`, since waiting
 * alone frees nothing. Staff are not limited.
 *
 * Checks run with the author's user row locked, so two slots declared at the
 * same moment cannot both fit in the room left for one.
 */
import { sql } from 'drizzle-orm';
import type { StudioQuota } from '../../contracts/studio';
import { config } from '../config';
import { db, type DbOrTx, type Tx } from '../db/client';
import { queryRows } from '../db/rows';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { peek, type RateLimitPolicy } from '../platform/ratelimit';

const HOUR = 3_600_000;

export const uploadSlotPolicy = (): RateLimitPolicy => ({
	name: 'upload-slot',
	limit: config().studioQuotas.uploadSlotsPerHour,
	windowMs: HOUR,
	// Opening a slot costs nothing until bytes arrive, and those are bounded by the byte quotas below.
	onStoreFailure: 'open'
});

/** The studio route's limiter key (policies/enforce.ts, `user`). */
const slotKey = (userId: string) => `user:${userId}`;

interface UsageRow {
	pending: string;
	stored: string;
	earliest: Date | string | null;
	in_review: number;
}

interface Usage {
	pendingBytes: number;
	storedBytes: number;
	earliestPendingExpiry: Date | null;
	productsInReview: number;
}

/**
 * Pending: declared bytes of slots still open (their PUT URL valid). Stored:
 * verified uploads not swept (attached to a product or not). In review:
 * products waiting for staff.
 */
async function usage(userId: string, tx: DbOrTx): Promise<Usage> {
	const at = now().toISOString();
	const [row] = await queryRows<UsageRow>(
		sql`
		SELECT
			coalesce(sum(size_bytes) FILTER (WHERE status = 'pending' AND expires_at > ${at}::timestamptz), 0)::text AS pending,
			coalesce(sum(size_bytes) FILTER (WHERE status = 'verified' AND swept_at IS NULL), 0)::text AS stored,
			min(expires_at) FILTER (WHERE status = 'pending' AND expires_at > ${at}::timestamptz) AS earliest,
			(SELECT count(*)::int FROM products WHERE author_id = ${userId}::uuid AND status = 'in_review') AS in_review
		FROM uploads WHERE owner_id = ${userId}::uuid`,
		tx
	);
	return {
		pendingBytes: Number(row?.pending ?? 0),
		storedBytes: Number(row?.stored ?? 0),
		earliestPendingExpiry: row?.earliest ? new Date(row.earliest) : null,
		productsInReview: Number(row?.in_review ?? 0)
	};
}

async function lockAuthor(tx: Tx, userId: string): Promise<void> {
	await queryRows(sql`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR NO KEY UPDATE`, tx);
}

const MiB = (n: number) => `${Math.round((n / 1024 ** 2) * 10) / 10} MiB`;

/** Refuses a new slot of `sizeBytes` that would take the author past a byte quota. */
export async function checkUploadQuota(tx: Tx, userId: string, sizeBytes: number): Promise<void> {
	const limits = config().studioQuotas;
	await lockAuthor(tx, userId);
	const used = await usage(userId, tx);
	if (used.pendingBytes + used.storedBytes + sizeBytes > limits.storedBytesPerAuthor) {
		throw new AppError(
			'state_violation',
			`Bạn đã dùng ${MiB(used.storedBytes + used.pendingBytes)} trên ${MiB(limits.storedBytesPerAuthor)} dung lượng lưu trữ của tác giả nên không thể tải thêm tệp ${MiB(sizeBytes)}. Tệp đã tải lên mà không gắn vào học liệu nào sẽ tự xoá sau ${limits.unattachedTtlHours} giờ; cần thêm dung lượng, hãy liên hệ bộ phận hỗ trợ.`,
			{ reason: 'stored_bytes_quota', usedBytes: used.storedBytes + used.pendingBytes, limitBytes: limits.storedBytesPerAuthor }
		);
	}
	if (used.pendingBytes + sizeBytes > limits.pendingBytesPerAuthor) {
		const details = { reason: 'pending_bytes_quota', usedBytes: used.pendingBytes, limitBytes: limits.pendingBytesPerAuthor };
		const message = `Các lượt tải lên chưa hoàn tất của bạn đã giữ ${MiB(used.pendingBytes)} trên ${MiB(limits.pendingBytesPerAuthor)} cho phép.`;
		// Nothing open: this one file is larger than the whole allowance, and no wait makes it fit.
		if (!used.earliestPendingExpiry) throw new AppError('state_violation', `${message} Tệp ${MiB(sizeBytes)} lớn hơn mức cho phép.`, details);
		const retryAfterSeconds = Math.max(1, Math.ceil((used.earliestPendingExpiry.getTime() - now().getTime()) / 1000));
		throw new AppError('rate_limited', `${message} Hãy hoàn tất các lượt tải lên đang mở, hoặc thử lại sau ${retryAfterSeconds} giây.`, {
			...details,
			retryAfterSeconds
		});
	}
}

/** Refuses one more product in review past the author's limit. */
export async function checkInReviewQuota(tx: Tx, userId: string): Promise<void> {
	const limit = config().studioQuotas.inReviewPerAuthor;
	await lockAuthor(tx, userId);
	const { productsInReview } = await usage(userId, tx);
	if (productsInReview >= limit) {
		throw new AppError(
			'state_violation',
			`Bạn đang có ${productsInReview} học liệu chờ duyệt, tối đa ${limit}. Hãy chờ quản trị viên duyệt bớt rồi gửi tiếp.`,
			{ reason: 'in_review_quota', used: productsInReview, limit }
		);
	}
}

/** The studio's meter: each quota's use and limit. */
export async function studioQuota(userId: string): Promise<StudioQuota> {
	const limits = config().studioQuotas;
	const [used, slots] = await Promise.all([usage(userId, db()), peek(uploadSlotPolicy(), slotKey(userId))]);
	return {
		uploadSlotsPerHour: { used: slots.limit - slots.remaining, limit: slots.limit, resetsAt: new Date(slots.reset).toISOString() },
		pendingBytes: { used: used.pendingBytes, limit: limits.pendingBytesPerAuthor },
		storedBytes: { used: used.storedBytes, limit: limits.storedBytesPerAuthor },
		productsInReview: { used: used.productsInReview, limit: limits.inReviewPerAuthor },
		unattachedTtlHours: limits.unattachedTtlHours
	};
}
