/**
 * Values the server handed out (ids, paths, slugs, cursors) collected from
 * successful responses, so generated requests can name things that exist
 * and get past "not found" into the code behind it.
 */
const ALIASES: Record<string, string> = {
	orderId: 'id',
	productId: 'id',
	denominationId: 'id',
	categoryId: 'id',
	promoCode: 'code',
	// A category listing's `{...path}` is the `fullPath` of a category-tree item.
	path: 'fullPath'
};

const MAX_PER_KEY = 64;
const MAX_LENGTH = 512;

export class ValuePool {
	private readonly values = new Map<string, string[]>();
	private readonly pinned = new Set<string>();

	/**
	 * Walks a JSON body and keeps short strings under interesting keys.
	 * Cursors are kept per operation (`scope`): one operation's cursor is not
	 * a valid input to another.
	 */
	collect(body: unknown, scope = '', depth = 0): void {
		if (depth > 8 || body === null || typeof body !== 'object') return;
		if (Array.isArray(body)) {
			for (const item of body.slice(0, 50)) this.collect(item, scope, depth + 1);
			return;
		}
		for (const [key, value] of Object.entries(body)) {
			if (typeof value === 'string' && value.length > 0 && value.length <= MAX_LENGTH && this.interesting(key)) {
				this.add(/cursor$/i.test(key) ? `${scope}#cursor` : key, value);
			} else {
				this.collect(value, scope, depth + 1);
			}
		}
	}

	/** Cursors of every operation (handing one operation another's cursor is a good attack). */
	allCursors(): string[] {
		return [...this.values.entries()].filter(([k]) => k.endsWith('#cursor')).flatMap(([, v]) => v).sort();
	}

	private interesting(key: string): boolean {
		return /(^id$|Id$|^slug$|[pP]ath$|^code$|[cC]ursor$|^token$)/.test(key);
	}

	/** `pinned` values (fixtures) stay; the others rotate, newest kept. */
	add(key: string, value: string, pinned = false): void {
		const list = this.values.get(key) ?? [];
		if (list.includes(value)) return;
		if (pinned) this.pinned.add(value);
		list.push(value);
		if (list.length > MAX_PER_KEY) {
			const drop = list.findIndex((v) => !this.pinned.has(v));
			if (drop >= 0) list.splice(drop, 1);
		}
		this.values.set(key, list);
	}

	/** A snapshot (arbitraries are built from it, so a property stays reproducible). */
	valuesFor(name: string, scope = ''): string[] {
		if (/cursor$/i.test(name)) return [...(this.values.get(`${scope}#cursor`) ?? [])].sort();
		const direct = this.values.get(name) ?? [];
		const alias = ALIASES[name];
		const aliased = alias && alias !== name ? (this.values.get(alias) ?? []) : [];
		return [...new Set([...direct, ...aliased])].sort();
	}
}
