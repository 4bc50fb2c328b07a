/** A small seeded PRNG (mulberry32): the same seed value always builds the same catalog. */
export class Random {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/** Uniform in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** Integer in [min, max]. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)]!;
	}

	/** Picks by relative weight. */
	weighted<T>(entries: readonly (readonly [T, number])[]): T {
		const total = entries.reduce((sum, [, w]) => sum + w, 0);
		let r = this.next() * total;
		for (const [value, weight] of entries) {
			r -= weight;
			if (r < 0) return value;
		}
		return entries.at(-1)![0];
	}

	/** A version-4-shaped UUID drawn from the seeded stream, so ids repeat across runs. */
	uuid(): string {
		const bytes = Array.from({ length: 16 }, () => Math.floor(this.next() * 256));
		bytes[6] = (bytes[6]! & 0x0f) | 0x40;
		bytes[8] = (bytes[8]! & 0x3f) | 0x80;
		const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
		return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
	}
}
