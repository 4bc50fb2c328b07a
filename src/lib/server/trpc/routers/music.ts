/** Classroom music (GET /api/v1/music/quota, POST /api/v1/music/{id}/download): wiring only; rules live in src/lib/server/music. */
import { MusicDownloadGrant, MusicDownloadInput, MusicQuota } from '../../../contracts/music';
import { config } from '../../config';
import { grantMusicDownload } from '../../music/downloads';
import { musicQuota } from '../../music/quota';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { route, router } from '../init';
import { docs } from './music.docs';

function downloadPolicy(): RateLimitPolicy {
	// The quota lives in the database; the limiter only blunts scripted hammering, so it may fall back to in-process.
	return { name: 'music-download', limit: config().music.downloadRatePerMinute, windowMs: 60_000, onStoreFailure: 'open' };
}

export const musicRouter = router({
	quota: route({ openapi: { method: 'GET', path: '/api/v1/music/quota', envelope: 'raw', errorShape: 'legacy', auth: 'session', ...docs.quota } })
		.output(MusicQuota)
		.query(({ ctx }) => musicQuota(ctx.session.user)),

	download: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/music/{id}/download',
			envelope: 'raw',
			auth: 'session',
			sameOrigin: true,
			rateLimit: { requests: [{ policy: downloadPolicy, key: 'user' }] },
			...docs.download
		}
	})
		.input(MusicDownloadInput)
		.output(MusicDownloadGrant)
		.mutation(({ ctx, input }) => grantMusicDownload(ctx.session.user, input.id))
});
