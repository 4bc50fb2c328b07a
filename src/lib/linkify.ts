/**
 * A message as text pieces and links, for pages that render messages: the
 * text is never HTML (Svelte escapes every piece); only http(s) addresses
 * become links.
 */
export type Piece = { text: string; href?: undefined } | { text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/giu;
// Punctuation that ends a sentence rather than the address ("xem https://a.vn/b.").
const TRAILING = /[.,;:!?)\]}»”’]+$/u;

export function linkify(text: string): Piece[] {
	const pieces: Piece[] = [];
	let last = 0;
	for (const match of text.matchAll(URL_PATTERN)) {
		const url = match[0].replace(TRAILING, '');
		const start = match.index;
		if (start > last) pieces.push({ text: text.slice(last, start) });
		pieces.push({ text: url, href: url });
		last = start + url.length;
	}
	if (last < text.length) pieces.push({ text: text.slice(last) });
	return pieces;
}
