/** The browser's typed tRPC client: storefront pages call procedures directly. */
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '$lib/server/trpc/app-router';

export const trpc = createTRPCClient<AppRouter>({
	links: [httpBatchLink({ url: '/api/trpc' })]
});
