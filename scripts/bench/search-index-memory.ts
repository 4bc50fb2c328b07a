/**
 * `npx tsx --expose-gc scripts/bench/search-index-memory.ts [--products N]`
 *
 * What the in-memory search index (src/lib/server/search/posting-lists.ts) keeps and costs to
 * build for N generated products, without PostgreSQL: the seed's generator, rows made as the build
 * statement returns them (tests/helpers/search-documents.ts: plain folding instead of
 * `to_tsvector`, so the lexemes differ a little from a seeded database's), printed as PostgreSQL
 * prints `search_vector` (the form the server's build reads: `addVectors`), added in ordinal order.
 * Prints the build's CPU time and the memory the finished index retains after a full GC: V8 heap
 * and array buffers (typed arrays live outside the heap, but in the process's RSS alike).
 * Results: docs/performance.md ("A compact search index and the seed in chunks").
 */
import { parseArgs } from 'node:util';
import { generateCatalog } from '../../src/lib/server/catalog/seed/generate';
import { PostingListsBuilder, type PostingLists, type SearchVectorRow } from '../../src/lib/server/search/posting-lists';
import { relevanceHits } from '../../src/lib/server/search/index-hits';
import { byOrdinal, searchDocumentOf, vectorRowOf } from '../../tests/helpers/search-documents';

const { values } = parseArgs({ options: { products: { type: 'string', default: '100000' } } });
const N = Number(values.products);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npx tsx --expose-gc …)');

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
function retained(): { heap: number; buffers: number } {
	gc!();
	gc!();
	const m = process.memoryUsage();
	return { heap: m.heapUsed, buffers: m.arrayBuffers };
}

/** The rows in ordinal order, as compact strings (one catalog of N products never held at once). */
function rows(): SearchVectorRow[] {
	const catalog = generateCatalog({ products: N, seed: 20_260_901, now: new Date('2026-11-28T00:00:00Z') });
	return catalog.products.filter((p) => p.isPublished).map(searchDocumentOf).sort(byOrdinal).map(vectorRowOf);
}

const before = retained();
const documents = rows();
const started = process.cpuUsage();
const wall = performance.now();
let builder: PostingListsBuilder | null = new PostingListsBuilder(documents.length);
for (const row of documents) builder.addVectors(row);
let index: PostingLists | null = builder.finish();
builder = null;
const cpu = process.cpuUsage(started);
const buildMs = performance.now() - wall;
const peakRss = process.memoryUsage().rss;
documents.length = 0;
const after = retained();
const sample = relevanceHits(index, { lexemes: [['toan'], ['lop']], lastIsPrefix: false }, null, 3).map((h) => h.id);
console.log(
	JSON.stringify({
		products: index.size,
		lexemes: index.lexemes,
		...index.footprint,
		buildMs: Math.round(buildMs),
		buildCpuMs: Math.round((cpu.user + cpu.system) / 1000),
		retainedHeapMB: mb(after.heap - before.heap),
		retainedArrayBuffersMB: mb(after.buffers - before.buffers),
		rssAfterBuildMB: mb(peakRss),
		sample
	})
);
index = null;
