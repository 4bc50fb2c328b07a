import { beforeNavigate } from '$app/navigation';

/**
 * Live refreshes must not start while a navigation is under way: SvelteKit runs one at a time, and
 * an `invalidate` begun during a navigation cancels it — a purchase's redirect to its order page, or
 * a form's redirect, would leave the person where they were (the event they caused, "order paid" or
 * their own message, arrives during that very navigation). The root layout tracks navigations; a
 * refresh asked for meanwhile runs once the navigation has ended, whether it completed or failed.
 */
let inFlight: Promise<void> | null = null;

/** Called once, while the root layout initialises. */
export function trackNavigations(): void {
	// beforeNavigate, not onNavigate: the latter runs only once the new page's data has loaded, and the
	// loading is the part an invalidation cancels.
	beforeNavigate((navigation) => {
		const settled: Promise<void> = navigation.complete.then(
			() => {},
			() => {}
		).then(() => {
			if (inFlight === settled) inFlight = null;
		});
		inFlight = settled;
	});
}

/** Runs `refresh` now, or after the navigation in flight. */
export function whenSettled(refresh: () => unknown): void {
	if (inFlight) void inFlight.then(() => refresh());
	else void refresh();
}
