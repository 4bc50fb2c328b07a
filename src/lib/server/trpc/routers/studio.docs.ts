/** What /openapi.json says about the routes of ./studio.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouteDocs, RouterDocs } from '../../rest/meta';

const tags = ['Studio'];

/**
 * The upload slot routes' text, shared by the studio's, the staff's (./admin.docs.ts) and the
 * message attachments' (./conversations.docs.ts): one service serves them all.
 */
type SharedDocs = Omit<RouteDocs, 'tags'>;

const exampleUpload = {
	id: '3c9e1f2a-0000-4000-8000-000000000000',
	ownerId: '6f1c2a9e-0000-4000-8000-000000000000',
	purpose: 'file',
	fileName: 'giao-an-toan-6.pdf',
	contentType: 'application/pdf',
	sizeBytes: 482133,
	sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
	status: 'pending',
	detectedType: null,
	failureReason: null,
	duplicateOfId: null,
	expiresAt: '2026-01-15T09:30:00.000Z',
	createdAt: '2026-01-15T08:30:00.000Z',
	completedAt: null
} as const;

export const exampleVerifiedUpload = { ...exampleUpload, status: 'verified', detectedType: 'application/pdf', completedAt: '2026-01-15T08:31:00.000Z' } as const;

export const createUploadDocs: SharedDocs = {
	summary: 'Open an upload slot',
	description:
		'Declares a file (`purpose` file: PDF, DOCX, PPTX, MP3, M4A, WAV, OGG, MP4, WebM; cover/preview: PNG, JPEG, WebP) with its name, content type, size and SHA-256, and answers where to send the bytes, straight to storage (S3 presigned, or the app\'s `/files/` route with the file-system store), before `expiresAt`. Up to UPLOAD_MULTIPART_THRESHOLD_BYTES (and at most one PUT the store takes: 5 GiB on S3, BODY_SIZE_LIMIT on the `/files/` route) `put` is one URL: send exactly `sizeBytes` bytes with its headers, then call `complete`. Larger files get `multipart` instead (`put` null): PUT each part\'s `sizeBytes` bytes (the file cut every `partBytes` bytes) to its URL, in any order and again if one fails, keep each answer\'s `ETag` header, then call `complete` with every `{ partNumber, etag }`. Refused at once (400, `details.reason`): a type not allowed for the purpose (`type_not_allowed`), a name whose extension disagrees with the type (`type_mismatch`), a size over UPLOAD_MAX_FILE_BYTES / UPLOAD_MAX_IMAGE_BYTES (`too_large`).',
	errors: { 400: ['validation_error'] },
	example: {
		upload: exampleUpload,
		put: {
			url: 'https://hoclieu.vn/files/uploads/6f1c2a9e-0000-4000-8000-000000000000/3c9e1f2a-0000-4000-8000-000000000000?exp=1768469400&len=482133&ct=application%2Fpdf&sig=Hq3vXk0Zb9W2yQ1rT8mN4cLp7sA5dE6fG0hJ2kL9uPo',
			method: 'PUT',
			headers: { 'content-type': 'application/pdf' },
			expiresAt: '2026-01-15T09:30:00.000Z'
		},
		multipart: null
	}
};

export const completeUploadDocs: SharedDocs = {
	summary: 'Verify an uploaded file',
	description:
		'Checks the stored bytes: size equal to the declared size, SHA-256 equal to the declared one, and the type recognised from the content (magic bytes, never the name) allowed for the purpose and agreeing with the declared type and extension. On failure the object is deleted, the slot becomes `failed` and the answer is 400 with `details.reason` (`size_mismatch`, `too_large`, `hash_mismatch`, `type_mismatch`, `unknown_type`; `missing` when nothing was sent yet, the slot stays open). A multipart slot needs `parts`, every part\'s number and ETag: parts are assembled first, and a missing part or an ETag that is not the stored part\'s answers 400 `parts_missing` with the slot still open, so that part can be sent again. A sold file identical to another author\'s verified file is refused with 409 `duplicate_file` and listed for staff. Completing a verified slot again answers it unchanged.',
	errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['duplicate_file', 'conflict'] },
	example: exampleVerifiedUpload
};

const payoutDetailsExample = {
	bankName: 'Vietcombank',
	bankAccountNumber: '0123456789',
	bankAccountHolder: 'NGUYEN THI LAN',
	changedAt: '2026-11-02T03:00:00.000Z',
	confirmUntil: '2026-11-05T03:00:00.000Z'
};

export const docs = {
	createUpload: {
		...createUploadDocs,
		description:
			`${createUploadDocs.description} Per-author quotas (GET /api/v1/studio/quota): at most UPLOAD_SLOTS_PER_HOUR slots per sliding hour (429 \`rate_limited\` with \`Retry-After\`); open slots may declare UPLOAD_PENDING_BYTES_PER_AUTHOR bytes together (429 \`rate_limited\`, \`details.reason\` = \`pending_bytes_quota\`, \`Retry-After\` until the oldest open slot expires); verified uploads and open slots together at most UPLOAD_STORED_BYTES_PER_AUTHOR bytes (422 \`state_violation\`, \`details.reason\` = \`stored_bytes_quota\`). Refusals carry \`usedBytes\` and \`limitBytes\`. A verified upload no draft uses is deleted UPLOAD_UNATTACHED_TTL_HOURS after it was verified.`,
		tags,
		errors: { ...createUploadDocs.errors, 422: ['state_violation'], 429: ['rate_limited'] }
	},

	completeUpload: {
		...completeUploadDocs,
		tags
	},

	quota: {
		summary: 'My quotas',
		description:
			'What the signed-in author uses of each quota and its limit: upload slots in the sliding hour (and when it has room again), bytes held by open slots, bytes of verified uploads, products in review; and after how many hours a verified upload no draft uses is deleted. The studio page shows it.',
		tags,
		errors: {},
		example: {
			uploadSlotsPerHour: { used: 4, limit: 60, resetsAt: '2026-01-15T09:30:00.000Z' },
			pendingBytes: { used: 482133, limit: 2147483648 },
			storedBytes: { used: 10485760, limit: 21474836480 },
			productsInReview: { used: 1, limit: 20 },
			unattachedTtlHours: 72
		}
	},

	payoutDetails: {
		summary: 'My payout account',
		description:
			'The bank account the signed-in author\'s payouts go to, when it last changed, and until when a payout to it needs staff\'s second confirmation (PAYOUT_DETAILS_COOLDOWN_HOURS after a change). 404 `not_found` without an author profile.',
		tags,
		errors: { 404: ['not_found'] },
		example: payoutDetailsExample
	},

	updatePayoutDetails: {
		summary: 'Change my payout account',
		description:
			'Replaces the bank name, account number (digits; spaces, dots and dashes as a bank app shows them are dropped) and holder. A change is audited with the account before and after and starts PAYOUT_DETAILS_COOLDOWN_HOURS during which staff must confirm the new account a second time to record a payout; sending the same details changes nothing.',
		tags,
		errors: { 400: ['validation_error'], 404: ['not_found'] },
		example: payoutDetailsExample
	}
} satisfies RouterDocs;
