import type { PageServerLoad } from './$types';
import { describeError, errorMessage } from '$lib/errors';
import { config } from '$lib/server/config';
import { signInPath } from '$lib/paths';
import { serverCaller } from '$lib/server/trpc/server-caller';

const PAGE_SIZE = 12;

/**
 * `?q=` searches the music only; without it the most popular tracks come first. `?sau=` is the
 * no-JavaScript "Xem thêm" (the tracks after that cursor).
 * Guests browse and listen to the preview clips too; downloading (which spends
 * the monthly quota or needs a purchase) asks them to sign in first.
 */
export const load: PageServerLoad = async (event) => {
	const api = serverCaller(event);
	const signedIn = Boolean(event.locals.session);
	const q = event.url.searchParams.get('q')?.trim().slice(0, 128) ?? '';
	const cursor = event.url.searchParams.get('sau') ?? undefined;
	const [quota, tracks] = await Promise.all([
		signedIn
			? api.music.quota().catch((error: unknown) => {
					// The music service switched off (503): the page explains it instead of failing.
					if (describeError(error).code === 'service_unavailable') return { unavailable: errorMessage(error) };
					throw error;
				})
			: { guest: { freeMonthlyLimit: config().music.freeMonthlyLimit } },
		(q
			? api.search.search({ q, type: 'MUSIC', pageSize: PAGE_SIZE, cursor })
			: api.catalog.listing({ path: '', type: 'MUSIC', sort: 'popular', pageSize: PAGE_SIZE, cursor })
		).catch((error: unknown) => ({ problem: errorMessage(error) }))
	]);
	const ids = 'items' in tracks ? tracks.items.map((t) => t.id) : [];
	const [owned, clips] = ids.length
		? await Promise.all([
				// Which listed tracks the account owns: a paid track it does not own offers "Mua" instead of a download.
				// Unknown (null) when the lookup fails; every track then keeps its download button, which explains a refusal.
				signedIn ? api.storefront.ownedProducts({ ids }).catch(() => null) : [],
				// A missing clip only hides a player; the list still works.
				api.storefront.previewClips({ ids }).catch(() => [])
			])
		: [[], []];
	return { q, quota, tracks, owned, clips, signInHref: signedIn ? null : signInPath(event.url.pathname + event.url.search) };
};
