/**
 * One price everywhere (issue #17 item 3): for a product on flash sale, the
 * category listing (with and without price filters), search, product detail
 * and checkout all show or charge what effective_price() says — while the
 * flash sale runs, once its stock is gone, and after it ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, createFlashSale, orderRow, sellable } from '../helpers/checkout';
import { advanceClock, createUser, request, sql } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { creditWallet } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;

beforeAll(async () => {
	server = await startServer({ env: { RATE_LIMIT_SEARCH_MAX: '100000', TRUST_PROXY: 'true' } });
	base = server.url;
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

interface Shown {
	priceVnd: string;
	salePriceVnd: string | null;
	isOnSale: boolean;
	flashSale: { active: boolean; stockLeft: number | null } | null;
}
const pick = (p: Shown & { id: string }): Shown => ({ priceVnd: p.priceVnd, salePriceVnd: p.salePriceVnd, isOnSale: p.isOnSale, flashSale: p.flashSale && { active: p.flashSale.active, stockLeft: p.flashSale.stockLeft } });

async function fullPathOf(id: string): Promise<{ categoryPath: string; fullPath: string }> {
	const [row] = await sql<{ category_path: string; slug: string }>(base, 'SELECT c.path AS category_path, p.slug FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1', [id]);
	return { categoryPath: row!.category_path, fullPath: `${row!.category_path}/${row!.slug}` };
}

/** What each read path shows for the product; `filter` is a listing price filter that must match exactly the shown price. */
async function shownEverywhere(id: string, word: string): Promise<Record<string, Shown | undefined>> {
	const { categoryPath, fullPath } = await fullPathOf(id);
	const listing = await request(base, `/api/v1/catalog/categories/${categoryPath}?pageSize=50`);
	expect(listing.status, listing.text).toBe(200);
	const found = (list: (Shown & { id: string })[]) => {
		const p = list.find((x) => x.id === id);
		return p && pick(p);
	};
	const listed = found(listing.body.data);
	const price = listed?.salePriceVnd ?? listed?.priceVnd;
	const exact = await request(base, `/api/v1/catalog/categories/${categoryPath}?pageSize=50&minPriceVnd=${price}&maxPriceVnd=${price}`);
	const below = await request(base, `/api/v1/catalog/categories/${categoryPath}?pageSize=50&maxPriceVnd=${BigInt(price!) - 1n}`);
	const searched = await request(base, `/api/v1/search?q=${encodeURIComponent(word)}&pageSize=50`);
	const searchedPriced = await request(base, `/api/v1/search?q=${encodeURIComponent(word)}&pageSize=50&minPrice=${price}&maxPrice=${price}`);
	const detail = await request(base, `/api/v1/catalog/products/${fullPath}`);
	expect(detail.status, detail.text).toBe(200);
	expect(found(below.body.data), 'a max price below the shown price excludes it').toBeUndefined();
	return {
		listing: listed,
		listingFiltered: found(exact.body.data),
		search: found(searched.body.data),
		searchFiltered: found(searchedPriced.body.data),
		detail: pick({ ...detail.body.data.product, id })
	};
}

const everywhere = (shown: Shown) => ({ listing: shown, listingFiltered: shown, search: shown, searchFiltered: shown, detail: shown });

async function buyWithWallet(productId: string) {
	const user = await createUser(base);
	await creditWallet(base, user.userId, '100000', 'main');
	return checkout(base, { productId, paymentMethod: 'wallet' }, { user });
}

describe('a product on flash sale', () => {
	it('is shown and charged at the same price by listing, search, detail and checkout, through sale, sell-out and end', async () => {
		const word = 'Khinhkhicau';
		const product = await sellable(base, { priceVnd: '80000', salePriceVnd: '60000', title: `Giáo án ${word} lớp 3` });
		const flashId = await createFlashSale(base, product.id, { priceVnd: '30000', stock: 1, endsInMinutes: 30 });

		// Running with stock: the flash price, everywhere.
		expect(await shownEverywhere(product.id, word)).toEqual(
			everywhere({ priceVnd: '80000', salePriceVnd: '30000', isOnSale: true, flashSale: { active: true, stockLeft: 1 } })
		);
		const first = await buyWithWallet(product.id);
		expect(first.status, first.text).toBe(200);
		expect(first.body.data).toMatchObject({ status: 'PAID', priceVnd: '30000', amountVnd: '30000' });
		expect(await orderRow(base, first.body.data.id)).toMatchObject({ price_source: 'flash_sale', flash_sale_id: flashId, flash_sale_unit_held: true });

		// Sold out: every read path falls back to the running sale; checkout refuses
		// rather than silently charge more than the flash price (POST /api/v1/checkout answers 409).
		expect(await shownEverywhere(product.id, word)).toEqual(
			everywhere({ priceVnd: '80000', salePriceVnd: '60000', isOnSale: true, flashSale: { active: false, stockLeft: 0 } })
		);
		const refused = await buyWithWallet(product.id);
		expect(refused.status, refused.text).toBe(409);
		expect(refused.body.error.code).toBe('flash_sale_sold_out');

		// Ended: the sale price, shown and charged.
		await advanceClock(base, 31 * 60_000);
		expect(await shownEverywhere(product.id, word)).toEqual(everywhere({ priceVnd: '80000', salePriceVnd: '60000', isOnSale: true, flashSale: null }));
		const later = await buyWithWallet(product.id);
		expect(later.status, later.text).toBe(200);
		expect(later.body.data).toMatchObject({ status: 'PAID', priceVnd: '60000', amountVnd: '60000' });
		expect(await orderRow(base, later.body.data.id)).toMatchObject({ price_source: 'sale', flash_sale_id: null });
		await expectMoneyInvariants(base);
	});

	it('charges the next open flash sale when the cheaper one sells out, as the catalog shows', async () => {
		const word = 'Vanhoathuyen';
		const product = await sellable(base, { priceVnd: '90000', title: `Bài giảng ${word} lớp 4` });
		// Two overlapping flash sales (staff cannot create these, but the rule must still pick one price).
		const cheap = await createFlashSale(base, product.id, { priceVnd: '20000', stock: 1 });
		const dearer = await createFlashSale(base, product.id, { priceVnd: '45000', stock: null });
		expect((await shownEverywhere(product.id, word)).detail).toMatchObject({ salePriceVnd: '20000' });
		const a = await buyWithWallet(product.id);
		expect(a.body.data).toMatchObject({ priceVnd: '20000' });
		expect(await orderRow(base, a.body.data.id)).toMatchObject({ flash_sale_id: cheap });
		expect(await shownEverywhere(product.id, word)).toEqual(
			everywhere({ priceVnd: '90000', salePriceVnd: '45000', isOnSale: true, flashSale: { active: true, stockLeft: null } })
		);
		const b = await buyWithWallet(product.id);
		expect(b.body.data).toMatchObject({ priceVnd: '45000' });
		expect(await orderRow(base, b.body.data.id)).toMatchObject({ price_source: 'flash_sale', flash_sale_id: dearer, flash_sale_unit_held: false });
	});
});
