/**
 * Routers read like their handlers (docs/architecture.md#one-route-builder): a route's meta in
 * src/lib/server/trpc/routers/<router>.ts states how it is served and its policies, and spreads
 * `docs.<procedure>` from the sibling <router>.docs.ts for everything /openapi.json only documents
 * (ROUTE_DOC_KEYS). This keeps the split from eroding: no documentation key in a router file,
 * directly or through a constant it spreads, and no docs entry without its route. Test-only routes
 * (`internal: true`) are never published, so their one-line summary may stay beside them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROUTE_DOC_KEYS } from '../../src/lib/server/rest/meta';

const ROUTERS = 'src/lib/server/trpc/routers';
const DOC_KEYS: ReadonlySet<string> = new Set(ROUTE_DOC_KEYS);

interface RouterFacts {
	/** `procedure: what is wrong` for each documentation key or unknown spread left in a route's meta. */
	violations: string[];
	/** Procedure → the `docs.<name>` its meta spreads (null: none). */
	docRefs: Map<string, string | null>;
	/** Modules the file imports. */
	imports: string[];
}

const unwrap = (e: ts.Expression): ts.Expression => (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) ? unwrap(e.expression) : e);

/** What a router's source says in its route metas (`route({ openapi })` and `.meta({ openapi })`). */
function routerFacts(source: string): RouterFacts {
	const sf = ts.createSourceFile('router.ts', source, ts.ScriptTarget.Latest, true);
	const consts = new Map<string, ts.Expression>();
	for (const st of sf.statements) {
		if (!ts.isVariableStatement(st)) continue;
		for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, unwrap(d.initializer));
	}
	const imports = sf.statements.filter(ts.isImportDeclaration).map((d) => (d.moduleSpecifier as ts.StringLiteral).text);
	const violations: string[] = [];
	const docRefs = new Map<string, string | null>();

	/** The keys an object literal sets, through spreads of this file's constants; other spreads are reported. */
	const keysOf = (obj: ts.ObjectLiteralExpression, where: string, docRef: { name: string | null }, seen = new Set<ts.Node>()): Map<string, ts.Expression | null> => {
		const keys = new Map<string, ts.Expression | null>();
		if (seen.has(obj)) return keys;
		seen.add(obj);
		for (const p of obj.properties) {
			if (ts.isSpreadAssignment(p)) {
				const e = unwrap(p.expression);
				if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'docs') docRef.name = e.name.text;
				else if (ts.isIdentifier(e) && consts.has(e.text) && ts.isObjectLiteralExpression(consts.get(e.text)!)) {
					for (const [k, v] of keysOf(consts.get(e.text) as ts.ObjectLiteralExpression, where, docRef, seen)) keys.set(k, v);
				} else violations.push(`${where}: spreads ${e.getText(sf)}, not this file's constant nor docs.<procedure>`);
			} else if (p.name) keys.set(p.name.getText(sf), ts.isPropertyAssignment(p) ? p.initializer : null);
		}
		return keys;
	};

	const visit = (node: ts.Node) => {
		if (ts.isCallExpression(node) && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
			const callee = node.expression;
			const isMeta = (ts.isIdentifier(callee) && callee.text === 'route') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 'meta');
			const openapi = isMeta ? node.arguments[0].properties.find((p) => p.name?.getText(sf) === 'openapi') : undefined;
			if (openapi && ts.isPropertyAssignment(openapi) && ts.isObjectLiteralExpression(unwrap(openapi.initializer))) {
				let owner: ts.Node | undefined = node.parent;
				while (owner && !ts.isPropertyAssignment(owner)) owner = owner.parent;
				const procedure = owner && ts.isPropertyAssignment(owner) ? owner.name.getText(sf) : '(unnamed)';
				const docRef = { name: null as string | null };
				const keys = keysOf(unwrap(openapi.initializer) as ts.ObjectLiteralExpression, procedure, docRef);
				const internal = keys.get('internal')?.kind === ts.SyntaxKind.TrueKeyword;
				if (!internal) {
					for (const k of keys.keys()) if (DOC_KEYS.has(k)) violations.push(`${procedure}: ${k} belongs in the .docs.ts sibling`);
					docRefs.set(procedure, docRef.name);
				}
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(sf);
	return { violations, docRefs, imports };
}

/** The procedure names a docs file documents: the keys of its `export const docs = { … }`. */
function documented(source: string): string[] {
	const sf = ts.createSourceFile('docs.ts', source, ts.ScriptTarget.Latest, true);
	for (const st of sf.statements) {
		if (!ts.isVariableStatement(st)) continue;
		for (const d of st.declarationList.declarations) {
			if (ts.isIdentifier(d.name) && d.name.text === 'docs' && d.initializer) {
				const obj = unwrap(d.initializer);
				if (ts.isObjectLiteralExpression(obj)) return obj.properties.map((p) => p.name?.getText(sf) ?? '(spread)');
			}
		}
	}
	return [];
}

const files = readdirSync(ROUTERS).filter((f) => f.endsWith('.ts'));
const routerFiles = files.filter((f) => !f.endsWith('.docs.ts'));
const read = (f: string) => readFileSync(join(ROUTERS, f), 'utf8');

describe('route documentation beside each router', () => {
	it('router files hold no documentation key in a published route meta, directly or through a constant', () => {
		const found = routerFiles.flatMap((f) => routerFacts(read(f)).violations.map((v) => `${f}: ${v}`));
		expect(found).toEqual([]);
	});

	it('every published route spreads its own docs.<procedure> from the sibling .docs.ts, and every docs entry has its route', () => {
		const wrong: string[] = [];
		for (const f of routerFiles) {
			const { docRefs, imports } = routerFacts(read(f));
			if (docRefs.size === 0) continue;
			const sibling = f.replace(/\.ts$/, '.docs.ts');
			if (!existsSync(join(ROUTERS, sibling))) wrong.push(`${f}: no ${sibling}`);
			if (!imports.includes(`./${sibling.replace(/\.ts$/, '')}`)) wrong.push(`${f}: does not import ./${sibling}`);
			for (const [procedure, ref] of docRefs) if (ref !== procedure) wrong.push(`${f}: ${procedure} spreads ${ref === null ? 'no docs' : `docs.${ref}`}`);
			const entries = existsSync(join(ROUTERS, sibling)) ? documented(read(sibling)) : [];
			for (const e of entries) if (!docRefs.has(e)) wrong.push(`${sibling}: ${e} documents no route of ${f}`);
		}
		for (const f of files.filter((f) => f.endsWith('.docs.ts'))) if (!existsSync(join(ROUTERS, f.replace(/\.docs\.ts$/, '.ts')))) wrong.push(`${f}: no router beside it`);
		expect(wrong).toEqual([]);
	});

	it('the check finds documentation planted in a router, through a constant too, and lets test-only routes keep a summary', () => {
		const planted = [
			"const shared = { envelope: 'object', errors: {} } as const;",
			"const base = { tags: ['Testing'], internal: true, auth: 'none', errors: {} } as const;",
			'export const r = router({',
			"\ta: route({ openapi: { method: 'GET', path: '/api/v1/a', auth: 'none', summary: 'A', ...docs.a } }).query(() => 1),",
			"\tb: route({ openapi: { ...shared, method: 'GET', path: '/api/v1/b', auth: 'none', ...docs.b } }).query(() => 1),",
			"\tc: route({ openapi: { ...uploadDocs, method: 'GET', path: '/api/v1/c', auth: 'none', ...docs.x } }).query(() => 1),",
			"\td: testOnly.meta({ openapi: { ...base, method: 'POST', path: '/api/v1/_test/d', summary: 'D', envelope: 'object' } }).mutation(() => 1)",
			'});'
		].join('\n');
		const facts = routerFacts(planted);
		expect(facts.violations).toEqual([
			'a: summary belongs in the .docs.ts sibling',
			'b: errors belongs in the .docs.ts sibling',
			'c: spreads uploadDocs, not this file\'s constant nor docs.<procedure>'
		]);
		expect([...facts.docRefs]).toEqual([
			['a', 'a'],
			['b', 'b'],
			['c', 'x']
		]);
	});
});
