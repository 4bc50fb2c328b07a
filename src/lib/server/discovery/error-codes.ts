import type { ErrorCode } from '../errors/app-error';

/** What each error code means, for the developer hub. */
export const errorCodeHelp: Record<ErrorCode, { status: string; meaning: string }> = {
	validation_error: { status: '400', meaning: 'Malformed or invalid input; `details.fields` lists the fields, `details.reason` the rule.' },
	invalid_otp: { status: '400', meaning: 'Wrong sign-in code; `details.attemptsLeft` says how many tries the code has left (5 per code).' },
	otp_expired: { status: '400', meaning: 'No usable sign-in code: expired (10 minutes), already used, replaced by a newer one or burnt by wrong tries. Ask for a new one.' },
	invalid_token: { status: '400', meaning: 'A sign-in or reset link that is unknown, already used or expired; `details.reason` is `unknown`, `used` or `expired`.' },
	invalid_credentials: { status: '401', meaning: 'Wrong email or password (the same answer for an unknown email).' },
	unauthenticated: { status: '401', meaning: 'No valid session cookie (or guest checkout unavailable).' },
	forbidden: { status: '403', meaning: 'Not allowed: foreign Origin on a mutation, paid track not owned, invalid download token.' },
	not_found: { status: '404', meaning: 'Unknown resource, or an order you may not see (both look the same on purpose).' },
	method_not_allowed: { status: '405', meaning: 'The path exists with other methods; see the `Allow` header.' },
	email_taken: { status: '409', meaning: 'Sign-up with an address that already has an account.' },
	conflict: { status: '409', meaning: 'The request conflicts with the current state.' },
	duplicate_file: { status: '409', meaning: 'An uploaded file is byte-for-byte a file already uploaded by another author (recorded for staff as a theft signal).' },
	already_owned: { status: '409', meaning: 'You already own this product.' },
	flash_sale_sold_out: { status: '409', meaning: 'The flash sale has no stock left.' },
	promo_cap_reached: { status: '409', meaning: 'The promo code has reached its usage cap.' },
	payload_too_large: { status: '413', meaning: 'The request body is larger than the limit.' },
	unsupported_media_type: { status: '415', meaning: 'Request bodies must be JSON.' },
	state_violation: { status: '422', meaning: 'Not possible in the current state (e.g. insufficient wallet balance).' },
	wallet_balance_overflow: { status: '422', meaning: 'The wallet would exceed its maximum balance.' },
	rate_limited: { status: '429', meaning: 'Too many requests; wait `Retry-After` seconds.' },
	quota_exceeded: { status: '429', meaning: 'Music download quota used up until `resetsAt`.' },
	internal: { status: '500', meaning: 'Unexpected error; nothing internal is revealed. Retry later.' },
	payment_processing: { status: '503', meaning: 'Payment is temporarily unavailable.' },
	service_unavailable: { status: '503', meaning: 'A dependency (database, storage, rate-limit store) is unavailable; retry later.' }
};
