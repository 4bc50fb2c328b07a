/**
 * The security headers every response carries (issue 14, item 3), in one place.
 *
 * Pages get their Content-Security-Policy from SvelteKit (`kit.csp` in
 * svelte.config.js, with a nonce per response for its own inline start-up
 * script). Everything else — the JSON API, signed file downloads, discovery
 * documents — is never meant to run code or be framed, so it gets the
 * strictest policy there is. A route that serves its own HTML outside
 * SvelteKit's page rendering (/api-docs) sets its own policy, which is kept.
 */

/** For JSON, files and plain-text documents: nothing may load, nothing may frame it. */
export const STRICT_CSP = "default-src 'none'; frame-ancestors 'none'";

const HSTS = 'max-age=31536000; includeSubDomains';

// Features the storefront never uses; denying them means an injected script cannot either.
const PERMISSIONS_POLICY = [
	'accelerometer=()',
	'camera=()',
	'geolocation=()',
	'gyroscope=()',
	'magnetometer=()',
	'microphone=()',
	'payment=()',
	'usb=()',
	'browsing-topics=()'
].join(', ');

/**
 * `uploadOrigin`: where the author studio's browser sends file bytes when they
 * do not go to this app (an S3 bucket); pages' `connect-src 'self'` gains it.
 */
export function applySecurityHeaders(headers: Headers, options: { production: boolean; uploadOrigin: string | null }): void {
	const csp = headers.get('content-security-policy');
	if (!csp) headers.set('content-security-policy', STRICT_CSP);
	else if (options.uploadOrigin) headers.set('content-security-policy', csp.replace("connect-src 'self'", `connect-src 'self' ${options.uploadOrigin}`));
	// For browsers that predate frame-ancestors; both say "never framed" (the wallet buy button was frameable).
	headers.set('x-frame-options', 'DENY');
	headers.set('x-content-type-options', 'nosniff');
	// A route that asked for none keeps it: the sign-in link's and the social callback's redirects carry a secret in their URL.
	if (headers.get('referrer-policy') !== 'no-referrer') headers.set('referrer-policy', 'strict-origin-when-cross-origin');
	headers.set('permissions-policy', PERMISSIONS_POLICY);
	// Only in production: a development server on plain http (localhost) must not pin browsers to https.
	if (options.production) headers.set('strict-transport-security', HSTS);
}
