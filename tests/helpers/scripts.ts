/**
 * The operator tools the tests run as child processes (scripts/migrate.ts, scripts/ops.ts,
 * scripts/seed.ts), bundled once per test run.
 *
 * Run through tsx, every call transformed the same module graph again (a second of CPU per
 * call, and the ops-cli and seed suites make dozens); one esbuild bundle per run starts like
 * plain JavaScript. The bundle is the same source with the same packages from node_modules
 * (left external), so it behaves as `npm run ops` does; the tests of `npm run …` itself
 * (startup-modes) still go through tsx. It is written under node_modules/.cache so that a
 * package resolved from the bundle's own location (the receipt's fonts) is found as from src/.
 */
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { TEST_NODE_FLAGS } from './node-flags';

export const BUNDLED_SCRIPTS = ['migrate', 'ops', 'seed'] as const;
export type BundledScript = (typeof BUNDLED_SCRIPTS)[number];

declare module 'vitest' {
	export interface ProvidedContext {
		/** The directory holding the run's bundles (bundleScripts). */
		scriptBundles: string;
	}
}

/** Bundles the scripts into a directory of this run's own; returns it and how to remove it. */
export async function bundleScripts(): Promise<{ dir: string; remove: () => void }> {
	const dir = resolve('node_modules/.cache', `hoclieu-scripts-${process.pid}-${Date.now().toString(36)}`);
	mkdirSync(dir, { recursive: true });
	await build({
		entryPoints: Object.fromEntries(BUNDLED_SCRIPTS.map((name) => [name, resolve(`scripts/${name}.ts`)])),
		outdir: dir,
		outExtension: { '.js': '.mjs' },
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		packages: 'external',
		logLevel: 'warning'
	});
	return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The node arguments that run one bundled script (from a test file, or with the directory given). */
export function scriptArgs(name: BundledScript, dir: string = inject('scriptBundles')): string[] {
	return [...TEST_NODE_FLAGS, join(dir, `${name}.mjs`)];
}
