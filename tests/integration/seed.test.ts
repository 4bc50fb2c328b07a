/**
 * The demo catalog: `npm run seed` (deterministic, sized, refuses a non-empty
 * catalog unless --reset) and the seed on first start of an empty database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../src/lib/server/catalog/seed/generate';
import { createUser, request, sql } from '../helpers/http';
import { adminQuery, databasePrefix, databaseUrl } from '../helpers/database-templates';
import { copyRunDatabaseInto, runTemplates, startServer, type TestServer } from '../helpers/server';
import { scriptArgs } from '../helpers/scripts';

/** `npm run seed` on the database `where` names (DATA_DIR or DATABASE_URL); files are covered by the start-up seed, here only the rows matter. */
function runSeed(where: Record<string, string>, ...args: string[]) {
	return spawnSync(process.execPath, [...scriptArgs('seed'), '--no-files', ...args], {
		env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...where },
		encoding: 'utf8',
		timeout: 120_000
	});
}

const servers: TestServer[] = [];
afterAll(async () => {
	await Promise.all(servers.map((s) => s.stop()));
});

describe('npm run seed', () => {
	const dir = mkdtempSync(join(tmpdir(), 'hoclieu-seed-'));
	// The run's migrated database: the seed's work is under test here; migrating an empty one is tested below.
	copyRunDatabaseInto(dir);
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	const seed = (...args: string[]) => runSeed({ DATA_DIR: dir }, ...args);

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

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('npm run seed on PostgreSQL (COPY, then keys and indexes)', () => {
	const base = process.env.TEST_DATABASE_URL ?? '';
	const name = `${databasePrefix()}_seed_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
	let url: string;
	let pg: postgres.Sql;
	beforeAll(async () => {
		url = databaseUrl(base, name);
		await adminQuery(base, `CREATE DATABASE "${name}" TEMPLATE "${runTemplates()!.postgresTemplate}"`);
		pg = postgres(url, { max: 1, onnotice: () => {} });
	});
	afterAll(async () => {
		await pg?.end();
		await adminQuery(base, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
	});

	/** Every index, constraint and trigger of the schema, with its definition and whether it is on. */
	const schema = () =>
		pg<{ kind: string; name: string; def: string }[]>`
			SELECT 'index' AS kind, indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = current_schema()
			UNION ALL
			SELECT 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
			UNION ALL
			SELECT 'trigger', tgrelid::regclass::text || '.' || tgname, tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
			ORDER BY 1, 2`;
	const seed = (...args: string[]) => runSeed({ DATABASE_URL: url }, ...args);

	it('leaves every index, foreign key and trigger as it found them, and every row within its keys', async () => {
		const before = await schema();
		expect(before.filter((r) => r.kind === 'constraint' && r.def.startsWith('FOREIGN KEY') && /^(products|product_files)\./.test(r.name)).length).toBeGreaterThanOrEqual(2);
		for (const args of [['--products', '300', '--seed', '3'], ['--products', '200', '--seed', '4', '--reset']]) {
			const run = seed(...args);
			expect(run.status, run.stderr).toBe(0);
			expect(await schema()).toEqual(before);
		}
		const [counts] = await pg<{ products: number; files: number; orphans: number }[]>`
			SELECT (SELECT count(*)::int FROM products) AS products,
				(SELECT count(*)::int FROM product_files WHERE position = 0) AS files,
				(SELECT count(*)::int FROM product_files f WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = f.product_id)) AS orphans`;
		expect(counts).toEqual({ products: 200, files: 200, orphans: 0 });
		// The keys are back in force: a file of no product is refused.
		await expect(pg`INSERT INTO product_files (product_id, position, file_key, file_name, content_type) VALUES (gen_random_uuid(), 0, 'x/y.docx', 'y.docx', 'application/zip')`).rejects.toThrow(/foreign key/);
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

	it('computes the search columns as before for less work: NFC checked first, title pairs kept once (drizzle/0048)', async () => {
		const texts = ['Gia\u0301o a\u0301n', 'Giáo án', 'To\u00e1n 10', 'A\u030a \u00c5 \u212b', 'lớp-1a Toán10', '', 'ǅ'];
		const rows = await sql<{ same: boolean; vector: string }>(
			s.url,
			'SELECT search_nfc(t) = normalize(t, NFC) AS same, product_search_vector(t, ARRAY[t], t)::text AS vector FROM json_array_elements_text($1::json) AS t',
			[JSON.stringify(texts)]
		);
		expect(rows.map((r) => r.same)).toEqual(texts.map(() => true));
		// Decomposed accents (typed on some keyboards) are found as the composed ones are.
		expect(rows[0]!.vector).toBe(rows[1]!.vector);
		expect(rows[0]!.vector).toBe("'an':2A,4B,6C 'giao':1A,3B,5C");
		// A pair met twice in a title is one lexeme of title_pairs; words apart are no pair.
		const [pairs] = await sql<{ twice: string; apart: string }>(
			s.url,
			"SELECT product_title_pairs('Toán lớp 1, toán lớp 1')::text AS twice, product_title_pairs('Toán')::text AS apart"
		);
		expect(pairs).toEqual({ twice: "'1_toan' 'lop_1' 'toan_lop'", apart: '' });
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
