import { RedeemGiftCodeInput, RedeemGiftCodeResult } from '../../../contracts/giftcode';
import { config } from '../../config';
import { redeemGiftCode } from '../../giftcodes/redeem';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { route, router } from '../init';
import { docs } from './giftcode.docs';

/*
 * Only failed attempts count: a buyer with many real codes is never slowed down, a guesser is stopped quickly.
 * Failures count per account first (GIFTCODE_FAILURE_LIMIT); the per-IP budget (GIFTCODE_FAILURE_IP_LIMIT,
 * much larger) is only the backstop against one client cycling accounts, so a class behind one NAT is not
 * locked out by a few pupils' typos. Codes carry 80 bits, so when the shared store is down the in-process
 * limiter (per instance) is still far beyond guessing, and POST /api/v1/giftcode/redeem lists no 503 to answer with.
 */
function accountPolicy(): RateLimitPolicy {
	const cfg = config();
	return { name: 'giftcode-failures', limit: cfg.giftcodeFailureLimit, windowMs: cfg.giftcodeFailureWindowMs, onStoreFailure: 'open' };
}

function ipPolicy(): RateLimitPolicy {
	const cfg = config();
	return { name: 'giftcode-failures-ip', limit: cfg.giftcodeFailureIpLimit, windowMs: cfg.giftcodeFailureWindowMs, onStoreFailure: 'open' };
}

export const giftcodeRouter = router({
	redeem: route({
		openapi: {
			method: 'POST',
			path: '/api/v1/giftcode/redeem',
			envelope: 'object',
			auth: 'session',
			rateLimit: {
				failures: [
					{ policy: accountPolicy, key: 'user' },
					{ policy: ipPolicy, key: 'ip' }
				]
			},
			sameOrigin: true,
			...docs.redeem
		}
	})
		.input(RedeemGiftCodeInput)
		.output(RedeemGiftCodeResult)
		.mutation(({ ctx, input }) => redeemGiftCode(ctx.session.user.id, input.code, ctx.failureLimit))
});
