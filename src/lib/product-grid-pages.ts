/** "Xem thêm" on a product grid (category and search pages): the next page joins the ones shown. */
import { tick } from 'svelte';

/** `next` after `shown`: keyset pages never overlap, but a product edited between two fetches must not appear twice. */
export function appendNew<T extends { id: string }>(shown: readonly T[], next: readonly T[]): T[] {
	const seen = new Set(shown.map((p) => p.id));
	return [...shown, ...next.filter((p) => !seen.has(p.id))];
}

/** Once the grid has rendered, focus moves to product `index` (the first new one): keyboard users go on from there, not from the top. */
export async function focusProduct(grid: HTMLElement | undefined, index: number): Promise<void> {
	await tick();
	grid?.querySelectorAll<HTMLAnchorElement>('li h3 a')[index]?.focus();
}
