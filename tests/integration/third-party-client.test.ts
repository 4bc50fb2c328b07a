import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoclieuClient } from '../client/third-party-client';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
	server = await startServer({ env: { SEED_ON_EMPTY: 'true' } });
});
afterAll(async () => {
	await server?.stop();
});

describe('a third-party client generated from /openapi.json', () => {
	it('compiles under strict TypeScript against the generated types', () => {
		const tsc = spawnSync(
			process.execPath,
			[resolve('node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--module', 'esnext', '--moduleResolution', 'bundler', '--target', 'es2022', 'tests/client/third-party-client.ts'],
			{ encoding: 'utf8', timeout: 120_000 }
		);
		expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
	});

	it('browses, searches and reads a product', async () => {
		const api = hoclieuClient(server.url);
		const tree = await api.categoryTree();
		expect(tree.some((c) => c.fullPath === 'lop-1/toan')).toBe(true);

		const page = await api.listCategory('lop-1', 5);
		expect(page.data.length).toBe(5);
		expect(page.category.path).toBe('lop-1');

		const { results, remaining } = await api.search('giao an toan lop 1');
		expect(results.length).toBeGreaterThan(0);
		expect(results[0]!.title).toMatch(/Toán/);
		expect(remaining).toBeGreaterThanOrEqual(0);

		const first = page.data[0]!;
		const detail = await api.product(first.fullPath);
		expect(detail.status).toBe(200);
		expect(detail.product?.id).toBe(first.id);
		expect(detail.isPurchased).toBe(false);
		expect((await api.product('lop-1/toan/khong-co-san-pham-nay')).status).toBe(404);
	});
});
