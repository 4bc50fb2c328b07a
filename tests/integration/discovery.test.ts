import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer();
});
afterAll(async () => {
	await server?.stop();
});

const SCOPES = ['catalog:read', 'orders:read', 'orders:write', 'topup:read', 'topup:write', 'wallet:read', 'notifications:read', 'notifications:write', 'messages:read', 'messages:write', 'promos:validate', 'giftcodes:redeem', 'media:download'];

describe('discovery resources', () => {
	it('/openapi.json is OpenAPI 3.1 with servers from the configured origin', async () => {
		const res = await request(server.url, '/openapi.json');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
		expect(res.body.openapi).toBe('3.1.0');
		expect(res.body.servers).toEqual([{ url: server.url }]);
		expect(res.body.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'auth.session_data' });
	});

	it('every documented operation exists in the app with that method', async () => {
		const doc = (await request(server.url, '/openapi.json')).body;
		for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
			const concrete = path.replace(/\{[^}]+\}/g, 'x');
			// A method the path does not document: the facade answers 405 with the methods the path really has.
			const unused = ['DELETE', 'PATCH', 'PUT', 'POST'].find((m) => !(m.toLowerCase() in item))!;
			const probe = await request(server.url, concrete, { method: unused });
			expect(probe.status, `${unused} ${path}`).toBe(405);
			const allowed = probe.headers.get('allow')!.split(', ');
			for (const method of Object.keys(item)) expect(allowed, `${method} ${path}`).toContain(method.toUpperCase());
		}
	});

	it('/.well-known/api-catalog is an RFC 9727 linkset whose links resolve', async () => {
		const res = await request(server.url, '/.well-known/api-catalog');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
		const [entry] = res.body.linkset;
		expect(entry.anchor).toBe(`${server.url}/api/v1`);
		for (const rel of ['service-desc', 'service-doc', 'service-meta', 'status']) {
			const href: string = entry[rel][0].href;
			expect(href.startsWith(server.url)).toBe(true);
			expect((await fetch(href)).status, rel).toBe(200);
		}
		const head = await fetch(`${server.url}/.well-known/api-catalog`, { method: 'HEAD' });
		expect(head.status).toBe(200);
		expect(head.headers.get('link')).toBe(`<${server.url}/.well-known/api-catalog>; rel="api-catalog"`);
	});

	it('/.well-known/oauth-protected-resource is RFC 9728 metadata without authorization servers', async () => {
		const res = await request(server.url, '/.well-known/oauth-protected-resource');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^application\/json/);
		expect(res.body).toMatchObject({ resource: server.url, bearer_methods_supported: [], resource_documentation: `${server.url}/auth.md` });
		expect(res.body.resource_name).toEqual(expect.any(String));
		expect(res.body.scopes_supported).toEqual(SCOPES);
		expect(res.body).not.toHaveProperty('authorization_servers');
	});

	it('/llms.txt follows the llmstxt.org shape', async () => {
		const res = await request(server.url, '/llms.txt');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
		const lines = res.text.split('\n');
		expect(lines[0]).toBe('# hoclieu');
		expect(lines.find((l) => l.startsWith('> '))).toBeDefined();
		expect(res.text).toMatch(/^## Documentation$/m);
		expect(res.text).toContain(`(${server.url}/openapi.json)`);
		expect(res.text).toContain(`(${server.url}/auth.md)`);
	});

	it('/auth.md explains sessions, the missing authorization server and the scopes', async () => {
		const res = await request(server.url, '/auth.md');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
		expect(res.text).toContain('auth.session_data');
		expect(res.text).toContain('No OAuth 2.0 or OpenID Connect authorization server');
		expect(res.text).toContain('order_access_<orderId>');
		for (const s of SCOPES) expect(res.text).toContain(`\`${s}\``);
	});

	it('/developers links every discovery document and explains limits, errors and versioning', async () => {
		const res = await request(server.url, '/developers');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^text\/html/);
		for (const href of ['/api-docs', '/openapi.json', '/auth.md', '/llms.txt', '/.well-known/api-catalog', '/.well-known/oauth-protected-resource']) {
			expect(res.text).toContain(`href="${href}"`);
		}
		for (const text of ['RateLimit-Remaining', 'Retry-After', 'validation_error', 'Deprecation', 'Sunset', 'id="deprecations"']) {
			expect(res.text).toContain(text);
		}
	});

	it('/api-docs lists every operation of /openapi.json as plain HTML, Vietnamese first', async () => {
		const doc = (await request(server.url, '/openapi.json')).body as { paths: Record<string, Record<string, { operationId: string }>> };
		const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
		expect(ids.length).toBeGreaterThan(50);
		const res = await request(server.url, '/api-docs');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toMatch(/^text\/html/);
		const html = res.text;
		expect(html).not.toContain('<script'); // usable as it arrives: nothing to download, parse or hydrate
		expect(html.match(/data-testid="operation"/g)).toHaveLength(ids.length);
		for (const id of ids) expect(html, id).toContain(`id="${id}"`);
		expect(html).toMatch(/<h1[^>]*>Tài liệu API <span[^>]*lang="en"[^>]*>API reference<\/span><\/h1>/);
		// Shared error responses are resolved: the checkout conflict codes and the envelope they follow are listed.
		expect(html).toMatch(/<code[^>]*>already_owned<\/code>/);
		expect(html).toContain('href="#luoc-do-ErrorEnvelope"');
		expect(html).toContain('id="luoc-do-ErrorEnvelope"');
		expect(html).toContain('href="/api-docs/swagger"');
	});

	it('/api-docs/swagger is served with its assets from this server', async () => {
		const res = await request(server.url, '/api-docs/swagger');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
		expect(res.text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[a-z]/i);
		for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
			const a = await fetch(`${server.url}/api-docs/assets/${asset}`);
			expect(a.status).toBe(200);
		}
		expect((await fetch(`${server.url}/api-docs/assets/..%2Fpackage.json`)).status).toBe(404);
	});

	it('/robots.txt allows the catalog, disallows private paths and points to the sitemap', async () => {
		const res = await request(server.url, '/robots.txt');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
		expect(res.text).toMatch(/^User-agent: \*$/m);
		for (const rule of ['Allow: /api/v1/catalog/', 'Disallow: /api/v1/checkout', 'Disallow: /api/v1/wallet/', 'Disallow: /don-hang', 'Disallow: /thanh-toan/']) {
			expect(res.text).toContain(rule);
		}
		expect(res.text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
	});

	it('/sitemap.xml lists the home page and is well-formed', async () => {
		const res = await request(server.url, '/sitemap.xml');
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
		expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
		expect(res.text).toContain(`<loc>${server.url}/</loc>`);
		expect(res.text.trim().endsWith('</urlset>')).toBe(true);
	});
});
