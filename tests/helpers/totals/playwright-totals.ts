/**
 * The Playwright counterpart of totals-reporter.ts: after the run, the number
 * of tests and of `expect` calls (every one is a step of category "expect").
 */
import type { FullResult, Reporter, TestCase, TestResult, TestStep } from '@playwright/test/reporter';

export default class PlaywrightTotals implements Reporter {
	private readonly outcomes = new Map<TestCase, string>();
	private assertions = 0;

	onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
		if (step.category === 'expect') this.assertions += 1;
	}

	onTestEnd(test: TestCase): void {
		// A retried test counts once, with its last outcome.
		this.outcomes.set(test, test.outcome());
	}

	onEnd(result: FullResult): void {
		// `playwright test --list` runs nothing.
		if (this.outcomes.size === 0) return;
		const count = (outcome: string) => [...this.outcomes.values()].filter((o) => o === outcome).length;
		const passed = count('expected') + count('flaky');
		const failed = count('unexpected');
		const skipped = count('skipped');
		process.stdout.write(
			`\nTotals\n  e2e: ${this.outcomes.size} tests (${passed} passed, ${failed} failed, ${skipped} skipped), ${this.assertions} assertions, ${result.status}\n`
		);
	}

	printsToStdio(): boolean {
		return false;
	}
}
