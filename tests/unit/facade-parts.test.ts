import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { coerceParams } from '../../src/lib/server/rest/coerce';
import { unstorableText } from '../../src/lib/server/rest/storable-text';
import { assertDeprecationWindow, deprecationHeaders } from '../../src/lib/server/rest/deprecation';
import { compilePath, matchRoute, openApiPath, type Route } from '../../src/lib/server/rest/route-table';

describe('query coercion by schema', () => {
	const schema = z.object({
		n: z.number().int().optional(),
		b: z.boolean().default(false),
		s: z.string().optional(),
		list: z.array(z.string()).optional(),
		piped: z.number().pipe(z.number().min(1)).optional()
	});
	const parse = (q: string) => coerceParams(schema, new URLSearchParams(q));

	it('turns integers and booleans into values only when unambiguous', () => {
		expect(parse('n=42&b=false&s=42')).toEqual({ n: 42, b: false, s: '42' });
		expect(parse('n=-3&b=true')).toEqual({ n: -3, b: true });
		expect(parse('n=4.2&b=TRUE')).toEqual({ n: '4.2', b: 'TRUE' });
		expect(parse('n=&b=')).toEqual({ n: '', b: '' });
		expect(parse('piped=7')).toEqual({ piped: 7 });
	});

	it('keeps arrays and refuses repeated scalars', () => {
		expect(parse('list=a&list=b')).toEqual({ list: ['a', 'b'] });
		expect(parse('n=1&n=2')).toEqual({ n: [1, 2] });
		expect(schema.safeParse(parse('n=1&n=2')).success).toBe(false);
	});
});

describe('route matching', () => {
	const route = (path: string, method: Route['method'] = 'GET') =>
		({ ...compilePath(path), method, meta: { path }, procedurePath: path }) as unknown as Route;
	const routes = [route('/api/v1/catalog/categories'), route('/api/v1/catalog/categories/{...path}'), route('/api/v1/checkout', 'POST'), route('/api/v1/checkout/{orderId}')];

	it('matches catch-all params with slashes, including the empty one', () => {
		const m = matchRoute(routes, 'GET', '/api/v1/catalog/categories/lop-1/toan');
		expect(m).toMatchObject({ kind: 'found', params: { path: 'lop-1/toan' } });
		expect(matchRoute(routes, 'GET', '/api/v1/catalog/categories/')).toMatchObject({ kind: 'found', params: { path: '' } });
		expect(matchRoute(routes, 'GET', '/api/v1/catalog/categories')).toMatchObject({ kind: 'found', params: {} });
	});

	it('decodes each segment', () => {
		expect(matchRoute(routes, 'GET', '/api/v1/catalog/categories/l%E1%BB%9Bp-1%2Fx')).toMatchObject({ params: { path: 'lớp-1/x' } });
	});

	it('tells a wrong method from an unknown path', () => {
		expect(matchRoute(routes, 'DELETE', '/api/v1/checkout')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
		expect(matchRoute(routes, 'GET', '/api/v1/nothing')).toEqual({ kind: 'not-found' });
		expect(matchRoute(routes, 'HEAD', '/api/v1/checkout/abc')).toMatchObject({ kind: 'found' });
	});

	it('renders OpenAPI paths', () => {
		expect(openApiPath('/api/v1/catalog/products/{...fullPath}')).toBe('/api/v1/catalog/products/{fullPath}');
	});
});

describe('deprecation headers', () => {
	it('formats RFC 9745 and RFC 8594 values', () => {
		const h = deprecationHeaders({ since: '2026-01-01T00:00:00Z', sunset: '2026-07-01T00:00:00Z' }, 'https://x.example');
		expect(h.Deprecation).toBe('@1767225600');
		expect(h.Sunset).toBe('Wed, 01 Jul 2026 00:00:00 GMT');
		expect(h.Link).toBe('<https://x.example/developers#deprecations>; rel="deprecation"; type="text/html"');
	});

	it('refuses a sunset less than six months after deprecation', () => {
		expect(() => assertDeprecationWindow('x', { since: '2026-01-31', sunset: '2026-07-30' })).toThrow(/6 months/);
		expect(() => assertDeprecationWindow('x', { since: '2026-01-31', sunset: '2026-07-31' })).not.toThrow();
		expect(() => assertDeprecationWindow('x', { since: 'soon', sunset: '2026-07-31' })).toThrow(/ISO/);
	});
});

describe('text the database cannot store', () => {
	const at = (v: unknown) => unstorableText(v);

	it('finds NUL characters in strings and keys at any depth, and names the path', () => {
		expect(at({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toEqual({ path: 'b.1.c', reason: 'nul_character' });
		expect(at({ ['k\u0000']: 1 })).toEqual({ path: 'k\u0000', reason: 'nul_character' });
		expect(at('\u0000')).toEqual({ path: '', reason: 'nul_character' });
	});

	it('finds lone surrogates, high or low, anywhere in a string, but accepts real pairs', () => {
		for (const s of ['\uD800', '\uDC00', 'ỵ\uDC00', 'a\uD83Db', '\uDE00\uD83D', '🎵\uD800']) {
			expect(at({ name: s }), JSON.stringify(s)).toEqual({ path: 'name', reason: 'lone_surrogate' });
		}
		expect(at({ a: 'Giáo án 🎵 lớp 1 👩‍🏫', n: 1, t: true, z: null })).toBeNull();
	});

	it('walks a body nested far deeper than the call stack allows', () => {
		let deep: unknown = 'ok';
		for (let i = 0; i < 200_000; i++) deep = [deep];
		expect(at(deep)).toBeNull();
	});
});
