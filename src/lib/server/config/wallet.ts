/** The wallet: top-ups, its ceiling and gift codes (README "Wallet, top-ups and payments"). */
import { z } from 'zod';
import { positiveInt, setting, type EnvOf } from './kit';

export const walletVariables = {
	TOPUP_ORDER_TTL_MINUTES: setting(positiveInt.max(24 * 60).default(30), 'how long a top-up waits for its transfer'),
	WALLET_MAX_BALANCE_VND: setting(
		z
			.string()
			.regex(/^[1-9][0-9]{0,14}$/, 'must be a positive whole number of VND')
			.default('20000000')
			.transform((v) => BigInt(v)),
		'most a wallet (main + bonus) may hold through top-ups and gift codes'
	),
	TOPUP_ORDER_RATE_LIMIT: setting(positiveInt.default(10), 'top-up orders per user and minute'),
	TOPUP_PROMO_RATE_LIMIT: setting(positiveInt.default(20), 'top-up promo checks per user and minute'),
	GIFTCODE_FAILURE_LIMIT: setting(positiveInt.default(5), 'failed gift-code redemptions allowed per account in the window'),
	GIFTCODE_FAILURE_IP_LIMIT: setting(
		positiveInt.default(60),
		'failed gift-code redemptions allowed per IP address in the window, across accounts (brute-force backstop: a school behind one NAT shares it)'
	),
	GIFTCODE_FAILURE_WINDOW_MINUTES: setting(positiveInt.default(15), 'that window')
};

export function walletSettings(env: EnvOf<typeof walletVariables>) {
	return {
		topupOrderTtlMs: env.TOPUP_ORDER_TTL_MINUTES * 60_000,
		/** The most a wallet may hold (main + bonus) through top-ups and gift codes. */
		walletMaxBalanceVnd: env.WALLET_MAX_BALANCE_VND,
		/** Per user and minute. */
		topupOrderRateLimit: env.TOPUP_ORDER_RATE_LIMIT,
		topupPromoRateLimit: env.TOPUP_PROMO_RATE_LIMIT,
		/** Failed gift-code redemptions allowed per user in the window. */
		giftcodeFailureLimit: env.GIFTCODE_FAILURE_LIMIT,
		/** Failed gift-code redemptions allowed per IP in the window, across accounts. */
		giftcodeFailureIpLimit: env.GIFTCODE_FAILURE_IP_LIMIT,
		giftcodeFailureWindowMs: env.GIFTCODE_FAILURE_WINDOW_MINUTES * 60_000
	};
}
