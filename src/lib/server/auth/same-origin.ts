/**
 * Same-origin check for mutations (docs/api.md#authentication). Browsers always send `Origin` on
 * cross-origin POSTs (and `Sec-Fetch-Site`), so a foreign page cannot ride the
 * session cookie; non-browser clients that send neither are allowed, because
 * they cannot hold a victim's cookie. SvelteKit's own CSRF check only covers
 * form content types, so JSON mutations need this.
 */
import { config } from '../config';

export function isSameOrigin(request: Request): boolean {
	const origin = request.headers.get('origin');
	if (origin !== null) {
		const own = new URL(request.url).origin;
		return origin === own || origin === config().origin;
	}
	const site = request.headers.get('sec-fetch-site');
	return site === null || site === 'same-origin' || site === 'none';
}
