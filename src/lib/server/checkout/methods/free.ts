/** free_claim: a product (or a whole cart) that costs this buyer nothing, claimed at once. */
import type { CartMethod, Settled } from './method';
import { claimFree, insertCartCheckout } from './rows';

export const free: CartMethod = {
	free: true,
	takesUnit: false,

	order: (tx, p, line) => claimFree(tx, p, line, null),

	async cart(tx, p, cart) {
		const checkout = await insertCartCheckout(tx, p, cart, 'free_claim', null);
		const settled: Settled[] = [];
		for (const line of cart.lines) settled.push(await claimFree(tx, p, line, cart.id));
		return { checkout, settled };
	}
};
