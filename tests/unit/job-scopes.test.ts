/**
 * The job scheduler's two scopes (src/lib/server/platform/jobs.ts): `leader` jobs (sweeps) run
 * only while this process is elected; `every-worker` jobs (preview rendering) run in every worker
 * process whether it leads or not, and each scope starts and stops on its own.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerJob, startJobs, stopJobs } from '../../src/lib/server/platform/jobs';

describe('job scopes', () => {
	beforeEach(() => vi.useFakeTimers());
	afterEach(() => {
		stopJobs();
		vi.useRealTimers();
	});

	it('starts and stops the leader sweeps and the every-worker jobs independently', async () => {
		const runs = { sweep: 0, previews: 0 };
		registerJob('test-sweep', 100, async () => void runs.sweep++);
		registerJob('test-previews', 100, async () => void runs.previews++, 'every-worker');

		// A worker process that is not (yet) the leader: previews only.
		startJobs(['every-worker']);
		await vi.advanceTimersByTimeAsync(350);
		expect(runs).toEqual({ sweep: 0, previews: 3 });

		// Elected: the sweeps join, the previews keep their own schedule.
		startJobs(['leader']);
		await vi.advanceTimersByTimeAsync(200);
		expect(runs).toEqual({ sweep: 2, previews: 5 });

		// Deposed: the sweeps stop here, the previews go on.
		stopJobs(['leader']);
		await vi.advanceTimersByTimeAsync(200);
		expect(runs).toEqual({ sweep: 2, previews: 7 });

		// Shutting down: nothing more runs.
		stopJobs();
		await vi.advanceTimersByTimeAsync(500);
		expect(runs).toEqual({ sweep: 2, previews: 7 });
	});

	it('schedules a job registered after its scope started', async () => {
		let runs = 0;
		startJobs(['every-worker']);
		registerJob('test-late', 100, async () => void runs++, 'every-worker');
		await vi.advanceTimersByTimeAsync(250);
		expect(runs).toBe(2);
	});
});
