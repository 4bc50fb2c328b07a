/** What /openapi.json says about the routes of ./music.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

export const docs = {
	quota: {
		summary: 'Music download quota',
		description:
			'The caller\'s quota window for free-track downloads: a calendar month in Vietnam time. VIP members are `unlimited`. Errors use the legacy flat shape `{ code, message }`.',
		tags: ['Music'],
		errors: { 401: ['unauthenticated'], 500: ['internal'], 503: ['service_unavailable'] },
		scopes: ['media:download'],
		example: { isVip: false, used: 3, limit: 10, resetsAt: '2026-11-30T17:00:00.000Z' }
	},

	download: {
		summary: 'Signed download URL for a music track',
		description:
			'Owners (by purchase) download without using quota; free tracks use one unit of the monthly quota; paid tracks need a purchase. Every grant is logged.',
		tags: ['Music'],
		errors: {
			400: ['validation_error'],
			401: ['unauthenticated'],
			403: ['forbidden'],
			404: ['not_found'],
			429: ['quota_exceeded', 'rate_limited'],
			500: ['internal'],
			503: ['service_unavailable']
		},
		scopes: ['media:download'],
		example: {
			signedUrl: 'https://hoclieu.vn/files/products/0b6f2c1e-4a5d-4e8b-9c7a-1f2e3d4c5b6a/bai-hat.wav?exp=1764500000&n=B%C3%A0i+h%C3%A1t.wav&sig=mZ8pQ2wE4rT6yU1iO3pA5sD7fG9hJ0kL2zX4cV6bN8m',
			expiresAt: '2026-11-21T10:05:00.000Z',
			logId: '5b0d7a4e-2f0c-4a51-9f0e-0d7c1c3e8a11'
		}
	}
} satisfies RouterDocs;
