/**
 * The layering the next maintainer relies on (README "Project layout"): domain code under
 * src/lib/server imports no route, REST facade, tRPC or SvelteKit at run time (an ESLint rule,
 * checked here to be on and to bite), and no module of src/ imports itself back through others.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files';

describe('the layering rule', () => {
	it('refuses a domain module importing the REST facade, tRPC or SvelteKit at run time, and allows SvelteKit types', async () => {
		const eslint = new ESLint();
		const code = [
			"import { routeTable } from '../rest/facade';",
			"import { appRouter } from '$lib/server/trpc/routers';",
			"import { redirect } from '@sveltejs/kit';",
			"import type { Cookies } from '@sveltejs/kit';",
			'export const used: unknown[] = [routeTable, appRouter, redirect, null as unknown as Cookies];'
		].join('\n');
		const [domain] = await eslint.lintText(code, { filePath: 'src/lib/server/wallet/layering-probe.ts' });
		const restricted = domain!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
		expect(restricted.map((m) => m.line)).toEqual([1, 2, 3]);
		// The transports themselves may import each other.
		const [transport] = await eslint.lintText(code, { filePath: 'src/lib/server/rest/layering-probe.ts' });
		expect(transport!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')).toEqual([]);
	}, 60_000);
});

/** The modules of src/ each file imports (relative or `$lib/`), types included: a type-only circle still ties two files together. */
function importGraph(): Map<string, string[]> {
	const files = sourceFiles('src', /^(?!.*\.d\.ts$).*\.(ts|svelte)$/).map((f) => resolve(f));
	const known = new Set(files);
	const target = (from: string, spec: string) => {
		const base = spec.startsWith('$lib/') ? resolve('src/lib', spec.slice(5)) : spec.startsWith('.') ? resolve(dirname(from), spec) : null;
		if (!base) return null;
		return [base, `${base}.ts`, `${base}.svelte`, join(base, 'index.ts')].find((c) => known.has(c)) ?? null;
	};
	return new Map(
		files.map((f) => {
			const specs = [...readFileSync(f, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
			return [f, [...new Set(specs.map((s) => target(f, s)).filter((t): t is string => t !== null && t !== f))]];
		})
	);
}

/** Strongly connected groups of more than one module (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
	let next = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const found: string[][] = [];
	const visit = (v: string) => {
		index.set(v, next);
		low.set(v, next++);
		stack.push(v);
		onStack.add(v);
		for (const w of graph.get(v) ?? []) {
			if (!index.has(w)) {
				visit(w);
				low.set(v, Math.min(low.get(v)!, low.get(w)!));
			} else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
		}
		if (low.get(v) === index.get(v)) {
			const group: string[] = [];
			let w: string;
			do {
				w = stack.pop()!;
				onStack.delete(w);
				group.push(relative(process.cwd(), w));
			} while (w !== v);
			if (group.length > 1) found.push(group.sort());
		}
	};
	for (const v of graph.keys()) if (!index.has(v)) visit(v);
	return found;
}

describe('imports', () => {
	it('form no circles in src/ (a component that renders itself is not one)', () => {
		expect(circles(importGraph())).toEqual([]);
	});

	it('the circle finder finds a planted circle', () => {
		const graph = new Map([
			['a', ['b']],
			['b', ['c']],
			['c', ['a']],
			['d', ['a']]
		]);
		expect(circles(graph)).toEqual([['a', 'b', 'c']]);
	});
});
