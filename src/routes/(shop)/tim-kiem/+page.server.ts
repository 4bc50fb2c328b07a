import type { PageServerLoad } from './$types';
import { SEARCH_MAX_LENGTH } from '$lib/contracts/catalog';
import { parseFilters } from '$lib/listing-filters';
import { classifyError } from '$lib/server/errors/classify';
import { queryWords } from '$lib/server/search/query-text';
import { queryWithout, readIntent } from '$lib/server/search/intent';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const PAGE_SIZE = 24;

interface IntentChip {
	kind: 'grade' | 'subject' | 'series';
	label: string;
	/** The query without this chip's words ('' when nothing is left). */
	without: string;
}

/** Grade, subject and series the search recognised in q (they rank results, see $lib/server/search/intent.ts). */
function intentChips(q: string): IntentChip[] {
	const words = queryWords(q);
	if (!words) return [];
	return readIntent(words.words, words.folded).facets.map((f) => ({ kind: f.kind, label: f.label, without: queryWithout(words.words, f) }));
}

export const load: PageServerLoad = async (event) => {
	const { url } = event;
	const q = (url.searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
	const { sort, type, minPrice, maxPrice } = parseFilters(url.searchParams);
	const filters = { sort, type, minPrice, maxPrice };
	// Recognised terms rank by relevance only; under an explicit sort they would promise what the order ignores.
	const chips = q && !sort ? intentChips(q) : [];
	const empty = { q, filters, chips, items: [], nextCursor: null, hasMore: false, limited: null, searched: false };
	if (q === '') return empty;
	try {
		const page = await serverCaller(event).search.search({ q, sort, type, minPrice, maxPrice, pageSize: PAGE_SIZE });
		return { ...empty, searched: true, items: page.items, nextCursor: page.nextCursor, hasMore: page.hasMore };
	} catch (e) {
		const c = classifyError(e);
		if (c.code === 'rate_limited') {
			const retryAfter = typeof c.details?.retryAfterSeconds === 'number' ? c.details.retryAfterSeconds : 60;
			event.setHeaders({ 'retry-after': String(retryAfter) });
			return { ...empty, limited: { retryAfter } };
		}
		throwPageError(e);
	}
};
