import type { SessionContext } from '$lib/server/auth/session';
import type { Reuse } from '$lib/server/catalog/memory-cache';
import type { ReplayLimits } from '$lib/server/policies/context';

declare global {
	namespace App {
		interface Error {
			message: string;
			code?: string;
		}
		interface Locals {
			requestId: string;
			clientIp: string;
			session: SessionContext | null;
			/** Set by the REST facade when the answer may be served again whole (src/lib/server/http/response-cache.ts). */
			reuse?: Reuse;
			/** The rate limits of that answer's route, applied again to every replay. */
			reuseLimits?: ReplayLimits;
		}
	}
}

export {};
