/** "Giỏ hàng" (README "Cart"): how much one cart holds and how often it may be read or changed. */
import { positiveInt, setting, type EnvOf } from './kit';

export const cartVariables = {
	CART_MAX_LINES: setting(positiveInt.max(200).default(50), 'most products one cart may hold, and so pay for with one transfer (at most 200)'),
	CART_RATE_LIMIT: setting(
		positiveInt.default(120),
		"cart reads and changes per account (per IP for guests, whose first add creates a cart) and minute (429 + `Retry-After`)"
	)
};

export function cartSettings(env: EnvOf<typeof cartVariables>) {
	return {
		/** Most products one cart may hold (and pay for at once). */
		cartMaxLines: env.CART_MAX_LINES,
		/** Cart reads and changes per account (or guest IP) and minute. */
		cartRateLimit: env.CART_RATE_LIMIT
	};
}
