/**
 * Configuration per feature (README "Configuration"): the README's table is
 * what the features' schemas say, every variable is documented and declared
 * once, and each feature's file stays small enough to read at a glance.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURES, loadConfig } from '../../src/lib/server/config';
import { renderConfigTable, TABLE_END, TABLE_START, withFreshTable } from '../../src/lib/server/config/readme-table';

const root = join(import.meta.dirname, '../..');
const configDir = join(root, 'src/lib/server/config');

describe('configuration table in the README', () => {
	it('is the one the schemas render (run `npm run config:readme` after changing a variable)', () => {
		const readme = readFileSync(join(root, 'README.md'), 'utf8');
		expect(readme).toContain(TABLE_START);
		expect(readme).toContain(TABLE_END);
		expect(withFreshTable(readme)).toBe(readme);
	});

	it('documents every variable, each declared by exactly one feature', () => {
		const names = FEATURES.flatMap((feature) => Object.keys(feature.variables));
		expect(new Set(names).size).toBe(names.length);
		expect(names.length).toBeGreaterThanOrEqual(120);
		const table = renderConfigTable();
		for (const name of names) expect(table).toContain(`| \`${name}\` |`);
		// The schema loadConfig validates is the features' union: a variable the table lists is one the loader reads.
		expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/hoclieu-config-readme', PORT: 'not a port' })).toThrow(/PORT/);
	});

	it('shows parsed defaults, and the operator-facing words where a default is not a value', () => {
		const table = renderConfigTable();
		expect(table).toContain('| `PORT` | `3000` | where the server listens |');
		expect(table).toContain('| `WALLET_MAX_BALANCE_VND` | `20000000` |');
		expect(table).toContain('| `DATABASE_URL` | unset → PGlite |');
		expect(table).toContain('| `HEALTH_TOKEN` | unset |');
	});

	it('keeps every feature file under 150 lines', () => {
		const files = readdirSync(configDir).filter((name) => name.endsWith('.ts'));
		expect(files.length).toBeGreaterThanOrEqual(15);
		for (const file of files) {
			const lines = readFileSync(join(configDir, file), 'utf8').split('\n').length;
			expect({ file, short: lines < 150 }).toEqual({ file, short: true });
		}
	});
});
