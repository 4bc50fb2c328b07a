import { createTRPCClient, httpBatchLink } from '@trpc/client';

const trpc = createTRPCClient({
  links: [httpBatchLink({ url: "/api/trpc" })]
});

export { trpc as t };
//# sourceMappingURL=client2.js-C3DODzKQ.js.map
