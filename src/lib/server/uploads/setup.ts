import { registerJob } from '../platform/jobs';
import { sweepExpiredUploads } from './uploads';

/** Slots never completed lose their bytes soon after their PUT URL expires. */
export function setupUploads(): void {
	registerJob('upload-expiry', 60_000, sweepExpiredUploads);
}
