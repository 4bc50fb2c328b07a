/**
 * Setup file of every vitest project: after each test, the number of `expect`
 * calls it made goes into the test's meta, where the totals reporter
 * (`totals-reporter.ts`) adds them up. A faster suite must not test less, and
 * the totals printed at the end of every run are how that is checked.
 */
import { afterEach, expect } from 'vitest';

declare module '@vitest/runner' {
	interface TaskMeta {
		assertions?: number;
	}
}

afterEach((context) => {
	context.task.meta.assertions = expect.getState().assertionCalls;
});
