import { config } from '../config';
import { log } from '../platform/logger';
import { registerJob } from '../platform/jobs';
import { afterMigration } from '../startup';
import { availableTools } from './tools';
import { previewTick, requeueForInstalledTools } from './worker';

/** The preview worker (PREVIEW_CONCURRENCY > 0): tools detected once, then the queue polled. */
export function setupPreviews(): void {
	const cfg = config().previews;
	if (cfg.concurrency === 0) {
		log.info('preview worker off (PREVIEW_CONCURRENCY=0): new files stay "queued"');
		return;
	}
	void availableTools();
	afterMigration(requeueForInstalledTools);
	// Every worker process claims from the queue (SKIP LOCKED, leased), not only the elected one.
	registerJob('previews', cfg.pollMs, previewTick, 'every-worker');
}
