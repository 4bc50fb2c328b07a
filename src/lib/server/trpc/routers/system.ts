import { z } from 'zod';
import { now } from '../../platform/clock';
import { publicProcedure, router } from '../init';

export const systemRouter = router({
	/** Used by the storefront shell; proves the browser talks to tRPC directly. */
	ping: publicProcedure
		.output(z.object({ service: z.literal('hoclieu'), time: z.string() }))
		.query(() => ({ service: 'hoclieu' as const, time: now().toISOString() }))
});
