/**
 * The committed document (equal to the generated one, see openapi.test.ts) passes
 * Redocly's `recommended` and Spectral's `spectral:oas` rulesets with 0 errors and
 * 0 warnings (redocly.yaml, .spectral.yaml; both CLIs pinned in package.json).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOCUMENT = 'docs/openapi.json';
const quiet = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

function run(script: string, args: string[]): string {
	try {
		return execFileSync(process.execPath, [resolve(script), ...args], { encoding: 'utf8', env: quiet, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
	} catch (e) {
		// Both CLIs exit non-zero when they find errors; their JSON report is still on stdout.
		const out = (e as { stdout?: string }).stdout;
		if (out) return out;
		throw e;
	}
}

describe('OpenAPI lint', () => {
	it('@redocly/cli lint (recommended): 0 errors, 0 warnings', { timeout: 120_000 }, () => {
		const report = JSON.parse(run('node_modules/@redocly/cli/bin/cli.js', ['lint', DOCUMENT, '--format=json'])) as {
			totals: { errors: number; warnings: number };
			problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
		};
		console.log(`redocly recommended: ${report.totals.errors} errors, ${report.totals.warnings} warnings`);
		expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
		expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
	});

	it('@stoplight/spectral-cli lint (spectral:oas): 0 errors, 0 warnings', { timeout: 120_000 }, () => {
		const results = JSON.parse(run('node_modules/@stoplight/spectral-cli/dist/index.js', ['lint', DOCUMENT, '-f', 'json', '--quiet'])) as {
			code: string;
			severity: number;
			message: string;
			path: string[];
		}[];
		const errors = results.filter((r) => r.severity === 0).length;
		const warnings = results.filter((r) => r.severity === 1).length;
		console.log(`spectral:oas: ${errors} errors, ${warnings} warnings`);
		// Severity 0 is error, 1 warning; info and hints (2, 3) are not counted by the brief but listed here too.
		expect(results.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
	});
});
