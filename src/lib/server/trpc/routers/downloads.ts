/** Token downloads (POST /api/v1/downloads/by-token): wiring only; rules live in src/lib/server/downloads. */
import { DownloadByTokenInput, TokenDownload } from '../../../contracts/checkout';
import { config } from '../../config';
import { exchangeDownloadToken } from '../../downloads/exchange';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { route, router } from '../init';

// Tokens are unguessable HMACs; the limiter only blunts scripted hammering, so it may fall back to in-process.
const policy = (): RateLimitPolicy => ({ name: 'download-token', limit: config().checkout.downloadRateLimit, windowMs: 60_000, onStoreFailure: 'open' });

export const downloadsRouter = router({
	byToken: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/downloads/by-token',
			scopes: ['media:download'],
			summary: 'Exchange a download token for the file',
			description:
				'Download tokens come in receipt emails and in `downloadUrl` of paid orders (its `token` query parameter), or from staff grants. They are HMAC-signed, name one product and what entitles the holder to it (a paid order or an account that owns the product), and expire (72 hours by default). The answer is a signed storage URL of the file, valid for `expiresIn` seconds. Only the token authorises this call: cookies are ignored. A token that is not `<payload>.<signature>` is 400; a tampered or expired one, or one whose order or ownership no longer stands, is 403.',
			tags: ['Downloads'],
			envelope: 'object',
			auth: 'token',
			rateLimit: { requests: [{ policy, key: 'ip' }] },
			errors: { 400: ['validation_error'], 403: ['forbidden'], 429: ['rate_limited'], 503: ['service_unavailable'] },
			example: { url: 'https://hoclieu.vn/files/products/0b6f…/giao-an.pdf?exp=1768466400&n=Gi%C3%A1o+%C3%A1n.pdf&sig=…', expiresIn: 300 }
		}
	})
		.input(DownloadByTokenInput)
		.output(TokenDownload)
		.mutation(({ input }) => exchangeDownloadToken(input.token))
});
