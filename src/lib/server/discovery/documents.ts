/**
 * Markdown discovery documents: /llms.txt (llmstxt.org format) and /auth.md.
 */
import { enabledProviders } from '../auth/social/providers';
import { tagAnchor } from './api-reference';
import { authLabels, publicEndpoints } from './endpoints';
import { scopes } from './scopes';

export function llmsTxt(origin: string): string {
	const endpoints = publicEndpoints();
	const byTag = new Map<string, typeof endpoints>();
	for (const e of endpoints) byTag.set(e.tag, [...(byTag.get(e.tag) ?? []), e]);
	const sections = [...byTag.entries()].map(
		([tag, list]) =>
			`## ${tag}\n\n` +
			list
				.map((e) => `- [${e.method} ${e.path}](${origin}/api-docs#${tagAnchor(tag)}): ${e.summary}. Auth: ${authLabels[e.auth]}${e.rateLimited ? '; rate-limited' : ''}${e.deprecated ? `; deprecated, sunset ${e.deprecated.sunset}` : ''}.`)
				.join('\n')
	);
	return `# hoclieu

> hoclieu is a marketplace for Vietnamese K-12 teaching resources (lesson plans, slides, videos, classroom music, combos). Its REST API under ${origin}/api/v1 lets anyone browse and search the catalog anonymously; buying, the wallet, top-ups, gift codes and music downloads need a signed-in session cookie.

Things an agent should know:

- Browse and search need no credentials: start with \`GET /api/v1/catalog/categories\` (the tree), list a category with \`GET /api/v1/catalog/categories/{path}\` (e.g. \`lop-1/toan\`; empty path = everything), read a product with \`GET /api/v1/catalog/products/{fullPath}\`, and search with \`GET /api/v1/search?q=...\` (Vietnamese with or without diacritics: "giao an toan lop 1" finds "Giáo án Toán lớp 1"). A browser app on another site may call these directly (CORS \`Access-Control-Allow-Origin: *\`, no credentials).
- Lists are cursor-paginated: pass \`nextCursor\` back as \`cursor\` while \`hasMore\` is true. Never build cursors yourself.
- A \`308\` on a product path means the product was renamed or moved: follow \`Location\`.
- Money is VND as decimal strings (\`"120000"\`); timestamps are ISO 8601.
- Errors are \`{ "error": { "code", "message", "details"? } }\` with stable snake_case codes; \`429\` carries \`Retry-After\`. Search allows 30 requests per minute per IP — read \`RateLimit-Remaining\` and slow down.
- Buying: \`POST /api/v1/checkout\` with a \`productId\` and a \`paymentMethod\`; send an \`Idempotency-Key\` header (e.g. a UUID) so a retry never creates a second order (\`POST /api/v1/topup/orders\` honours it too). Poll \`GET /api/v1/checkout/{orderId}\` until \`PAID\`; its \`downloadUrl\` carries a \`token\` query parameter that \`POST /api/v1/downloads/by-token\` exchanges for a short-lived file URL.
- There are no API keys or bearer tokens. Everything beyond browsing needs the \`auth.session_data\` cookie from the sign-in flows in [auth.md](${origin}/auth.md); mutations also pass a same-origin check (send no \`Origin\` header, or your own).
- ${socialSignInText()}

## Documentation

- [OpenAPI 3.1 description](${origin}/openapi.json): every endpoint, parameter, envelope and error code
- [API reference](${origin}/api-docs): the same, rendered as HTML
- [Authentication](${origin}/auth.md): sessions, cookies, scopes
- [Developer hub](${origin}/developers): rate limits, error codes, versioning and deprecations
- [API catalog](${origin}/.well-known/api-catalog): RFC 9727 linkset

${sections.join('\n\n')}

## Optional

- [Protected-resource metadata](${origin}/.well-known/oauth-protected-resource): RFC 9728, scope names
`;
}

/** What this server's social sign-in offers, from its configuration: exactly the enabled providers (ADR 019). */
export function socialSignInText(): string {
	const providers = enabledProviders();
	if (providers.length === 0) {
		return 'Social sign-in: no identity provider is enabled on this server, so `POST /api/auth/sign-in/social` answers `404 not_found` for every provider.';
	}
	const list = providers.map((p) => `\`${p.id}\` (${p.label})`).join(', ');
	return `Social sign-in: enabled providers are ${list}. \`POST /api/auth/sign-in/social\` with \`{ "provider", "callbackURL"? }\` answers \`{ "url", "redirect": true }\`; a browser opens \`url\` (the provider's own authorization server) and comes back through \`GET /api/auth/callback/{provider}\`, which sets \`auth.session_data\` and redirects to \`callbackURL\` (a path of this site). It needs a browser (the provider's pages and a state cookie); a script signs in by email instead.${providers.some((p) => p.id === 'zalo') ? ' Zalo gives no email address: an account opened with it has `emailVerified: false` and a placeholder `email` on the reserved `.invalid` domain until the person adds an address on the account page.' : ''} Any other provider answers \`404 not_found\`.`;
}

/** The /api/auth operations, read from the route table like llms.txt (no second, hand-kept list). */
function authTable(origin: string): string {
	const rows = publicEndpoints()
		.filter((e) => e.path.startsWith('/api/auth/'))
		.map((e) => `| ${e.method} | [\`${e.path}\`](${origin}/api-docs#${tagAnchor(e.tag)}) | ${e.summary} |`);
	return ['| Method | Path | Effect |', '| --- | --- | --- |', ...rows].join('\n');
}

export function authMd(origin: string): string {
	const scopeRows = Object.entries(scopes)
		.map(([name, what]) => `| \`${name}\` | ${what} |`)
		.join('\n');
	return `# Authentication — hoclieu API

Base address: ${origin}. This page describes how clients authenticate. The machine-readable
description of every endpoint is [/openapi.json](${origin}/openapi.json).

## What there is — and what there is not

- **No OAuth 2.0 or OpenID Connect authorization server.** There is no issuer, no authorize or
  token endpoint, no key set and no client registration. This is why
  [/.well-known/oauth-protected-resource](${origin}/.well-known/oauth-protected-resource) lists no
  \`authorization_servers\` and an empty \`bearer_methods_supported\`.
- **No API keys, client credentials or bearer tokens.** An \`Authorization\` header is ignored.
- **Anonymous reads:** catalog, product detail, category listings, search, top-up denominations and
  the health probe need nothing.
- **Session cookie:** everything else uses the \`auth.session_data\` cookie.

## The session cookie

| Property | Value |
| --- | --- |
| Name | \`auth.session_data\` |
| Content | an opaque random token and its HMAC-SHA256 signature; the server stores only a hash |
| Lifetime | 30 days, renewed automatically when less than 15 days remain (the response then sets the cookie again) |
| Attributes | \`HttpOnly\`, \`SameSite=Lax\`, \`Path=/\`, \`Secure\` in production |
| Ends | at sign-out, at a password reset (all sessions of the account), or at expiry |

A tampered, expired or revoked cookie is treated as no session: protected endpoints answer
\`401\` with \`{"error":{"code":"unauthenticated",…}}\` and the response clears the cookie.

## Signing in

All bodies are JSON. Responses set \`auth.session_data\` on success.

${authTable(origin)}

Sign-in endpoints are rate-limited per IP and per email (\`429\` with \`Retry-After\`).
${socialSignInText()}

### Verifying the address

Sign-up mails a 6-digit code (10 minutes) and a link (24 hours) to the new address. With the
account's session, \`POST /api/auth/email-otp/verify-email\` \`{ "otp" }\` proves it and
answers the session with \`emailVerified: true\`; \`POST /api/auth/send-verification-email\`
mails a new code and link (limited like every auth mail). Both keep the password and sessions.
The link (\`GET /api/auth/verify-email\`) proves the address in that account's session; opened
without one it sends the browser to sign in first and is not spent. An account registered with
a password but never proven loses that password when someone proves the address by an emailed
sign-in code or link from outside its sessions (the sign-in answers \`"passwordRemoved": true\`
and a mail explains how to set a new one): nobody can pre-register someone else's address and
keep a way in.

### A non-browser client

There are no tokens to obtain: a script signs in the way a browser does and keeps the cookie.

\`\`\`sh
# 1. sign in and keep the cookie jar
curl -c jar.txt -H 'content-type: application/json' \\
  -d '{"email":"co.lan@example.vn","password":"a long passphrase"}' \\
  ${origin}/api/auth/sign-in/email
# 2. call session endpoints with it
curl -b jar.txt ${origin}/api/v1/wallet/balance
\`\`\`

Keep \`auth.session_data\` (and any \`order_access_<orderId>\` cookie you receive) and send them
back on every request; store them like a password. An account without a password can use the
emailed code (\`/api/auth/sign-in/email-otp\`) and hand the resulting cookie to the script.

## Same-origin check

Mutations (checkout, top-up orders, music downloads, auth actions, …) refuse requests whose
\`Origin\` header, or \`Sec-Fetch-Site\` when \`Origin\` is absent, names another site: \`403\`
\`forbidden\`. Scripts that send neither header are allowed.

## Other credentials

- **Order-access cookie** \`order_access_<orderId>\`: short-lived and HMAC-signed, set by
  \`POST /api/v1/checkout\`; it lets a guest poll that one order at \`GET /api/v1/checkout/{orderId}\`.
- **Download token**: short-lived, HMAC-signed and single-purpose, issued after a purchase; exchange
  it at \`POST /api/v1/downloads/by-token\` for a file URL. Cookies play no part there.

## Scopes

The scope names below describe access levels. They are documentation (listed in the OpenAPI
security requirements and the protected-resource metadata); nothing grants or checks them as tokens.

| Scope | Access |
| --- | --- |
${scopeRows}
`;
}
