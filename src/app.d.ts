import type { SessionContext } from '$lib/server/auth/session';

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
		}
	}
}

export {};
