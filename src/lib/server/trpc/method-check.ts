/**
 * tRPC answers a query over POST or a mutation over GET with a TRPCError
 * that our error map would turn into a logged 500. The HTTP method is the
 * client's mistake, so it is judged before tRPC runs: 405 with `Allow`, and
 * a warning at most.
 */
import { appRouter } from './app-router';

type ProcedureType = 'query' | 'mutation' | 'subscription';

// At run time `procedures` is flat, keyed by the dotted path tRPC receives (`checkout.create`).
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } } | undefined>;

const allowedMethod: Record<ProcedureType, string> = { query: 'GET', mutation: 'POST', subscription: 'GET' };

/**
 * The method the called procedures need, when the request used another one;
 * undefined when it is right or when a path names no procedure (tRPC's 404).
 */
export function wrongMethodAllow(method: string, pathname: string): string | undefined {
	const paths = decodeURIComponent(pathname.replace(/^\/api\/trpc\/?/, '')).split(',');
	const needed = new Set<string>();
	for (const path of paths) {
		const type = procedures[path]?._def.type;
		if (!type) return undefined;
		needed.add(allowedMethod[type]);
	}
	const effective = method === 'HEAD' ? 'GET' : method;
	if (needed.size !== 1 || needed.has(effective)) return undefined;
	return [...needed][0];
}
