/**
 * The documentation scopes (docs/api.md#authentication). There is no authorization server and
 * no bearer token (docs/api.md#authentication); these names describe access levels in
 * /.well-known/oauth-protected-resource, /openapi.json and /auth.md.
 */
export const scopes = {
	'catalog:read': 'anonymous GETs: product detail, category listings, search, top-up denominations',
	'orders:read': 'session-gated order listing and polling',
	'orders:write': 'order creation (checkout)',
	'topup:read': 'top-up order polling',
	'topup:write': 'top-up order creation',
	'wallet:read': 'wallet balance and ledger',
	'notifications:read': 'the signed-in account\'s notifications and unread count',
	'notifications:write': 'marking notifications read',
	'messages:read': 'the signed-in account\'s conversations, their messages and unread counts',
	'messages:write': 'starting conversations, sending messages and marking them read',
	'promos:validate': 'promo validation for checkout and top-up',
	'giftcodes:redeem': 'gift-code redemption',
	'media:download': 'music quota and download, token downloads'
} as const;

export type Scope = keyof typeof scopes;
export const scopeNames = Object.keys(scopes) as Scope[];
