import type { SessionContext } from '$lib/server/auth/session';
import type { Reuse } from '$lib/server/catalog/memory-cache';

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
		}
	}
}

export {};
