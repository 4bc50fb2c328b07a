/**
 * What every request that may write passes through around its route, whoever
 * answers it: SvelteKit's hooks (hooks.server.ts) or the front (./front.ts,
 * ADR 022). One copy, so the two cannot drift apart.
 */
import type { Cookies } from '@sveltejs/kit';
import { isSameOrigin } from '../auth/same-origin';
import { sessionFromCookies } from '../auth/session';
import { forgetAllSessions } from '../auth/session-cache';
import { noteLocalWrite } from '../catalog/memory-cache';
import { codeResponse } from '../rest/envelope';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isWrite(method: string): boolean {
	return !SAFE_METHODS.has(method);
}

/** The 403 a write from another site gets before anything else is done for it (docs/api.md#authentication). */
export function crossOriginRefusal(request: Request, requestId: string): Response | undefined {
	if (!isWrite(request.method) || isSameOrigin(request)) return undefined;
	const message = 'Yêu cầu bị từ chối: nguồn gửi không hợp lệ (khác nguồn gốc của trang).';
	return codeResponse('forbidden', message, requestId, { 'x-request-id': requestId });
}

/**
 * The request's session, renewed or cleared in `cookies` as needed. An
 * unreachable database leaves it anonymous rather than taking down anonymous
 * pages or the health probe; session-only routes answer 401/503 on their own.
 */
export async function sessionOrAnonymous(cookies: Cookies) {
	try {
		return await sessionFromCookies(cookies);
	} catch {
		return null;
	}
}

/**
 * Called once the route has answered, before the answer leaves: whatever a write wrote has
 * committed, so this process's next catalog read checks the catalog version first and its next
 * signed-in requests read their sessions again (ADR 025).
 */
export function noteAnswered(method: string): void {
	if (!isWrite(method)) return;
	noteLocalWrite();
	forgetAllSessions();
}
