import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AppError } from '$lib/server/errors/app-error';
import { setLogSink } from '$lib/server/platform/logger';
import {
	consume,
	rateLimitBreakerState,
	rateLimitStore,
	resetMemoryRateLimits,
	setRateLimitStore,
	type RateLimitPolicy,
	type RateLimitStore
} from '$lib/server/platform/ratelimit';
import { CircuitBreaker, type BreakerState } from '$lib/server/platform/ratelimit/breaker';

function harness(threshold = 3, openMs = 20_000) {
	let time = 1_000_000;
	let probeAnswer: () => Promise<void> = async () => {};
	let probes = 0;
	const changes: string[] = [];
	const breaker = new CircuitBreaker({
		failureThreshold: threshold,
		openMs,
		now: () => time,
		probe: () => {
			probes += 1;
			return probeAnswer();
		},
		onChange: (from: BreakerState, to: BreakerState) => changes.push(`${from}->${to}`)
	});
	return {
		breaker,
		changes,
		probes: () => probes,
		advance: (ms: number) => (time += ms),
		probeWith: (answer: () => Promise<void>) => (probeAnswer = answer)
	};
}

describe('CircuitBreaker', () => {
	it('opens after the threshold of consecutive failures, and a success in between resets the count', () => {
		const h = harness();
		h.breaker.failed(new Error('1'));
		h.breaker.failed(new Error('2'));
		h.breaker.succeeded();
		h.breaker.failed(new Error('1'));
		h.breaker.failed(new Error('2'));
		expect(h.breaker.state).toBe('closed');
		expect(h.breaker.allows()).toBe(true);
		h.breaker.failed(new Error('3'));
		expect(h.breaker.state).toBe('open');
		expect(h.breaker.allows()).toBe(false);
		expect(h.changes).toEqual(['closed->open']);
	});

	it('stays open (no probe) until the open period has passed', () => {
		const h = harness(1, 20_000);
		h.breaker.failed(new Error('down'));
		h.advance(19_999);
		expect(h.breaker.allows()).toBe(false);
		expect(h.probes()).toBe(0);
		expect(h.breaker.state).toBe('open');
	});

	it('probes once in the background when half-open and closes when the store answers', async () => {
		const h = harness(1, 20_000);
		h.breaker.failed(new Error('down'));
		h.advance(20_000);
		let answer!: () => void;
		h.probeWith(() => new Promise<void>((r) => (answer = r)));
		// The caller that starts the probe does not wait for it, nor do the ones after it.
		expect(h.breaker.allows()).toBe(false);
		expect(h.breaker.state).toBe('half-open');
		expect(h.breaker.allows()).toBe(false);
		expect(h.probes()).toBe(1);
		answer();
		await h.breaker.settled();
		expect(h.breaker.state).toBe('closed');
		expect(h.breaker.allows()).toBe(true);
		expect(h.changes).toEqual(['closed->open', 'open->half-open', 'half-open->closed']);
	});

	it('reopens for another period when the probe fails, then probes again', async () => {
		const h = harness(1, 20_000);
		h.breaker.failed(new Error('down'));
		h.advance(20_000);
		h.probeWith(async () => {
			throw new Error('still down');
		});
		h.breaker.allows();
		await h.breaker.settled();
		expect(h.breaker.state).toBe('open');
		h.advance(19_000);
		expect(h.breaker.allows()).toBe(false);
		expect(h.probes()).toBe(1);
		h.probeWith(async () => {});
		h.advance(1_000);
		h.breaker.allows();
		await h.breaker.settled();
		expect(h.breaker.state).toBe('closed');
		expect(h.probes()).toBe(2);
		expect(h.changes).toEqual(['closed->open', 'open->half-open', 'half-open->open', 'open->half-open', 'half-open->closed']);
	});

	it('ignores failures reported while not closed (requests that started before it opened)', () => {
		const h = harness(1);
		h.breaker.failed(new Error('down'));
		h.breaker.failed(new Error('late'));
		expect(h.changes).toEqual(['closed->open']);
	});
});

describe('the limiter behind the breaker', () => {
	const original = rateLimitStore();
	const lines: string[] = [];
	const stdoutSink = setLogSink((line) => lines.push(line));
	afterAll(() => setLogSink(stdoutSink));
	afterEach(() => {
		setRateLimitStore(original);
		resetMemoryRateLimits();
		lines.length = 0;
	});

	function downStore() {
		let calls = 0;
		const fail = async () => {
			calls += 1;
			throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
		};
		const store: RateLimitStore = { kind: 'redis', limit: fail, peek: fail, ping: fail };
		return { store, calls: () => calls };
	}

	const open: RateLimitPolicy = { name: 'browse', limit: 100, windowMs: 60_000, onStoreFailure: 'open' };
	const checkout: RateLimitPolicy = {
		name: 'pay',
		limit: 100,
		windowMs: 60_000,
		onStoreFailure: 'closed',
		unavailable: { code: 'payment_processing', message: 'tạm gián đoạn' }
	};

	it('stops calling a failing store after the threshold and logs the outage once', async () => {
		const down = downStore();
		setRateLimitStore(down.store, { failureThreshold: 3, openMs: 60_000 });
		for (let i = 0; i < 50; i++) expect((await consume(open, 'ip')).success).toBe(true);
		expect(down.calls()).toBe(3);
		expect(rateLimitBreakerState()).toBe('open');
		const warnings = lines.filter((l) => l.includes('circuit open'));
		expect(warnings).toHaveLength(1);
		expect(lines.filter((l) => /"level":"(warn|error)"/.test(l))).toHaveLength(1);
	});

	it('refuses a closed policy at once with the code the policy names', async () => {
		const down = downStore();
		setRateLimitStore(down.store, { failureThreshold: 1, openMs: 60_000 });
		const first = await consume(checkout, 'u').catch((e) => e);
		const second = await consume(checkout, 'u').catch((e) => e);
		for (const error of [first, second]) {
			expect(error).toBeInstanceOf(AppError);
			expect(error.status).toBe(503);
			expect(error.code).toBe('payment_processing');
		}
		expect(down.calls()).toBe(1);
	});

	it('is closed for the in-process store', () => {
		expect(rateLimitBreakerState()).toBe('closed');
	});
});
