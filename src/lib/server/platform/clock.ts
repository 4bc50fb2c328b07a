/**
 * The service's notion of "now". Everything time-dependent (session expiry,
 * OTP lifetime, sales, quotas, order expiry) reads it here so tests can move
 * time forward through the test hooks instead of sleeping.
 */
let offsetMs = 0;

export function now(): Date {
	return new Date(Date.now() + offsetMs);
}

export function nowMs(): number {
	return Date.now() + offsetMs;
}

/** Test hooks only (never reachable in production, see config.testHooks). */
export function advanceClock(ms: number): void {
	offsetMs += ms;
}

export function resetClock(): void {
	offsetMs = 0;
}
