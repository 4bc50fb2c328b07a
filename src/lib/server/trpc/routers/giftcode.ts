import { RedeemGiftCodeInput, RedeemGiftCodeResult } from '../../../contracts/giftcode';
import { config } from '../../config';
import { redeemGiftCode } from '../../giftcodes/redeem';
import { applyFailureLimits, recordFailure, type RateLimitPolicy } from '../../platform/ratelimit';
import { router, sessionProcedure } from '../init';

/** Only failed attempts count: a buyer with many real codes is never slowed down, a guesser is stopped quickly. */
function failurePolicy(): RateLimitPolicy {
	const cfg = config();
	return { name: 'giftcode-failures', limit: cfg.giftcodeFailureLimit, windowMs: cfg.giftcodeFailureWindowMs, onStoreFailure: 'closed' };
}

export const giftcodeRouter = router({
	redeem: sessionProcedure
		.meta({
			openapi: {
				method: 'POST',
				path: '/api/v1/giftcode/redeem',
				scopes: ['giftcodes:redeem'],
				summary: 'Redeem a gift code',
				description:
					'Credits the code\'s value to the bonus pocket of the wallet. Codes ignore case, spaces and dashes. Each user redeems a code once; a code allows a fixed number of redemptions. After repeated failures (per user and per IP address) further attempts get 429 until the window passes.',
				tags: ['Gift codes'],
				envelope: 'object',
				auth: 'session',
				rateLimited: true,
				sameOrigin: true,
				errors: { 400: ['validation_error'], 401: ['unauthenticated'], 404: ['not_found'], 422: ['wallet_balance_overflow'], 429: ['rate_limited'] },
				example: { xuAmount: '50000', newBalance: '250000' }
			}
		})
		.input(RedeemGiftCodeInput)
		.output(RedeemGiftCodeResult)
		.mutation(({ ctx, input }) => {
			const policy = failurePolicy();
			const checks = [
				{ policy, key: `user:${ctx.session.user.id}` },
				{ policy, key: `ip:${ctx.clientIp}` }
			];
			return redeemGiftCode(ctx.session.user.id, input.code, {
				check: () => applyFailureLimits(ctx.responseHeaders, checks),
				failed: () => recordFailure(ctx.responseHeaders, checks)
			});
		})
});
