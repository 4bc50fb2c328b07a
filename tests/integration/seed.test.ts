/**
 * The demo catalog: `npm run seed` (deterministic, sized, refuses a non-empty
 * catalog unless --reset) and the seed on first start of an empty database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/lib/server/catalog/seed/generate';
import { createUser, request, sql } from '../helpers/http';
import { copyRunDatabaseInto, startServer, type TestServer } from '../helpers/server';
import { scriptArgs } from '../helpers/scripts';

const servers: TestServer[] = [];
afterAll(async () => {
	await Promise.all(servers.map((s) => s.stop()));
});

describe('npm run seed', () => {
	const dir = mkdtempSync(join(tmpdir(), 'hoclieu-seed-'));
	// The run's migrated database: the seed's work is under test here; migrating an empty one is tested below.
	copyRunDatabaseInto(dir);
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	const seed = (...args: string[]) =>
		// Files are covered by the start-up seed below; here only the rows matter.
		spawnSync(process.execPath, [...scriptArgs('seed'), '--no-files', ...args], {
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'warn' },
			encoding: 'utf8',
			timeout: 120_000
		});

	it('seeds a sized catalog, refuses to seed twice, replaces it with --reset', () => {
		const first = seed('--products', '60', '--seed', '7');
		expect(first.status, first.stderr).toBe(0);
		expect(first.stdout).toMatch(/Done in [\d.]+ s/);
		expect(first.stdout).toContain('products: 60');
		const again = seed('--products', '60', '--seed', '7');
		expect(again.status).toBe(1);
		expect(again.stderr).toContain('--reset');
		const reset = seed('--products', '60', '--seed', '7', '--reset');
		expect(reset.status, reset.stderr).toBe(0);
		const bad = seed('--products', 'many');
		expect(bad.status).toBe(2);
	});

	it('wrote exactly what the generator builds for that seed, and start-up does not seed again', async () => {
		const s = await startServer({ freshDatabase: false, env: { DATA_DIR: dir, DATABASE_URL: undefined, SEED_ON_EMPTY: 'true' } });
		servers.push(s);
		const rows = await sql<{ id: string; slug: string; file_key: string }>(s.url, 'SELECT id::text AS id, slug, file_key FROM products ORDER BY id');
		const expected = generateCatalog({ products: 60, seed: 7, now: new Date() }).products;
		expect(rows.map((r) => r.id)).toEqual(expected.map((p) => p.id).sort());
		const bySlug = new Map(expected.map((p) => [p.id, p]));
		for (const r of rows) {
			expect(r.slug).toBe(bySlug.get(r.id)!.slug);
			expect(r.file_key).toBe(bySlug.get(r.id)!.fileKey);
			expect(r.file_key).toMatch(/^products\/[0-9a-f-]{36}\/file\.(docx|pptx|avi|wav|zip)$/);
		}
		// Ratings are computed from reviews: the seeded ones are what the generator planned and what the trigger computes.
		const ratings = await sql<{ id: string; avg: number; n: number; reviews: number }>(
			s.url,
			'SELECT p.id::text AS id, p.rating_avg AS avg, p.rating_count AS n, (SELECT count(*)::int FROM buyer_reviews r WHERE r.product_id = p.id AND r.hidden_at IS NULL) AS reviews FROM products p'
		);
		expect(ratings.reduce((sum, r) => sum + r.reviews, 0)).toBeGreaterThan(0);
		for (const r of ratings) {
			expect(r.n).toBe(r.reviews);
			expect(r.n).toBe(bySlug.get(r.id)!.ratingCount);
			expect(Number(r.avg)).toBeCloseTo(bySlug.get(r.id)!.ratingAvg, 2);
		}
		await s.stop();
	});
});

describe('seed on first start of an empty database', () => {
	let s: TestServer;
	beforeAll(async () => {
		// Not the run's migrated copy: the first start migrates the empty database, then seeds it.
		s = await startServer({ freshDatabase: 'empty', env: { SEED_ON_EMPTY: 'true' } });
		servers.push(s);
	});

	it('stores a real sample file for every product, downloadable through a signed link', async () => {
		const [track] = await sql<{ id: string }>(
			s.url,
			"SELECT id::text AS id FROM products WHERE type = 'MUSIC' AND price_vnd = 0 AND is_published ORDER BY id LIMIT 1"
		);
		expect(track).toBeDefined();
		const user = await createUser(s.url);
		const grant = await request(s.url, `/api/v1/music/${track!.id}/download`, { method: 'POST', headers: { cookie: user.cookie } });
		expect(grant.status).toBe(200);
		const file = await fetch(grant.body.signedUrl);
		expect(file.status).toBe(200);
		expect(file.headers.get('content-type')).toBe('audio/wav');
		const bytes = Buffer.from(await file.arrayBuffer());
		expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
		expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
		const [{ n }] = (await sql<{ n: number }>(s.url, 'SELECT count(*)::int AS n FROM products')) as [{ n: number }];
		expect(n).toBe(240);
	});

	it('builds the school structure: Lớp 1–12 with their subjects and textbook series', async () => {
		const tree = (await request(s.url, '/api/v1/catalog/categories')).body.data as { name: string; fullPath: string; depth: number }[];
		expect(tree.filter((c) => c.depth === 0).map((c) => c.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Lớp ${i + 1}`));
		const names = new Set(tree.map((c) => c.name));
		for (const subject of ['Toán', 'Tiếng Việt', 'Ngữ văn', 'Tiếng Anh', 'Khoa học tự nhiên', 'Lịch sử và Địa lí', 'Đạo đức', 'Âm nhạc', 'Mĩ thuật', 'Tin học']) {
			expect(names, subject).toContain(subject);
		}
		const paths = tree.map((c) => c.fullPath);
		expect(paths).toContain('lop-1/dao-duc');
		expect(paths).toContain('lop-1/toan/ket-noi-tri-thuc');
		expect(paths).toContain('lop-6/ngu-van/chan-troi-sang-tao');
		expect(paths).toContain('lop-12/toan/canh-dieu');
		expect(paths).not.toContain('lop-1/ngu-van');
	});

	it('has all five types, free products, running sales and flash sales, and renamed products', async () => {
		const [counts] = await sql<Record<string, number>>(
			s.url,
			`SELECT
				(SELECT count(*)::int FROM products) AS products,
				(SELECT count(DISTINCT type)::int FROM products) AS types,
				(SELECT count(*)::int FROM products WHERE price_vnd = 0) AS free,
				(SELECT count(*)::int FROM products WHERE sale_price_vnd IS NOT NULL) AS sales,
				(SELECT count(*)::int FROM flash_sales) AS flash,
				(SELECT count(*)::int FROM product_aliases) AS aliases,
				(SELECT count(*)::int FROM products WHERE file_key IS NULL OR file_name IS NULL) AS missing_files`
		);
		expect(counts).toMatchObject({ products: 240, types: 5, missing_files: 0 });
		expect(counts!.free).toBeGreaterThan(0);
		expect(counts!.sales).toBeGreaterThan(0);
		expect(counts!.flash).toBeGreaterThan(0);
		expect(counts!.aliases).toBeGreaterThan(0);
		const onSale = await request(s.url, '/api/v1/catalog/categories/?onSale=true&pageSize=50');
		expect(onSale.body.data.length).toBeGreaterThan(0);
		const flash = onSale.body.data.filter((p: { flashSale: { active: boolean } | null }) => p.flashSale?.active);
		expect(flash.length).toBeGreaterThan(0);
	});

	it('answers every seeded alias with 308 to a product that exists', async () => {
		const aliases = await sql<{ path: string }>(s.url, 'SELECT a.path FROM product_aliases a JOIN products p ON p.id = a.product_id WHERE p.is_published');
		expect(aliases.length).toBeGreaterThan(0);
		for (const { path } of aliases) {
			const res = await request(s.url, `/api/v1/catalog/products/${path}`);
			expect(res.status).toBe(308);
			const current = await request(s.url, res.headers.get('location')!);
			expect(current.status).toBe(200);
		}
	});

	it('serves every seeded product at its path and finds them by Vietnamese search', async () => {
		const page = await request(s.url, '/api/v1/catalog/categories/lop-1?pageSize=50');
		for (const p of page.body.data.slice(0, 10)) {
			expect((await request(s.url, `/api/v1/catalog/products/${p.fullPath}`)).status).toBe(200);
		}
		const found = await request(s.url, '/api/v1/search?q=dao%20duc');
		expect(found.status).toBe(200);
		expect(found.body.data[0].title).toMatch(/Đạo đức/);
	});
});
