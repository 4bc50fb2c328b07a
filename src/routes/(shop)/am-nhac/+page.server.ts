import type { PageServerLoad } from './$types';
import { describeError, errorMessage } from '$lib/errors';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';

const PAGE_SIZE = 12;

/** `?q=` searches the music only; without it the most popular tracks come first. */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	const api = serverCaller(event);
	const q = event.url.searchParams.get('q')?.trim().slice(0, 128) ?? '';
	const [quota, tracks] = await Promise.all([
		api.music.quota().catch((error: unknown) => {
			// The music service switched off (503): the page explains it instead of failing.
			if (describeError(error).code === 'service_unavailable') return { unavailable: errorMessage(error) };
			throw error;
		}),
		(q
			? api.search.search({ q, type: 'MUSIC', pageSize: PAGE_SIZE })
			: api.catalog.listing({ path: '', type: 'MUSIC', sort: 'popular', pageSize: PAGE_SIZE })
		).catch((error: unknown) => ({ problem: errorMessage(error) }))
	]);
	// Which listed tracks the account owns: a paid track it does not own offers "Mua" instead of a download.
	// Unknown (null) when the lookup fails; every track then keeps its download button, which explains a refusal.
	const ids = 'items' in tracks ? tracks.items.map((t) => t.id) : [];
	const owned = ids.length ? await api.storefront.ownedProducts({ ids }).catch(() => null) : [];
	return { q, quota, tracks, owned };
};
