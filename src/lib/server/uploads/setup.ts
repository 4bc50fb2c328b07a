import { registerJob } from '../platform/jobs';
import { sweepExpiredUploads, sweepUnattachedUploads } from './uploads';

/** Slots never completed lose their bytes soon after their PUT URL expires; verified uploads never attached, after UPLOAD_UNATTACHED_TTL_HOURS. */
export function setupUploads(): void {
	registerJob('upload-expiry', 60_000, sweepExpiredUploads);
	registerJob('upload-unattached', 15 * 60_000, sweepUnattachedUploads);
}
