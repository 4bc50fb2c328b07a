import { error } from '@sveltejs/kit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RequestHandler } from './$types';

// Served from our own installation of swagger-ui-dist: no CDN (offline users, no internet here).
const FILES: Record<string, string> = {
	'swagger-ui.css': 'text/css; charset=utf-8',
	'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
	'favicon-32x32.png': 'image/png'
};
const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// /api-docs' start-up call, served as a file so its CSP needs no inline script.
const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });\n`;

export const GET: RequestHandler = async ({ params }) => {
	if (params.file === 'swagger-init.js') {
		return new Response(INIT, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' } });
	}
	const type = FILES[params.file];
	if (!type) error(404, 'Không tìm thấy tệp.');
	return new Response(await readFile(join(root, params.file)), {
		headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' }
	});
};
