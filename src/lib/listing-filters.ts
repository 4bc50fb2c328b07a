/**
 * Listing filters as they live in the page URL (category and search pages):
 * `type`, `minPrice`, `maxPrice`, `onSale`, `sort`. Parsing is forgiving — a
 * teacher may type "50.000" — and drops what it cannot read instead of failing.
 */
import { listSorts, productTypes, type ListSort, type ProductType } from './contracts/catalog';
import { parseVndInput } from './money-input';

export interface ListingFilters {
	type?: ProductType;
	minPrice?: number;
	maxPrice?: number;
	onSale?: boolean;
	sort?: ListSort;
}

export const sortLabels: Record<ListSort, string> = {
	newest: 'Mới nhất',
	popular: 'Phổ biến nhất',
	rating: 'Đánh giá cao nhất'
};

/**
 * A bound read by the one money parser (src/lib/money-input.ts: "50.000 ₫" →
 * 50000); empty, unreadable ("35,5") or absurd input means "no bound".
 */
export function parsePrice(raw: string | null): number | undefined {
	if (raw === null) return undefined;
	const parsed = parseVndInput(raw);
	if (!parsed.ok || parsed.value.length > 12) return undefined;
	return Number(parsed.value);
}

export function parseFilters(params: URLSearchParams): ListingFilters {
	const out: ListingFilters = {};
	const type = params.get('type');
	if (type && (productTypes as readonly string[]).includes(type)) out.type = type as ProductType;
	let min = parsePrice(params.get('minPrice'));
	let max = parsePrice(params.get('maxPrice'));
	// "From 100.000 to 50.000" is a slip of the keyboard, not a wish for nothing.
	if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
	if (min !== undefined) out.minPrice = min;
	if (max !== undefined) out.maxPrice = max;
	if (params.get('onSale') === 'true') out.onSale = true;
	const sort = params.get('sort');
	if (sort && (listSorts as readonly string[]).includes(sort)) out.sort = sort as ListSort;
	return out;
}

/** The query string for filters (plus extra parameters such as `q`), in a stable order. */
export function filterQuery(filters: ListingFilters, extra: Record<string, string | undefined> = {}): string {
	const params = new URLSearchParams();
	for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
	if (filters.type) params.set('type', filters.type);
	if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
	if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
	if (filters.onSale) params.set('onSale', 'true');
	if (filters.sort) params.set('sort', filters.sort);
	const s = params.toString();
	return s ? `?${s}` : '';
}

export function hasFilters(f: ListingFilters): boolean {
	return f.type !== undefined || f.minPrice !== undefined || f.maxPrice !== undefined || f.onSale === true;
}
