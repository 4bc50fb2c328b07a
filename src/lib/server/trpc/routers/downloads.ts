/** Token downloads (POST /api/v1/downloads/by-token): wiring only; rules live in src/lib/server/downloads. */
import { TokenDownloadInput, TokenDownloadResult } from '../../../contracts/downloads';
import { config } from '../../config';
import { exchangeDownloadToken } from '../../downloads/exchange';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { route, router } from '../init';
import { docs } from './downloads.docs';

// Tokens are unguessable HMACs; the limiter only blunts scripted hammering, so it may fall back to in-process.
const policy = (): RateLimitPolicy => ({ name: 'download-token', limit: config().checkout.downloadRateLimit, windowMs: 60_000, onStoreFailure: 'open' });

export const downloadsRouter = router({
	byToken: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/downloads/by-token',
			envelope: 'object',
			auth: 'token',
			rateLimit: { requests: [{ policy, key: 'ip' }] },
			...docs.byToken
		}
	})
		.input(TokenDownloadInput)
		.output(TokenDownloadResult)
		.mutation(({ input }) => exchangeDownloadToken(input))
});
