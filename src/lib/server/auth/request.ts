/**
 * What the auth services need to know about the request, without depending on
 * a transport: the caller's address and agent (rate limits, session records),
 * the session being replaced (rotation at sign-in), and a `Headers` the
 * services write RateLimit-* and Retry-After into.
 */
export interface AuthRequest {
	ip: string;
	userAgent: string | null;
	/** The session the request already carries; signing in again replaces it. */
	currentSessionId: string | null;
	responseHeaders: Headers;
}
