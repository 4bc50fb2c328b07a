/** What /openapi.json says about the routes of ./downloads.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

export const docs = {
	byToken: {
		scopes: ['media:download'],
		summary: 'Exchange a download token for the file',
		description:
			'Download tokens come in receipt emails and in `downloadUrl` of paid orders (its `token` query parameter), or from staff grants. They are HMAC-signed, name one product and what entitles the holder to it (a paid order or an account that owns the product), and expire (72 hours by default). The answer is a signed storage URL of the file, valid for `expiresIn` seconds, with `files`, every file of the product (primary first): pass the `id` of one as `fileId` for that file, or `all: true` for a URL of one ZIP of them all, streamed by this server (README, section Several files per product). Refunds, revoked ownership and upheld copyright or theft reports refuse every file alike. Only the token authorises this call: cookies are ignored. A token that is not `<payload>.<signature>` is 400; a tampered or expired one, or one whose order or ownership no longer stands, is 403.',
		tags: ['Downloads'],
		errors: { 400: ['validation_error'], 403: ['forbidden'], 404: ['not_found'], 429: ['rate_limited'], 503: ['service_unavailable'] },
		example: {
			url: 'https://hoclieu.vn/files/products/0b6f…/giao-an.pdf?exp=1768466400&n=Gi%C3%A1o+%C3%A1n.pdf&sig=…',
			expiresIn: 300,
			fileName: 'Giáo án.pdf',
			files: [
				{ id: '3c1f0e52-7a4b-4e0f-9d2a-5b8e6f1c2d3a', fileName: 'Giáo án.pdf', contentType: 'application/pdf', sizeBytes: 183_500 },
				{ id: '8d2e4b61-0c5f-4a7e-b3d9-1f6a2c8e9b40', fileName: 'Bài hát.mp3', contentType: 'audio/mpeg', sizeBytes: 3_145_728 }
			]
		}
	}
} satisfies RouterDocs;
