/** Author and staff uploads, the open studio's quotas (README "Limits and quotas") and what authors are owed. */
import { z } from 'zod';
import { positiveInt, setting, type EnvOf } from './kit';

const QUOTAS = 'see [Limits and quotas](#limits-and-quotas)';

export const studioVariables = {
	UPLOAD_MAX_FILE_BYTES: setting(positiveInt.max(5 * 1024 ** 3).default(500 * 1024 ** 2), 'largest sold file an author or staff may upload (500 MiB; at most 5 GiB)'),
	UPLOAD_MAX_IMAGE_BYTES: setting(positiveInt.max(5 * 1024 ** 3).default(10 * 1024 ** 2), 'largest cover or preview image (10 MiB)'),
	PRODUCT_MAX_FILES: setting(
		positiveInt.max(20).default(5),
		'sold files one product may carry (at most 20), each verified, previewed and downloadable on its own or all together as a ZIP; see [Several files per product](#several-files-per-product)'
	),
	UPLOAD_URL_TTL_SECONDS: setting(
		z.coerce.number().int().min(60).max(24 * 3600).default(3600),
		"lifetime of an upload slot's PUT URL (60 s to 24 h); incomplete slots are deleted with their bytes after it"
	),
	UPLOAD_MULTIPART_THRESHOLD_BYTES: setting(
		positiveInt.min(5 * 1024 ** 2).max(5 * 1024 ** 3).default(64 * 1024 ** 2),
		'larger files go up in parts (64 MiB; at least 5 MiB); with the file-system store, anything over one PUT to `/files` (`BODY_SIZE_LIMIT`) does too'
	),
	UPLOAD_PART_BYTES: setting(
		positiveInt.min(5 * 1024 ** 2).max(5 * 1024 ** 3).default(16 * 1024 ** 2),
		"size of each part but the last (16 MiB; S3 needs at least 5 MiB); with the file-system store at most `BODY_SIZE_LIMIT` (adapter-node's, 512 KiB unless set)"
	),
	UPLOAD_SLOTS_PER_HOUR: setting(positiveInt.max(100_000).default(60), `upload slots one author may open per sliding hour (429 + \`Retry-After\`); ${QUOTAS}`),
	UPLOAD_PENDING_BYTES_PER_AUTHOR: setting(
		positiveInt.max(1024 ** 4).default(2 * 1024 ** 3),
		"bytes one author's open (not completed, not expired) slots may declare together (2 GiB; 429 + `Retry-After` until the oldest expires)"
	),
	UPLOAD_STORED_BYTES_PER_AUTHOR: setting(
		positiveInt.max(100 * 1024 ** 4).default(20 * 1024 ** 3),
		"bytes one author's verified uploads and open slots may take together (20 GiB; 422 `state_violation`)"
	),
	UPLOAD_UNATTACHED_TTL_HOURS: setting(positiveInt.max(90 * 24).default(72), 'a verified upload no draft uses is deleted with its bytes this long after it was verified'),
	STUDIO_IN_REVIEW_PER_AUTHOR: setting(positiveInt.max(10_000).default(20), 'products one author may have waiting for staff review at once (422 `state_violation`)'),
	AUTHOR_REVENUE_SHARE_PERCENT: setting(
		z.coerce.number().int().min(0).max(100).default(70),
		"whole percent of each paid sale owed to the product's author; the author's statement and staff payouts use it"
	),
	PAYOUT_DETAILS_COOLDOWN_HOURS: setting(
		z.coerce.number().int().min(0).max(90 * 24).default(72),
		// A taken-over account's first move is to redirect the money.
		'for this long after an author changes their payout bank account, recording a payout needs staff to confirm the new account a second time; `0` turns it off'
	)
};

export function studioSettings(env: EnvOf<typeof studioVariables>) {
	return {
		uploads: {
			maxFileBytes: env.UPLOAD_MAX_FILE_BYTES,
			maxImageBytes: env.UPLOAD_MAX_IMAGE_BYTES,
			urlTtlSeconds: env.UPLOAD_URL_TTL_SECONDS,
			multipartThresholdBytes: env.UPLOAD_MULTIPART_THRESHOLD_BYTES,
			partBytes: env.UPLOAD_PART_BYTES,
			/** Sold files one product may carry (README "Several files per product"). */
			maxFilesPerProduct: env.PRODUCT_MAX_FILES
		},
		studioQuotas: {
			uploadSlotsPerHour: env.UPLOAD_SLOTS_PER_HOUR,
			pendingBytesPerAuthor: env.UPLOAD_PENDING_BYTES_PER_AUTHOR,
			storedBytesPerAuthor: env.UPLOAD_STORED_BYTES_PER_AUTHOR,
			unattachedTtlHours: env.UPLOAD_UNATTACHED_TTL_HOURS,
			inReviewPerAuthor: env.STUDIO_IN_REVIEW_PER_AUTHOR
		},
		/** Whole percent of a sale owed to its author (payouts and the author's statement). */
		authorRevenueSharePercent: env.AUTHOR_REVENUE_SHARE_PERCENT,
		/** Hours after a payout-details change during which recording a payout needs a second confirmation (0: never). */
		payoutDetailsCooldownHours: env.PAYOUT_DETAILS_COOLDOWN_HOURS
	};
}
