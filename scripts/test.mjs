#!/usr/bin/env node
/**
 * `npm test`: the test build, then vitest (unit + integration) and Playwright side by side.
 *
 * Playwright drives one browser against one server and spends most of its wall time waiting on
 * pages (a run used a third of one core), while vitest keeps both cores busy; one after the other
 * the browser tests added their whole wall time to the run, side by side they fill vitest's gaps
 * (README "Test it" has the timings). Each runner's lines are prefixed with its name; both print
 * their test and assertion totals (tests/helpers/totals/), and this prints each part's wall time.
 * The exit code is non-zero when either fails.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** @param {string} name @param {string} script @param {string[]} args @returns {Promise<{ name: string, code: number, seconds: number }>} */
function run(name, script, args) {
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
		const prefix = `${name.padEnd(10)}│ `;
		for (const stream of [child.stdout, child.stderr]) {
			createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
		}
		child.on('exit', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) }));
	});
}

const build = await run('build', 'node_modules/vite/bin/vite.js', ['build', '--mode', 'test', '--logLevel', 'warn']);
if (build.code !== 0) {
	console.error(`npm test: the test build failed (exit ${build.code})`);
	process.exit(build.code);
}
const parts = [build, ...(await Promise.all([run('vitest', 'node_modules/vitest/vitest.mjs', ['run']), run('playwright', 'node_modules/@playwright/test/cli.js', ['test'])]))];
console.log('\nnpm test, wall time of each part:');
for (const p of parts) console.log(`  ${p.name.padEnd(10)} ${String(p.seconds).padStart(4)} s${p.code === 0 ? '' : `  FAILED (exit ${p.code})`}`);
process.exit(parts.some((p) => p.code !== 0) ? 1 : 0);
