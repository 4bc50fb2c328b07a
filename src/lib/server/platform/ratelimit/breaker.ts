/**
 * Circuit breaker around the shared rate-limit store. Without it every
 * request waits the full store timeout while the store is down (issue 14:
 * search fell from ~700 to ~19 req/s). After `failureThreshold` consecutive
 * failures it opens: callers skip the store at once (fallback or refusal,
 * as the policy says). Once `openMs` has passed, the next caller starts a
 * single background probe (half-open) without waiting for it; the probe's
 * answer closes the breaker or opens it for another `openMs`. Requests never
 * wait on the probe, so degraded mode costs no store latency at all.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
	failureThreshold: number;
	openMs: number;
	/** Milliseconds; injected so tests drive time without sleeping. */
	now: () => number;
	/** Health probe of the store (PING), run in the background when half-open. */
	probe: () => Promise<void>;
	/** Called once per state change, never per request. */
	onChange?: (from: BreakerState, to: BreakerState, reason: unknown) => void;
}

export class CircuitBreaker {
	private current: BreakerState = 'closed';
	private failures = 0;
	private openedAt = 0;
	private probing: Promise<void> | undefined;

	constructor(private readonly options: BreakerOptions) {}

	get state(): BreakerState {
		return this.current;
	}

	/** True when the caller may use the store; false means "skip it now". May start the half-open probe. */
	allows(): boolean {
		if (this.current === 'closed') return true;
		if (this.current === 'open' && this.options.now() - this.openedAt >= this.options.openMs) this.startProbe();
		return false;
	}

	succeeded(): void {
		this.failures = 0;
	}

	failed(reason: unknown): void {
		if (this.current !== 'closed') return;
		this.failures += 1;
		if (this.failures >= this.options.failureThreshold) this.open(reason);
	}

	/** Resolves when a probe in flight has settled (tests and shutdown). */
	async settled(): Promise<void> {
		await this.probing;
	}

	private open(reason: unknown): void {
		this.openedAt = this.options.now();
		this.move('open', reason);
	}

	private startProbe(): void {
		this.move('half-open', undefined);
		this.probing = this.options
			.probe()
			.then(
				() => {
					this.failures = 0;
					this.move('closed', undefined);
				},
				(error: unknown) => this.open(error)
			)
			.finally(() => (this.probing = undefined));
	}

	private move(to: BreakerState, reason: unknown): void {
		const from = this.current;
		if (from === to) return;
		this.current = to;
		this.options.onChange?.(from, to, reason);
	}
}
