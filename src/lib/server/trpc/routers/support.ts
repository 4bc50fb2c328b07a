/**
 * "Hỗ trợ": sending a support request, signed in or not, and continuing an
 * answered one as a conversation from the answer mail's link (storefront-only,
 * no REST route). Wiring only: the rules are in support/.
 */
import { CreatedTicket, CreateTicketInput } from '../../../contracts/support';
import { config } from '../../config';
import type { RateLimitPolicy } from '../../platform/ratelimit';
import { z } from 'zod';
import { continueTicket, previewContinue } from '../../support/continue';
import { createTicket } from '../../support/tickets';
import { route, router, sessionProcedure } from '../init';

const ContinueInput = z.object({ token: z.string().min(1).max(512) });

const HOUR_MS = 3_600_000;

// Like product reports: each request costs staff time, so a few an hour per person, more per IP (a school's NAT).
const requesterPolicy = (): RateLimitPolicy => ({ name: 'support', limit: config().supportRateLimit, windowMs: HOUR_MS, onStoreFailure: 'open' });
const ipPolicy = (): RateLimitPolicy => ({ name: 'support-ip', limit: config().supportRateLimitIp, windowMs: HOUR_MS, onStoreFailure: 'open' });

export const supportRouter = router({
	create: route({
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
,

	/** What /ho-tro/tiep-tuc shows before the person confirms. */
	continuePreview: sessionProcedure
		.input(ContinueInput)
		.output(z.object({ subject: z.string(), createdAt: z.iso.datetime(), refusal: z.string().nullable(), conversationId: z.string().nullable() }))
		.query(({ ctx, input }) => previewContinue({ id: ctx.session.user.id, role: ctx.session.user.role }, input.token)),

	/** "Tiếp tục trong Tin nhắn": the request becomes (or joins) the account's support conversation. */
	continue: route({ policies: { auth: 'session', sameOrigin: true } })
		.input(ContinueInput)
		.output(z.object({ conversationId: z.string() }))
		.mutation(({ ctx, input }) => continueTicket({ id: ctx.session.user.id, role: ctx.session.user.role }, input.token))
});
