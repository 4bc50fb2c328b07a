/**
 * "Hỗ trợ": sending a support request, signed in or not (storefront-only, no
 * REST route). Wiring only: the rules are in support/tickets.ts.
 */
import { CreatedTicket, CreateTicketInput } from '../../../contracts/support';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { createTicket } from '../../support/tickets';
import { publicProcedure, router } from '../init';

const HOUR_MS = 3_600_000;

// Like product reports: each request costs staff time, so a few an hour per person, more per IP (a school's NAT).
const requesterPolicy = (): RateLimitPolicy => ({ name: 'support', limit: config().supportRateLimit, windowMs: HOUR_MS, onStoreFailure: 'open' });
const ipPolicy = (): RateLimitPolicy => ({ name: 'support-ip', limit: config().supportRateLimitIp, windowMs: HOUR_MS, onStoreFailure: 'open' });

export const supportRouter = router({
	create: publicProcedure
		.meta({
			policies: {
				auth: 'optional-session',
				sameOrigin: true,
				rateLimit: {
					requests: [
						{ policy: requesterPolicy, key: 'user-or-ip' },
						{ policy: ipPolicy, key: 'ip' }
					]
				}
			}
		})
		.input(CreateTicketInput)
		.output(CreatedTicket)
		.mutation(({ ctx, input }) => createTicket({ userId: ctx.session?.user.id ?? null }, input))
});
