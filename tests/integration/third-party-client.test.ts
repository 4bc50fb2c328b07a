import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTypesFrom } from '../client/generate';
import { hoclieuClient } from '../client/third-party-client';
import { createUser } from '../helpers/http';
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

describe('generated from the built server\'s /openapi.json', () => {
	it('openapi-typescript gives exactly the committed types the client above compiles against', { timeout: 120_000 }, async () => {
		const served = await (await fetch(`${server.url}/openapi.json`)).json();
		expect(await clientTypesFrom(served)).toBe(readFileSync('tests/client/hoclieu-api.ts', 'utf8'));
	});

	it('a @hey-api/openapi-ts fetch client compiles, signs up and in, browses, searches, tops up idempotently and reads a guest order', { timeout: 240_000 }, async () => {
		const out = resolve(`tests/.artifacts/hey-api-${process.pid}`);
		rmSync(out, { recursive: true, force: true });
		const { createClient } = await import('@hey-api/openapi-ts');
		await createClient({
			input: `${server.url}/openapi.json`,
			output: { path: out },
			plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript'],
			logs: { level: 'silent' }
		});
		const tsc = spawnSync(
			process.execPath,
			[resolve('node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--module', 'esnext', '--moduleResolution', 'bundler', '--target', 'es2022', '--lib', 'es2022,dom', `${out}/index.ts`],
			{ encoding: 'utf8', timeout: 120_000 }
		);
		expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);

		// What an integrator writes: the generated SDK functions, the session cookie through `auth`.
		const sdk = await import(/* @vite-ignore */ `${out}/sdk.gen.ts`);
		const { client } = await import(/* @vite-ignore */ `${out}/client.gen.ts`);
		client.setConfig({ baseUrl: server.url });
		const buyer = await createUser(server.url);
		const asBuyer = { auth: () => buyer.cookie.slice(buyer.cookie.indexOf('=') + 1) };

		// Sign-up and sign-in are in the document too (/api/auth/*): their session cookie is what `auth` carries.
		const email = `giao-vien-${randomUUID()}@truong.edu.vn`;
		const password = 'mot mat khau that dai 2026';
		const signedUp = await sdk.authSignUp({ body: { email, password, name: 'Cô Lan' } });
		expect(signedUp.response.status, JSON.stringify(signedUp.error)).toBe(200);
		expect(signedUp.data.user).toMatchObject({ email, name: 'Cô Lan', role: 'customer' });
		const signedIn = await sdk.authSignIn({ body: { email, password } });
		expect(signedIn.response.status, JSON.stringify(signedIn.error)).toBe(200);
		expect(signedIn.data.user.email).toBe(email);
		const sessionCookie = signedIn.response.headers
			.getSetCookie()
			.map((c: string) => c.split(';')[0]!)
			.find((c: string) => c.startsWith('auth.session_data='));
		expect(sessionCookie).toBeDefined();
		const asTeacher = { auth: () => sessionCookie!.slice(sessionCookie!.indexOf('=') + 1) };
		const session = await sdk.authSession({ headers: { Cookie: sessionCookie } });
		expect(session.data).toMatchObject({ user: { email } });
		const balance = await sdk.walletBalance(asTeacher);
		expect(balance.response.status, JSON.stringify(balance.error)).toBe(200);
		const wrong = await sdk.authSignIn({ body: { email, password: 'khong dung mat khau' } });
		expect(wrong.response.status).toBe(401);
		expect(wrong.error.error.code).toBe('invalid_credentials');

		const tree = await sdk.catalogTree();
		expect(tree.response.status).toBe(200);
		expect(tree.data.data.some((c: { fullPath: string }) => c.fullPath === 'lop-1/toan')).toBe(true);

		const listing = await sdk.catalogListing({ path: { path: 'lop-1' }, query: { pageSize: 24 } });
		expect(listing.data.data.length).toBeGreaterThan(0);
		// A product that costs something now: a free one is claimed, not bought with a QR.
		type Summary = { id: string; fullPath: string; priceVnd: string; salePriceVnd: string | null };
		const product = (listing.data.data as Summary[]).find((p) => (p.salePriceVnd ?? p.priceVnd) !== '0');
		if (!product) throw new Error('no paid product on the first page of lop-1');

		const search = await sdk.searchSearch({ query: { q: 'giao an toan lop 1' } });
		expect(search.response.status).toBe(200);
		expect(search.data.data.length).toBeGreaterThan(0);

		const denominations = await sdk.topupDenominations();
		const denominationId = (denominations.data.data as { id: string }[])[0]!.id;
		const key = randomUUID();
		const first = await sdk.topupCreateOrder({ ...asBuyer, body: { denominationId }, headers: { 'Idempotency-Key': key } });
		expect(first.response.status, JSON.stringify(first.error)).toBe(200);
		const again = await sdk.topupCreateOrder({ ...asBuyer, body: { denominationId }, headers: { 'Idempotency-Key': key } });
		expect(again.data.data.id).toBe(first.data.data.id);
		expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
		const polled = await sdk.topupGetOrder({ ...asBuyer, path: { id: first.data.data.id } });
		expect(polled.data.data.status).toBe('PENDING');

		// A guest buys, then polls the order with the order-access cookie the purchase set.
		const created = await sdk.checkoutCreate({
			body: { productId: product.id, paymentMethod: 'qr_direct', guest: { email: `khach-${randomUUID()}@truong.edu.vn` }, consent: true }
		});
		expect(created.response.status, JSON.stringify(created.error)).toBe(200);
		const orderId = created.data.data.id as string;
		const orderCookie = created.response.headers
			.getSetCookie()
			.map((c: string) => c.split(';')[0]!)
			.find((c: string) => c.startsWith(`order_access_${orderId}=`));
		expect(orderCookie).toBeDefined();
		const withoutCookie = await sdk.checkoutGet({ path: { orderId } });
		expect(withoutCookie.response.status).toBe(404);
		const read = await sdk.checkoutGet({ path: { orderId }, headers: { Cookie: orderCookie } });
		expect(read.response.status, JSON.stringify(read.error)).toBe(200);
		expect(read.data.data).toMatchObject({ id: orderId, status: 'PENDING', productId: product.id });
		rmSync(out, { recursive: true, force: true });
	});
});
