/**
 * `npm start` serves its build only while the sources it was made from are
 * unchanged (scripts/start-build.mjs): the digest covers every build input's
 * path and bytes, and anything not stamped by the launcher is built again.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, sourceDigest, STAMP_FILE, staleBecause } from '../../scripts/start-build.mjs';

let root: string;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'start-build-'));
	mkdirSync(join(root, 'src/routes'), { recursive: true });
	writeFileSync(join(root, 'src/routes/+page.svelte'), '<h1>Xin chào</h1>');
	writeFileSync(join(root, 'package-lock.json'), '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the source digest', () => {
	it('is stable, and changes with a file’s bytes, its name, a new file and the lockfile, not with files outside the inputs', () => {
		const first = sourceDigest(root);
		expect(first).toMatch(/^[0-9a-f]{64}$/);
		expect(sourceDigest(root)).toBe(first);

		writeFileSync(join(root, 'tests.log'), 'không phải đầu vào của bản build');
		expect(sourceDigest(root)).toBe(first);

		writeFileSync(join(root, 'src/routes/+page.svelte'), '<h1>Xin chào!</h1>');
		const edited = sourceDigest(root);
		expect(edited).not.toBe(first);

		renameSync(join(root, 'src/routes/+page.svelte'), join(root, 'src/routes/+layout.svelte'));
		expect(sourceDigest(root)).not.toBe(edited);

		writeFileSync(join(root, 'src/app.css'), 'body{}');
		const added = sourceDigest(root);
		writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
		expect(sourceDigest(root)).not.toBe(added);
		expect(BUILD_INPUTS).toEqual(expect.arrayContaining(['src', 'static', 'package-lock.json', 'svelte.config.js', 'vite.config.ts']));
	});
});

describe('whether a build may be served', () => {
	it('builds when there is no build, when the build has no stamp, and when the stamp is of other sources', () => {
		const build = join(root, 'build');
		const digest = sourceDigest(root);
		expect(staleBecause(build, digest)).toBe('there is no build yet');
		mkdirSync(build);
		writeFileSync(join(build, 'index.js'), '');
		expect(staleBecause(build, digest)).toBe('the build was not made by `npm start` (a test or manual build)');
		writeFileSync(join(build, STAMP_FILE), 'not json');
		expect(staleBecause(build, digest)).toBe('the build was not made by `npm start` (a test or manual build)');
		writeFileSync(join(build, STAMP_FILE), JSON.stringify({ digest: '0'.repeat(64) }));
		expect(staleBecause(build, digest)).toBe('the sources changed since it was built');
		writeFileSync(join(build, STAMP_FILE), JSON.stringify({ digest }));
		expect(staleBecause(build, digest)).toBeNull();
	});
});
