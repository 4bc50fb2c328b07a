/**
 * Prints, after the run, the tests and `expect` calls per project and in all
 * (counted by `count-assertions.ts`), so a run can be compared with an earlier
 * one: README "Test it" records the totals a change must not lower.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface Totals {
	files: number;
	passed: number;
	failed: number;
	skipped: number;
	assertions: number;
}

const empty = (): Totals => ({ files: 0, passed: 0, failed: 0, skipped: 0, assertions: 0 });

export function totalsOf(modules: readonly TestModule[]): Map<string, Totals> {
	const byProject = new Map<string, Totals>();
	for (const module of modules) {
		const name = module.project.name || 'default';
		const totals = byProject.get(name) ?? empty();
		byProject.set(name, totals);
		totals.files += 1;
		for (const test of module.children.allTests()) {
			const state = test.result().state;
			if (state === 'passed') totals.passed += 1;
			else if (state === 'failed') totals.failed += 1;
			else totals.skipped += 1;
			totals.assertions += test.meta().assertions ?? 0;
		}
	}
	return byProject;
}

const line = (name: string, t: Totals) =>
	`${name}: ${t.files} files, ${t.passed + t.failed + t.skipped} tests (${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped), ${t.assertions} assertions`;

export default class TotalsReporter implements Reporter {
	private readonly finished: TestModule[] = [];

	/**
	 * With TEST_TOTALS_FILE set, the totals so far are written there as JSON after every
	 * file: an interrupted run (Ctrl-C, a CI time limit) still says what it had tested.
	 */
	onTestModuleEnd(module: TestModule): void {
		this.finished.push(module);
		const file = process.env.TEST_TOTALS_FILE;
		if (!file) return;
		const files = this.finished.map((m) => {
			const tests = [...m.children.allTests()];
			return { file: m.relativeModuleId, tests: tests.length, assertions: tests.reduce((sum, t) => sum + (t.meta().assertions ?? 0), 0) };
		});
		writeFileSync(file, JSON.stringify({ projects: Object.fromEntries(totalsOf(this.finished)), files }, null, '\t') + '\n');
	}

	onTestRunEnd(modules: readonly TestModule[]): void {
		const byProject = totalsOf(modules);
		const all = empty();
		const lines: string[] = [];
		for (const [name, t] of [...byProject].sort(([a], [b]) => a.localeCompare(b))) {
			lines.push(`  ${line(name, t)}`);
			for (const key of Object.keys(all) as (keyof Totals)[]) all[key] += t[key];
		}
		process.stdout.write(`\nTotals\n${lines.join('\n')}\n  ${line('all', all)}\n`);
	}
}
