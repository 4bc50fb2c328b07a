/**
 * `npm run bench:zip`: what streaming a product's files as one ZIP costs the
 * server's memory (README "Several files per product"; results in
 * docs/performance.md). Run by hand, not a test: it writes BENCH_ZIP_MB (300)
 * megabytes to a temporary directory.
 *
 * 1. the test build (`npm run build:test`) serves on the embedded database, or on
 *    TEST_DATABASE_URL when set; a product gets a BENCH_ZIP_MB file and a small PDF,
 *    written straight into the file store so the server never held them;
 * 2. an account that owns it exchanges its download token for the ZIP link and reads
 *    the whole archive, hashing the big entry's bytes, while the server's resident set
 *    (/proc/<pid>/status VmRSS) is sampled every 20 ms;
 * 3. the same for the big file alone through its signed storage link, for comparison;
 * 4. prints the RSS before, the peak and the growth of each, the throughput, and whether
 *    the bytes in the ZIP have the file's SHA-256.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { insertCategory, insertProducts } from '../../tests/helpers/catalog';
import { createUser, request, sql } from '../../tests/helpers/http';
import { startServer, type TestServer } from '../../tests/helpers/server';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';

const SIZE = Number(process.env.BENCH_ZIP_MB ?? 300) * 1024 ** 2;
const MiB = (n: number) => `${(n / 1024 ** 2).toFixed(1)} MiB`;

function rss(pid: number): number {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
	return Number(/(\d+)/.exec(line)![1]) * 1024;
}

/** Stores bytes under `key` the way FsStorage does (objects/ and meta/), from a generator of chunks. */
async function storeDirect(server: TestServer, key: string, chunks: Iterable<Buffer>, contentType: string): Promise<{ size: number; sha256: string }> {
	const object = join(server.dataDir, 'files', 'objects', key);
	mkdirSync(dirname(object), { recursive: true });
	const hash = createHash('sha256');
	let size = 0;
	const out = createWriteStream(object);
	for (const chunk of chunks) {
		hash.update(chunk);
		size += chunk.length;
		if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
	}
	await new Promise<void>((r) => out.end(() => r()));
	const meta = join(server.dataDir, 'files', 'meta', `${key}.json`);
	mkdirSync(dirname(meta), { recursive: true });
	writeFileSync(meta, JSON.stringify({ size, contentType }));
	return { size, sha256: hash.digest('hex') };
}

function* bigChunks(): Generator<Buffer> {
	const chunk = Buffer.alloc(1024 ** 2);
	for (let at = 0; at < SIZE; at += chunk.length) {
		// Different bytes in every MiB: nothing along the way can shortcut repeated content.
		chunk.fill(at / 1024 ** 2);
		chunk.writeUInt32LE(at, 0);
		yield chunk;
	}
}

interface Measured {
	before: number;
	peak: number;
	bytes: number;
	seconds: number;
	entrySha256: string;
}

/** Reads `url` to the end while sampling the server's RSS; hashes bytes [from, from + length). */
async function measure(pid: number, url: string, from: number, length: number): Promise<Measured> {
	const before = rss(pid);
	let peak = before;
	const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 20);
	const started = performance.now();
	const res = await fetch(url);
	if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
	const hash = createHash('sha256');
	let bytes = 0;
	const reader = res.body!.getReader();
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		const start = Math.max(0, from - bytes);
		const end = Math.min(value.byteLength, from + length - bytes);
		if (end > start) hash.update(value.subarray(start, end));
		bytes += value.byteLength;
	}
	clearInterval(timer);
	peak = Math.max(peak, rss(pid));
	return { before, peak, bytes, seconds: (performance.now() - started) / 1000, entrySha256: hash.digest('hex') };
}

async function main(): Promise<void> {
	const server = await startServer({ waitFor: 'healthy' });
	try {
		const category = await insertCategory(server.url, { name: 'Bench', slug: `bench-${randomUUID().slice(0, 6)}` });
		const [id] = await insertProducts(server.url, [{ categoryId: category.id, title: 'Video bài giảng', slug: `bench-${randomUUID().slice(0, 8)}` }]);
		const bigKey = `products/${id}/bai-giang.mp4`;
		const big = await storeDirect(server, bigKey, bigChunks(), 'video/mp4');
		const pdf = Buffer.from(pdfBytes('Phiếu học tập', ['Bài 1']));
		const smallKey = `products/${id}/phieu.pdf`;
		await storeDirect(server, smallKey, [pdf], 'application/pdf');
		await sql(server.url, "UPDATE products SET file_key = $1, file_name = 'Bài giảng.mp4' WHERE id = $2", [bigKey, id]);
		await sql(server.url, "INSERT INTO product_files (product_id, position, file_key, file_name, content_type, size_bytes) VALUES ($1, 1, $2, 'Phiếu học tập.pdf', 'application/pdf', $3)", [id, smallKey, pdf.length]);
		const buyer = await createUser(server.url);
		await sql(server.url, "INSERT INTO product_ownerships (user_id, product_id, source) VALUES ($1, $2, 'grant')", [buyer.userId, id]);
		const owned = await request(server.url, `/api/trpc/storefront.ownedDownload?input=${encodeURIComponent(JSON.stringify({ productId: id }))}`, { headers: { cookie: buyer.cookie } });
		const token = new URL(owned.body.result.data.url, server.url).searchParams.get('token');
		const exchange = (json: Record<string, unknown>) => request(server.url, '/api/v1/downloads/by-token', { method: 'POST', json: { token, ...json } });

		const pid = server.child.pid!;
		const zipLink = (await exchange({ all: true })).body.data.url as string;
		const zip = await measure(pid, zipLink, 30 + Buffer.byteLength('Bài giảng.mp4'), big.size);
		const fileLink = (await exchange({})).body.data.url as string;
		const single = await measure(pid, fileLink, 0, big.size);

		const row = (what: string, m: Measured) =>
			`| ${what} | ${MiB(m.bytes)} | ${MiB(m.before)} | ${MiB(m.peak)} | ${MiB(m.peak - m.before)} | ${(m.bytes / 1024 ** 2 / m.seconds).toFixed(0)} MiB/s | ${m.entrySha256 === big.sha256 ? 'yes' : 'NO'} |`;
		console.log(`\nZIP streaming, ${MiB(big.size)} file + ${pdf.length} B PDF, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, node ${process.version}\n`);
		console.log('| download | bytes | server RSS before | peak | growth | throughput | SHA-256 of the file equal |');
		console.log('|---|---|---|---|---|---|---|');
		console.log(row('ZIP of both files (/files/zip/…)', zip));
		console.log(row('the big file alone (/files/…)', single));
		if (zip.entrySha256 !== big.sha256 || single.entrySha256 !== big.sha256) process.exitCode = 1;
	} finally {
		await server.stop();
	}
}

await main();
