/**
 * Request bodies of JSON endpoints (the REST facade and the /api/auth routes):
 * size-limited, JSON only, malformed JSON answered as a 400 envelope.
 */
import { config } from '../config';
import { AppError } from '../errors/app-error';
import { assertStorableText } from './storable-text';

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

/**
 * What a handler left unread is read and dropped after it answered, up to this
 * many times the limit, so a kept-alive connection can carry the client's next
 * request. Node does not skip a body that SvelteKit's request stream started
 * reading: left alone it wedges the connection until the keep-alive timeout
 * resets it, and cancelling the stream destroys the socket before the answer
 * is written. Larger leftovers stay unread and the connection is closed.
 */
const DRAIN_FACTOR = 8;

/** A JSON media type (`application/json`, `application/problem+json`…), with or without parameters. */
export function isJsonContentType(contentType: string): boolean {
	return JSON_TYPE.test(contentType);
}

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/** A read that failed (client gone, the adapter's own size checks) is the client's problem, not a 500. */
async function read(reader: Reader, limit: number): Promise<ReadableStreamReadResult<Uint8Array>> {
	try {
		return await reader.read();
	} catch (error) {
		reader.releaseLock();
		if ((error as { status?: unknown }).status === 413) throw tooLarge(limit);
		throw new AppError('validation_error', 'Không đọc được nội dung gửi lên.', { reason: 'unreadable_body' });
	}
}

/**
 * Called once the response is ready (../http/finish-served.ts): drops the rest of the
 * request body within the drain budget. False = bytes remain unread, so the
 * connection must close after this response.
 */
export async function settleBody(request: Request): Promise<boolean> {
	const body = request.body;
	if (!body) return true;
	if (body.locked) return false;
	let left = config().bodyLimitBytes * DRAIN_FACTOR;
	if (Number(request.headers.get('content-length') ?? '0') > left) return false;
	const reader = body.getReader();
	try {
		while (left >= 0) {
			const { done, value } = await reader.read();
			if (done) return true;
			left -= value.byteLength;
		}
		return false;
	} catch {
		return false;
	} finally {
		reader.releaseLock();
	}
}

/** Reads the body under the size limit; JSON only. */
export async function readJsonBody(request: Request): Promise<unknown> {
	const limit = config().bodyLimitBytes;
	const declared = Number(request.headers.get('content-length') ?? '0');
	if (declared > limit) throw tooLarge(limit);
	if (!request.body) return undefined;
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await read(reader, limit);
		if (done) break;
		size += value.byteLength;
		if (size > limit) {
			// Not cancelled: that would drop the connection before the 413 is sent (see settleBody).
			reader.releaseLock();
			throw tooLarge(limit);
		}
		chunks.push(value);
	}
	// Fully read: unlocked, so settleBody sees nothing left and the connection stays alive.
	reader.releaseLock();
	if (size === 0) return undefined;
	const contentType = request.headers.get('content-type') ?? '';
	if (!isJsonContentType(contentType)) {
		throw new AppError('unsupported_media_type', 'Nội dung gửi lên phải là JSON (Content-Type: application/json).');
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
	} catch {
		throw new AppError('validation_error', 'Nội dung JSON không đúng cú pháp.', { reason: 'malformed_json' });
	}
	assertStorableText(parsed);
	return parsed;
}

function tooLarge(limit: number): AppError {
	return new AppError('payload_too_large', `Nội dung gửi lên vượt quá giới hạn ${limit} byte.`, { limitBytes: limit });
}
