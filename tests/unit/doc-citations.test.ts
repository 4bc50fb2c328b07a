/**
 * Comments cite what a reader of this repository can open: docs/api.md, docs/architecture.md, the
 * ADRs, /openapi.json — never the numbering of documents the repository does not hold ("spec 4.6",
 * "architecture D8"). Every `docs/<page>.md#anchor` cited names a heading that exists.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files';

const ROOTS = ['src', 'scripts', 'tests', 'build-tools', 'docs'];
const SKIP = new Set(['node_modules', 'client']); // tests/client is generated from /openapi.json

const sources = [...ROOTS.flatMap((root) => sourceFiles(root, /\.(ts|svelte|js|mjs|md)$/, SKIP)), 'README.md'].filter((f) => !f.endsWith('doc-citations.test.ts'));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N} -]/gu, '')
		.replace(/ /g, '-');

function anchors(page: string): Set<string> {
	return new Set([...readFileSync(page, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)));
}

describe('citations in comments and docs', () => {
	it('never cite external numbering', () => {
		const offenders = sources.flatMap((f) =>
			readFileSync(f, 'utf8')
				.split('\n')
				.flatMap((line, i) => (/\b[Ss]pec (?:sections? )?\d|\barchitecture D\d|\bconvention \d/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : []))
		);
		expect(offenders).toEqual([]);
	});

	it('cite anchors that exist in docs/api.md and docs/architecture.md', () => {
		const pages = { 'docs/api.md': anchors('docs/api.md'), 'docs/architecture.md': anchors('docs/architecture.md') };
		const missing: string[] = [];
		for (const f of sources) {
			const text = readFileSync(f, 'utf8');
			for (const m of text.matchAll(/(docs\/(?:api|architecture)\.md)((?:#[a-z0-9-]+(?: and | ?, ?)?)+)/g)) {
				const page = m[1] as keyof typeof pages;
				for (const a of m[2]!.match(/#[a-z0-9-]+/g) ?? []) if (!pages[page].has(a.slice(1))) missing.push(`${f}: ${page}${a}`);
			}
		}
		expect(missing).toEqual([]);
	});
});
