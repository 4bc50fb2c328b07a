import { setSessionCacheListening, sessionCacheHeard } from '../auth/session-cache';
import { config } from '../config';
import { listen } from '../db/listen';
import { registerJob } from '../platform/jobs';
import { afterMigration } from '../startup';
import { catchUpAll, heard } from './hub';
import { pruneLiveEvents } from './prune';

export const LIVE_CHANNEL = 'hoclieu_live';
export const LIVE_LISTENER_NAME = 'hoclieu-live-listener';

/**
 * Start-up: every process (cluster worker, instance) hears `hoclieu_live`
 * once the database is migrated, for its event streams and its session cache
 * (../auth/session-cache.ts); the job runner prunes old events.
 */
export function setupEvents(): void {
	registerJob('live-events-prune', config().live.pruneIntervalMs, pruneLiveEvents);
	let stop: (() => Promise<void>) | undefined;
	afterMigration(async () => {
		// A retried start-up runs the hooks again: one listener is enough.
		if (stop) return;
		// Closed with the database; an open LISTEN connection would keep the process from exiting.
		process.once('sveltekit:shutdown', () => void stop?.());
		stop = listen({
			name: LIVE_LISTENER_NAME,
			channels: [LIVE_CHANNEL],
			heard: (_, payload) => {
				sessionCacheHeard(payload);
				heard(payload);
			},
			up: () => {
				setSessionCacheListening(true);
				catchUpAll();
			},
			down: () => setSessionCacheListening(false),
			lossWarning: 'live events delayed'
		});
	});
}
