/**
 * Every error code the app emits and the one HTTP status it is answered with
 * (issue #17 item 3). AppError takes only the code and reads its status here,
 * the facade answers with it, and route meta may list a code only under this
 * status, so the OpenAPI document, the REST facade and the tRPC error data
 * cannot disagree about what a code means.
 */
export const errorStatus = {
	validation_error: 400,
	not_found: 404,
	unauthenticated: 401,
	forbidden: 403,
	rate_limited: 429,
	/** Checkout (POST /api/v1/checkout; docs/api.md#errors): the request is fine but the account or order state refuses it. */
	state_violation: 422,
	already_owned: 409,
	flash_sale_sold_out: 409,
	promo_cap_reached: 409,
	wallet_balance_overflow: 422,
	payment_processing: 503,
	quota_exceeded: 429,
	/** The resource is in a state that refuses this change (reviewed, ended, taken, changed meanwhile). */
	conflict: 409,
	// Uploads: the file is already on sale under another author (a theft signal).
	duplicate_file: 409,
	// Auth flows (/api/auth/*): wrong email or password, taken address, bad or spent codes and links.
	invalid_credentials: 401,
	email_taken: 409,
	invalid_otp: 400,
	otp_expired: 400,
	invalid_token: 400,
	method_not_allowed: 405,
	payload_too_large: 413,
	unsupported_media_type: 415,
	service_unavailable: 503,
	internal: 500
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type ErrorStatus = (typeof errorStatus)[ErrorCode];

/** The codes answered with status S (e.g. CodesWithStatus<409>). */
export type CodesWithStatus<S extends ErrorStatus> = { [C in ErrorCode]: (typeof errorStatus)[C] extends S ? C : never }[ErrorCode];

/** Documented error codes by status: a code can only sit under its own status. */
export type ErrorsByStatus = { [S in ErrorStatus]?: CodesWithStatus<S>[] };

export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];
