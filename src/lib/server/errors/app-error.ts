/**
 * The one error type domain code throws (docs/architecture.md#rest-facade).
 * It carries the contract's snake_case code and the HTTP status the code
 * always has (./codes.ts); the REST
 * facade and the tRPC error formatter map it in exactly one place
 * (./classify.ts), so domain code never imports a transport.
 */
import { errorStatus, type ErrorCode, type ErrorStatus } from './codes';

export { errorCodes, errorStatus, type ErrorCode } from './codes';

export class AppError extends Error {
	override name = 'AppError';

	/** Always errorStatus[code]: a code cannot be answered with two statuses. */
	readonly status: ErrorStatus;

	constructor(
		readonly code: ErrorCode,
		message: string,
		/** Structured context for clients, e.g. field-level reasons. */
		readonly details?: Record<string, unknown>,
		/** Extra members merged into the error object itself (e.g. the music quota 429). */
		readonly extra?: Record<string, unknown>
	) {
		super(message);
		this.status = errorStatus[code];
	}
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
	new AppError('validation_error', message, details);
/** A pagination cursor that is not this list's: edited, cut short, or made for other filters or another product. */
export const invalidCursor = () =>
	badRequest('Con trỏ phân trang không hợp lệ hoặc không thuộc truy vấn này.', { fields: [{ path: 'cursor', message: 'Con trỏ không hợp lệ.' }] });
export const notFound = (message = 'Không tìm thấy tài nguyên.') =>
	new AppError('not_found', message);
export const unauthenticated = (message = 'Bạn cần đăng nhập để tiếp tục.') =>
	new AppError('unauthenticated', message);
export const forbidden = (message = 'Bạn không có quyền thực hiện thao tác này.') =>
	new AppError('forbidden', message);
export const serviceUnavailable = (message = 'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau.') =>
	new AppError('service_unavailable', message);
