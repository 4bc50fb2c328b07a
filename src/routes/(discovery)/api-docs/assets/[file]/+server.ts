import { error } from '@sveltejs/kit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiateEncoding, type Encoding } from '$lib/server/http/compression';
import type { RequestHandler } from './$types';

// Served from our own installation of swagger-ui-dist: no CDN (offline users, no internet here).
const FILES: Record<string, { type: string; compress: boolean }> = {
	'swagger-ui.css': { type: 'text/css; charset=utf-8', compress: true },
	'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', compress: true },
	'favicon-32x32.png': { type: 'image/png', compress: false }
};
const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// /api-docs' start-up call, served as a file so its CSP needs no inline script.
const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });\n`;

interface Variants {
	identity: Buffer;
	br?: Buffer;
	gzip?: Buffer;
}

// The bundle is 1.4 MB: compressed once per process (like the build's precompressed
// /_app files), not on every request by the hooks' streaming compression.
const cache = new Map<string, Promise<Variants>>();

async function load(file: string, compress: boolean): Promise<Variants> {
	const identity = await readFile(join(root, file));
	if (!compress) return { identity };
	return {
		identity,
		br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
		gzip: gzipSync(identity, { level: 9 })
	};
}

export const GET: RequestHandler = async ({ params, request }) => {
	if (params.file === 'swagger-init.js') {
		return new Response(INIT, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' } });
	}
	const entry = FILES[params.file];
	if (!entry) error(404, 'Không tìm thấy tệp.');
	let variants = cache.get(params.file);
	if (!variants) {
		variants = load(params.file, entry.compress);
		cache.set(params.file, variants);
	}
	const files = await variants;
	const encoding: Encoding | null = entry.compress && !request.headers.has('range') ? negotiateEncoding(request.headers.get('accept-encoding')) : null;
	const headers: Record<string, string> = { 'content-type': entry.type, 'cache-control': 'public, max-age=86400' };
	if (entry.compress) headers.vary = 'Accept-Encoding';
	if (encoding) headers['content-encoding'] = encoding;
	const body = encoding ? files[encoding]! : files.identity;
	return new Response(new Uint8Array(body), { headers });
};
