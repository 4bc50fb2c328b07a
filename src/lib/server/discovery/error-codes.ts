import { errorStatus, type ErrorCode } from '../errors/codes';

/** What each error code means, for the developer hub; its status is the one the API answers with (errors/codes.ts). */
const meanings: Record<ErrorCode, string> = {
	validation_error: 'Malformed or invalid input; `details.fields` lists the fields, `details.reason` the rule.',
	invalid_otp: 'Wrong sign-in code; `details.attemptsLeft` says how many tries the code has left (5 per code).',
	otp_expired: 'No usable sign-in code: expired (10 minutes), already used, replaced by a newer one or burnt by wrong tries. Ask for a new one.',
	invalid_token:
		'A sign-in or reset link that is unknown, already used or expired (`details.reason` `unknown`, `used` or `expired`), or a social sign-in return that failed its checks (`state`: not this browser\'s, spent or expired; `denied`: cancelled at the provider; `provider_response`: the code or ID token was refused).',
	invalid_credentials: 'Wrong email or password (the same answer for an unknown email).',
	unauthenticated: 'No valid session cookie (or guest checkout unavailable).',
	forbidden: 'Not allowed: foreign Origin on a mutation, paid track not owned, invalid download token.',
	not_found: 'Unknown resource, or an order you may not see (both look the same on purpose).',
	method_not_allowed: 'The path exists with other methods; see the `Allow` header.',
	email_taken: 'Sign-up with an address that already has an account.',
	conflict:
		'The resource is in a state that refuses this change (e.g. a product in review, a flash sale that ended, an unpaid order\'s receipt), or it changed meanwhile. Social sign-in: `details.reason` `account_unverified` (prove the address by emailed code first), `provider_email_unverified`, `identity_taken`, `provider_already_linked` or `last_sign_in_method`.',
	duplicate_file: 'An uploaded file is byte-for-byte a file already uploaded by another author (recorded for staff as a theft signal).',
	already_owned: 'You already own this product.',
	flash_sale_sold_out: 'The flash sale has no stock left.',
	promo_cap_reached: 'The promo code has reached its usage cap.',
	payload_too_large: 'The request body is larger than the limit.',
	unsupported_media_type: 'Request bodies must be JSON.',
	state_violation: 'Not possible for this account or order right now (e.g. insufficient wallet balance, a paid product claimed as free).',
	wallet_balance_overflow: 'The wallet would exceed its maximum balance.',
	rate_limited: 'Too many requests; wait `Retry-After` seconds.',
	quota_exceeded: 'Music download quota used up until `resetsAt`.',
	internal: 'Unexpected error; nothing internal is revealed. Retry later.',
	payment_processing: 'Payment is temporarily unavailable.',
	service_unavailable: 'A dependency (database, storage, rate-limit store) is unavailable; retry later.'
};

export const errorCodeHelp: Record<ErrorCode, { status: string; meaning: string }> = Object.fromEntries(
	(Object.keys(meanings) as ErrorCode[]).map((code) => [code, { status: String(errorStatus[code]), meaning: meanings[code] }])
) as Record<ErrorCode, { status: string; meaning: string }>;
