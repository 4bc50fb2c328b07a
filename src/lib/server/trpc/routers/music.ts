/** Classroom music (GET /api/v1/music/quota, POST /api/v1/music/{id}/download): wiring only; rules live in src/lib/server/music. */
import { MusicDownloadGrant, MusicDownloadInput, MusicQuota } from '../../../contracts/music';
import { config } from '../../config';
import { grantMusicDownload } from '../../music/downloads';
import { musicQuota } from '../../music/quota';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { route, router } from '../init';

function downloadPolicy(): RateLimitPolicy {
	// The quota lives in the database; the limiter only blunts scripted hammering, so it may fall back to in-process.
	return { name: 'music-download', limit: config().music.downloadRatePerMinute, windowMs: 60_000, onStoreFailure: 'open' };
}

export const musicRouter = router({
	quota: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/music/quota',
			summary: 'Music download quota',
			description:
				'The caller\'s quota window for free-track downloads: a calendar month in Vietnam time. VIP members are `unlimited`. Errors use the legacy flat shape `{ code, message }`.',
			tags: ['Music'],
			envelope: 'raw',
			errorShape: 'legacy',
			errors: { 401: ['unauthenticated'], 500: ['internal'], 503: ['service_unavailable'] },
			auth: 'session',
			scopes: ['media:download'],
			example: { isVip: false, used: 3, limit: 10, resetsAt: '2026-11-30T17:00:00.000Z' }
		}
	})
		.output(MusicQuota)
		.query(({ ctx }) => musicQuota(ctx.session.user)),

	download: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/music/{id}/download',
			summary: 'Signed download URL for a music track',
			description:
				'Owners (by purchase) download without using quota; free tracks use one unit of the monthly quota; paid tracks need a purchase. Every grant is logged.',
			tags: ['Music'],
			envelope: 'raw',
			errors: {
				400: ['validation_error'],
				401: ['unauthenticated'],
				403: ['forbidden'],
				404: ['not_found'],
				429: ['quota_exceeded', 'rate_limited'],
				500: ['internal'],
				503: ['service_unavailable']
			},
			auth: 'session',
			scopes: ['media:download'],
			sameOrigin: true,
			rateLimit: { requests: [{ policy: downloadPolicy, key: 'user' }] },
			example: {
				signedUrl: 'https://hoclieu.vn/files/products/0b6f2c1e-4a5d-4e8b-9c7a-1f2e3d4c5b6a/bai-hat.wav?exp=1764500000&n=B%C3%A0i+h%C3%A1t.wav&sig=mZ8pQ2wE4rT6yU1iO3pA5sD7fG9hJ0kL2zX4cV6bN8m',
				expiresAt: '2026-11-21T10:05:00.000Z',
				logId: '5b0d7a4e-2f0c-4a51-9f0e-0d7c1c3e8a11'
			}
		}
	})
		.input(MusicDownloadInput)
		.output(MusicDownloadGrant)
		.mutation(({ ctx, input }) => grantMusicDownload(ctx.session.user, input.id))
});
