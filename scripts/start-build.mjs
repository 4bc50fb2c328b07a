// The build `npm start` serves (scripts/start.mjs): always a production build, stamped with a
// digest of every file that goes into `vite build`, and made again when the stamp no longer
// matches: after `git pull`, an edit, or a build made by `npm test` (test mode) or by hand.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/** Folders and files whose content shapes the build (node_modules through the lockfile). */
export const BUILD_INPUTS = ['src', 'static', 'build-tools', 'package.json', 'package-lock.json', 'svelte.config.js', 'vite.config.ts', 'tsconfig.json'];

/** @param {string} path @returns {string[]} */
function files(path) {
	if (!existsSync(path)) return [];
	if (!statSync(path).isDirectory()) return [path];
	return readdirSync(path)
		.sort()
		.flatMap((name) => files(join(path, name)));
}

/**
 * sha256 over the inputs' relative paths and bytes, in a fixed order.
 * @param {string} root @param {string[]} [inputs] @returns {string}
 */
export function sourceDigest(root, inputs = BUILD_INPUTS) {
	const hash = createHash('sha256');
	for (const file of inputs.flatMap((input) => files(join(root, input)))) {
		hash.update(relative(root, file).split(sep).join('/'));
		hash.update('\0');
		hash.update(readFileSync(file));
		hash.update('\0');
	}
	return hash.digest('hex');
}

export const STAMP_FILE = '.start-stamp.json';

/**
 * Why the build in `buildDir` cannot be served as it is, or null when it can. Only this file's
 * builds carry a stamp, so a test-mode or development build is never served by mistake.
 * @param {string} buildDir @param {string} digest @returns {string | null}
 */
export function staleBecause(buildDir, digest) {
	if (!existsSync(join(buildDir, 'index.js'))) return 'there is no build yet';
	let stamp;
	try {
		stamp = JSON.parse(readFileSync(join(buildDir, STAMP_FILE), 'utf8'));
	} catch {
		return 'the build was not made by `npm start` (a test or manual build)';
	}
	if (stamp.digest !== digest) return 'the sources changed since it was built';
	return null;
}

/**
 * Runs `vite build` into `outDir` (svelte.config.js reads HOCLIEU_BUILD_OUT) and stamps it.
 * NODE_ENV is the server's mode at run time (the demo's is `development`); the build itself is
 * always a production build, or the client would ship Svelte's development checks and warnings.
 * @param {string} root @param {string} outDir
 * @param {{ env?: NodeJS.ProcessEnv, logLevel?: 'info' | 'warn' | 'error' | 'silent' }} [options]
 * @returns {boolean}
 */
export function buildForStart(root, outDir, { env = process.env, logLevel = 'info' } = {}) {
	const digest = sourceDigest(root);
	const result = spawnSync(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', logLevel], {
		cwd: root,
		stdio: 'inherit',
		env: { ...env, NODE_ENV: 'production', HOCLIEU_BUILD_OUT: outDir }
	});
	if (result.status !== 0) return false;
	writeFileSync(join(outDir, STAMP_FILE), `${JSON.stringify({ digest, builtAt: new Date().toISOString() })}\n`);
	return true;
}
