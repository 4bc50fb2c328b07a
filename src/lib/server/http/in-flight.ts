/**
 * Requests whose handler is still running. adapter-node emits
 * `sveltekit:shutdown` once its server has no connection left, but a client
 * that goes away mid-request ends its connection while the handler goes on:
 * without this count the database and Redis were closed under it (a deploy
 * logged the rate-limit store as failing for such a request). The shutdown
 * waits for these handlers before it lets go of anything (../startup.ts).
 */
let running = 0;
let waiters: (() => void)[] = [];

/** Runs `handler`, counted until it settles. */
export async function inFlight<T>(handler: () => Promise<T>): Promise<T> {
	running++;
	try {
		return await handler();
	} finally {
		if (--running === 0) {
			const done = waiters;
			waiters = [];
			for (const wake of done) wake();
		}
	}
}

/** Resolves when no handler is running, or after `timeoutMs` with how many still were. */
export function inFlightSettled(timeoutMs: number): Promise<number> {
	if (running === 0) return Promise.resolve(0);
	return new Promise((resolve) => {
		const timer = setTimeout(() => resolve(running), timeoutMs);
		timer.unref();
		waiters.push(() => {
			clearTimeout(timer);
			resolve(0);
		});
	});
}
