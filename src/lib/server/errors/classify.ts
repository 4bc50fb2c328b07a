/**
 * The single map from anything thrown to the contract's error (docs/architecture.md#rest-facade).
 * Used by the REST facade (HTTP envelope) and by the tRPC error formatter, so
 * the storefront and third-party clients see the same codes.
 */
import { TRPCError } from '@trpc/server';
import { AppError } from './app-error';
import { errorStatus, type ErrorCode } from './codes';
import { log } from '../platform/logger';

export interface ClassifiedError {
	status: number;
	code: ErrorCode;
	message: string;
	details?: Record<string, unknown>;
	extra?: Record<string, unknown>;
}

/** A classified error whose status is its code's (errors/codes.ts). */
const classified = (code: ErrorCode, message: string, details?: Record<string, unknown>): ClassifiedError => ({
	status: errorStatus[code],
	code,
	message,
	...(details ? { details } : {})
});

interface ZodLikeError {
	issues: { path: PropertyKey[]; message: string; code?: string }[];
}

function isZodError(e: unknown): e is ZodLikeError {
	return (
		typeof e === 'object' &&
		e !== null &&
		(e as { name?: string }).name === 'ZodError' &&
		Array.isArray((e as ZodLikeError).issues)
	);
}

/** Errors that mean "the database (or another dependency) cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EPIPE',
	'EHOSTUNREACH',
	'CONNECT_TIMEOUT',
	'CONNECTION_CLOSED',
	'CONNECTION_ENDED',
	'CONNECTION_DESTROYED',
	'DEPENDENCY_TIMEOUT',
	'57P01', // admin_shutdown
	'57P03' // cannot_connect_now
]);

export function isUnavailable(e: unknown, depth = 0): boolean {
	if (depth > 4 || typeof e !== 'object' || e === null) return false;
	const code = (e as { code?: unknown }).code;
	if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
	return isUnavailable((e as { cause?: unknown }).cause, depth + 1);
}

export function validationDetails(e: ZodLikeError): Record<string, unknown> {
	return {
		fields: e.issues.map((i) => ({
			path: i.path.map(String).join('.'),
			message: i.message
		}))
	};
}

export function classifyError(error: unknown): ClassifiedError {
	let e = error;
	if (e instanceof TRPCError) {
		if (e.cause instanceof AppError || isZodError(e.cause)) {
			e = e.cause;
		} else if (e.code === 'BAD_REQUEST' || e.code === 'PARSE_ERROR') {
			return classified('validation_error', 'Dữ liệu gửi lên không hợp lệ.');
		} else if (e.code === 'NOT_FOUND') {
			return classified('not_found', 'Không tìm thấy tài nguyên.');
		} else if (e.cause) {
			e = e.cause;
		}
	}
	if (e instanceof AppError) {
		return { status: e.status, code: e.code, message: e.message, details: e.details, extra: e.extra };
	}
	if (isZodError(e)) {
		return classified('validation_error', 'Dữ liệu gửi lên không hợp lệ.', validationDetails(e));
	}
	if (isUnavailable(e)) {
		log.warn('dependency unavailable', { error: e });
		return classified('service_unavailable', 'Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau ít phút.');
	}
	log.error('unexpected error', { error: e, stack: e instanceof Error ? e.stack : undefined });
	return classified('internal', 'Đã có lỗi không mong muốn. Vui lòng thử lại sau.');
}
