/**
 * Where this process's start-up sequence (./startup.ts) stands. The request gate, the health probe,
 * the front and the preview worker read it here, so none of them imports the sequence (which imports
 * the preview worker to stop it: an import circle otherwise).
 */
const state = { migrated: false, started: false, preparing: false };

export function startupState(): Readonly<typeof state> {
	return state;
}

/** Only ./startup.ts moves the state on. */
export function markStartup(change: Partial<typeof state>): void {
	Object.assign(state, change);
}
