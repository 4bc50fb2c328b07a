/**
 * The client's address for rate limiting and session records. The socket
 * address is the truth; X-Forwarded-For is honoured only when TRUST_PROXY says
 * a proxy we run sits in front, and then only its last hop (the address our
 * own proxy saw), so clients cannot spoof their way past a limit.
 */
import type { IncomingMessage } from 'node:http';
import { config } from '../config';

export function clientIp(forwardedFor: string | null | undefined, socketAddress: () => string | undefined): string {
	if (config().trustProxy) {
		const last = forwardedFor?.split(',').at(-1)?.trim();
		if (last) return last;
	}
	try {
		return socketAddress() ?? 'unknown';
	} catch {
		// Server-side calls without a socket (e.g. prerendering) have no address.
		return 'unknown';
	}
}

/** The same for a request read straight from node:http (the server entry's front, before SvelteKit). */
export function nodeRequestClientIp(req: IncomingMessage): string {
	const forwarded = req.headers['x-forwarded-for'];
	return clientIp(Array.isArray(forwarded) ? forwarded.join(', ') : forwarded, () => req.socket.remoteAddress);
}
