/**
 * Catalog reads from memory (issue 15, item 3; docs/architecture.md#reads-from-memory): product
 * detail, the category tree and listings' first pages, kept per process.
 *
 * Exactness rests on three things:
 * - **Version.** Every entry is stamped with the catalog version this process
 *   knew when its database read *began*; it is served only while that is still
 *   the current version. The version moves on whenever the database says the
 *   catalog changed (`NOTIFY hoclieu_catalog` from the catalog_version triggers,
 *   migration 0027, heard on a LISTEN connection of this process:
 *   ./invalidation.ts), and whenever that connection (re)connects, since a
 *   notification may have been missed meanwhile. A read that raced a change
 *   was stamped before the change's notification arrived, so it is never served.
 *   While there is no LISTEN connection the cache is bypassed.
 * - **Own writes.** A notification reaches this process about when the writer's
 *   commit does, but not necessarily before the writer's HTTP response. So
 *   after a request of this process that may have written (any unsafe method),
 *   the next read first asks PostgreSQL for catalog_version (one prepared
 *   round trip, shared by concurrent readers) and moves the version on if it
 *   changed: an edit is visible to the very next request here. On PGlite the
 *   notification is delivered in-process before the writing query returns.
 * - **Time.** An entry carries the window of service-clock time it is valid
 *   for (until the next sale end among what it shows); what depends on
 *   flash-sale stock is never served from here (callers read it per request),
 *   nor is anything ordered by popularity (it moves without a notification).
 * - **Flash-sale stock** moves on every purchase without moving the version.
 *   Only whole stored answers (the response cache) show it; each is tagged
 *   with the products whose stock it shows and dropped when one of them moves
 *   (`NOTIFY hoclieu_flash_stock`, migration 0030, per product; own writes
 *   by flash_stock_version, read with catalog_version). An answer whose read
 *   began before a move this process has heard of is not stored (`flashEpoch`).
 *
 * Bounded by CATALOG_CACHE_ENTRIES (least recently used goes first);
 * 0 turns it off.
 */
import { config } from '../config';
import { nowMs } from '../platform/clock';

interface Entry {
	version: number;
	validFrom: number;
	validUntil: number;
	value: unknown;
	/** Products whose flash-sale stock the value shows. */
	flashProducts?: readonly string[];
	/** What the value counts against the byte bound (0 when there is none). */
	bytes: number;
}

/**
 * An answer built only from entries of this cache (or reads stored in it) is
 * exact while the catalog version holds and the service clock is before
 * `validUntil`; the response cache (../http/response-cache.ts) keeps whole
 * HTTP answers under the same rule. Domain reads report it through a
 * `NoteReuse` callback, and only when nothing in the answer was read per request.
 */
export interface Reuse {
	version: number;
	validUntil: number;
	/** Products whose flash-sale stock the answer shows, and `flashEpoch()` from before it was read. */
	flash?: { products: readonly string[]; epoch: number };
}
export type NoteReuse = (reuse: Reuse) => void;

export interface CacheClock {
	(): number;
}

/**
 * The catalog version count that caches stamp their entries with. Caches that
 * stamp with one another's versions (a response is stored under the version
 * its catalog read began with) share one, so invalidating either can never
 * leave their counts apart (a test hook once invalidated the response cache
 * alone, after which it refused every answer).
 */
export class VersionCount {
	current = 0;
}

/** A bounded LRU whose entries belong to one catalog version and one time window. */
export class VersionedLru {
	/** Map order is recency order: a hit moves its entry to the end, eviction takes the front. */
	private readonly entries = new Map<string, Entry>();
	/** The keys of the entries that show each product's flash-sale stock: a move drops those without a scan. */
	private readonly byFlashProduct = new Map<string, Set<string>>();
	private bytes = 0;

	constructor(
		private readonly maxEntries: () => number,
		private readonly clock: CacheClock = nowMs,
		/** Bound on the sum of the sizes given to `set`. */
		private readonly maxBytes: () => number = () => Number.POSITIVE_INFINITY,
		private readonly versions: VersionCount = new VersionCount()
	) {}

	private remove(key: string, entry: Entry): void {
		this.entries.delete(key);
		this.bytes -= entry.bytes;
		for (const product of entry.flashProducts ?? []) {
			const keys = this.byFlashProduct.get(product);
			keys?.delete(key);
			if (keys?.size === 0) this.byFlashProduct.delete(product);
		}
	}

	/** The version a read starting now is stamped with. */
	get version(): number {
		return this.versions.current;
	}

	get size(): number {
		return this.entries.size;
	}

	/** The catalog changed (or may have): nothing stored before is served again. */
	invalidate(): void {
		this.versions.current++;
		this.entries.clear();
		this.byFlashProduct.clear();
		this.bytes = 0;
	}

	/** A product's flash-sale stock moved (any product's, without an id): entries showing it go. */
	dropFlash(productId?: string): void {
		const keys = productId === undefined ? [...this.byFlashProduct.values()].flatMap((k) => [...k]) : [...(this.byFlashProduct.get(productId) ?? [])];
		for (const key of keys) {
			const entry = this.entries.get(key);
			if (entry) this.remove(key, entry);
		}
	}

	get<T>(key: string): T | undefined {
		return this.lookup<T>(key)?.value;
	}

	/** A live entry's value with the window it may still be served in (passed on to the response cache). */
	lookup<T>(key: string): { value: T; reuse: Reuse } | undefined {
		const entry = this.entries.get(key);
		if (!entry) return undefined;
		const at = this.clock();
		if (entry.version !== this.versions.current || at < entry.validFrom || at >= entry.validUntil) {
			this.remove(key, entry);
			return undefined;
		}
		// To the end: most recently used.
		this.entries.delete(key);
		this.entries.set(key, entry);
		return { value: entry.value as T, reuse: { version: entry.version, validUntil: entry.validUntil } };
	}

	/**
	 * Stores what a read stamped with `version` found, valid from `validFrom`
	 * (the service time the read used) until `validUntil` (exclusive). A read
	 * that began under an older version is dropped: the catalog changed under it.
	 */
	set(
		key: string,
		version: number,
		value: unknown,
		validFrom: number,
		validUntil = Number.POSITIVE_INFINITY,
		flashProducts?: readonly string[],
		bytes = 0
	): void {
		const max = this.maxEntries();
		const maxBytes = this.maxBytes();
		if (max <= 0 || version !== this.versions.current || validUntil <= validFrom || bytes > maxBytes) return;
		const old = this.entries.get(key);
		if (old) this.remove(key, old);
		this.entries.set(key, { version, validFrom, validUntil, value, flashProducts, bytes });
		this.bytes += bytes;
		for (const product of flashProducts ?? []) {
			const keys = this.byFlashProduct.get(product);
			if (keys) keys.add(key);
			else this.byFlashProduct.set(product, new Set([key]));
		}
		for (const [k, e] of this.entries) {
			if (this.entries.size <= max && this.bytes <= maxBytes) break;
			this.remove(k, e);
		}
	}
}

const catalogVersions = new VersionCount();
const cache = new VersionedLru(() => config().catalogCache.maxEntries, nowMs, undefined, catalogVersions);
/** Whole anonymous HTTP answers (../http/response-cache.ts): the same entry bound, RESPONSE_CACHE_MB of bytes, the same versions. */
const responses = new VersionedLru(
	() => config().catalogCache.maxEntries,
	nowMs,
	() => config().catalogCache.responseBytes,
	catalogVersions
);

/** Whether a LISTEN connection (or PGlite's in-process listener) currently tells us about changes. */
let listening = false;
/** How the process learns its own writes (PostgreSQL only): unsafe requests finished, and how many were checked. */
let localWrites = 0;
let checkedWrites = 0;
let check: Promise<void> | undefined;
/** catalog_version and flash_stock_version, as the triggers notify them. */
export interface Versions {
	catalog: string;
	flashStock: string;
}
let versionReader: (() => Promise<Versions>) | undefined;
let lastSeenVersion: string | undefined;
let lastSeenFlashStock: string | undefined;
/** Flash-stock moves heard so far: a read that began under an older count may show stock from before one. */
let flashMoves = 0;

export function catalogCache(): VersionedLru {
	return cache;
}

export function responseCache(): VersionedLru {
	return responses;
}

/**
 * Whether a read starting now could use the cache without waiting: a listener
 * is connected and every own write has been checked. The response cache
 * answers only then; otherwise the request takes the full path, whose
 * beginCatalogRead does the waiting.
 */
export function catalogReadSettled(): boolean {
	return listening && checkedWrites >= localWrites && config().catalogCache.maxEntries > 0;
}

/** Called by the listener (./invalidation.ts). */
export function catalogChanged(version?: string): void {
	if (version !== undefined) lastSeenVersion = version;
	cache.invalidate();
	responses.invalidate();
}

/** The listener heard that a product's flash-sale stock moved (or, without an id, that some may have). */
export function flashStockMoved(productId?: string, version?: string): void {
	if (version !== undefined) lastSeenFlashStock = version;
	flashMoves++;
	responses.dropFlash(productId);
}

/** Taken before a read that shows flash-sale stock, and carried in its `Reuse`. */
export function flashEpoch(): number {
	return flashMoves;
}

/** No flash-stock move was heard since `epoch` was taken: an answer read after it still shows current stock. */
export function flashStockUnmovedSince(epoch: number): boolean {
	return flashMoves === epoch;
}

/**
 * The listener is connected (true: after LISTEN succeeded, every time) or lost
 * (false). Both drop everything: a notification may have been missed.
 * `readVersions` is how own writes are checked (PostgreSQL); none on PGlite.
 */
export function setCatalogListening(on: boolean, readVersions?: () => Promise<Versions>): void {
	listening = on;
	versionReader = readVersions;
	checkedWrites = localWrites;
	lastSeenVersion = undefined;
	lastSeenFlashStock = undefined;
	flashMoves++;
	catalogChanged();
	if (on) for (const waiter of listeningWaiters.splice(0)) waiter();
}

const listeningWaiters: Array<() => void> = [];

/**
 * Settles once the version a catalog read is stamped with no longer moves by itself: at once when the
 * cache is off (reads take the database's version, and no listener is started) or a listener is
 * connected; otherwise when one connects, which moves the in-memory version. Never settles while
 * LISTEN keeps failing.
 */
export function catalogVersionSettled(): Promise<void> {
	if (listening || config().catalogCache.maxEntries === 0) return Promise.resolve();
	return new Promise((resolve) => listeningWaiters.push(resolve));
}

/** A request of this process that may have written has finished (hooks.server.ts). */
export function noteLocalWrite(): void {
	if (versionReader) localWrites++;
}

async function checkOwnWrites(): Promise<void> {
	const target = localWrites;
	const read = versionReader;
	try {
		if (read) {
			const versions = await read();
			if (versions.catalog !== lastSeenVersion) catalogChanged(versions.catalog);
			if (versions.flashStock !== lastSeenFlashStock) flashStockMoved(undefined, versions.flashStock);
		}
	} catch {
		// Could not tell: assume the worst.
		catalogChanged();
		flashStockMoved();
	} finally {
		checkedWrites = Math.max(checkedWrites, target);
		check = undefined;
	}
}

/**
 * The version a catalog read starting now is stamped with, or null when the
 * cache must be bypassed (off, or no listener). Waits for the check of this
 * process's own finished writes first.
 */
export async function beginCatalogRead(): Promise<number | null> {
	if (!listening || config().catalogCache.maxEntries === 0) return null;
	const need = localWrites;
	while (checkedWrites < need) {
		check ??= checkOwnWrites();
		await check;
	}
	return listening ? cache.version : null;
}

/** The earliest of the given ISO instants that lies after `from` (ms), or +∞. */
export function nextBoundary(from: number, instants: Iterable<string | null | undefined>): number {
	let until = Number.POSITIVE_INFINITY;
	for (const iso of instants) {
		if (!iso) continue;
		const t = Date.parse(iso);
		if (t > from && t < until) until = t;
	}
	return until;
}

/** What decides how long an answer showing a product's price and flash sale stays exact (../catalog/product-query.ts). */
export interface PricedRow {
	id: string;
	sale_ends_at: string | null;
	flash_ends_at: string | null;
	flash_changes_at: string | null;
}

/**
 * The `Reuse` of an answer read at `at` (service ms) under `version` that
 * shows these products' prices: until `validUntil` or the next sale end or
 * flash-sale start or end among them, whichever comes first, tagged with the
 * products on a flash sale (their stock is shown) and the `flashEpoch()`
 * taken before the read.
 */
export function reuseOfPrices(version: number, validUntil: number, rows: readonly PricedRow[], at: number, epoch: number): Reuse {
	const flash = rows.filter((r) => r.flash_ends_at !== null).map((r) => r.id);
	const until = Math.min(validUntil, nextBoundary(at, rows.flatMap((r) => [r.sale_ends_at, r.flash_changes_at])));
	return { version, validUntil: until, ...(flash.length > 0 ? { flash: { products: flash, epoch } } : {}) };
}
