/**
 * The one error type domain code throws (architecture D2, convention 2).
 * It carries the HTTP status and the contract's snake_case code; the REST
 * facade and the tRPC error formatter map it in exactly one place
 * (./classify.ts), so domain code never imports a transport.
 */
export const errorCodes = [
	'validation_error',
	'not_found',
	'unauthenticated',
	'forbidden',
	'rate_limited',
	'state_violation',
	'already_owned',
	'flash_sale_sold_out',
	'promo_cap_reached',
	'wallet_balance_overflow',
	'payment_processing',
	'quota_exceeded',
	'conflict',
	// Uploads: the file is already on sale under another author (a theft signal).
	'duplicate_file',
	// Auth flows (/api/auth/*): wrong email or password, taken address, bad or spent codes and links.
	'invalid_credentials',
	'email_taken',
	'invalid_otp',
	'otp_expired',
	'invalid_token',
	'method_not_allowed',
	'payload_too_large',
	'unsupported_media_type',
	'service_unavailable',
	'internal'
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export class AppError extends Error {
	override name = 'AppError';

	constructor(
		readonly status: number,
		readonly code: ErrorCode,
		message: string,
		/** Structured context for clients, e.g. field-level reasons. */
		readonly details?: Record<string, unknown>,
		/** Extra members merged into the error object itself (e.g. the music quota 429). */
		readonly extra?: Record<string, unknown>
	) {
		super(message);
	}
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
	new AppError(400, 'validation_error', message, details);
export const notFound = (message = 'Không tìm thấy tài nguyên.') =>
	new AppError(404, 'not_found', message);
export const unauthenticated = (message = 'Bạn cần đăng nhập để tiếp tục.') =>
	new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'Bạn không có quyền thực hiện thao tác này.') =>
	new AppError(403, 'forbidden', message);
export const serviceUnavailable = (message = 'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau.') =>
	new AppError(503, 'service_unavailable', message);
