/**
 * The storefront's one error → Vietnamese message mapper (browser and server alike).
 *
 * Errors reach pages in three shapes: tRPC client errors (`error.data.appCode`,
 * `details`, `extra`, a Vietnamese `message` from the server), SvelteKit page
 * errors (`{ status, body: { message, code } }` or `page.error`), and transport
 * failures (offline, aborted, a proxy's HTML page). Whatever arrives, pages get
 * a sentence a teacher understands, never a raw code or an empty box.
 */

export interface ErrorInfo {
	/** HTTP status when known (0 for a network failure). */
	status: number;
	/** The contract's snake_case code, or `network` / `aborted` / `unknown` for transport failures. */
	code: string;
	/** The server's own message when it came from our API (already Vietnamese). */
	serverMessage: string | null;
	details: Record<string, unknown> | null;
	extra: Record<string, unknown> | null;
}

/** Per-page wording for some codes, e.g. `{ not_found: 'Không tìm thấy học liệu này.' }`. */
export type ErrorWording = Partial<Record<string, string>>;

/** Plain fallbacks when the server said nothing usable (or the request never reached it). */
const BY_CODE: Record<string, string> = {
	validation_error: 'Thông tin chưa hợp lệ. Vui lòng kiểm tra lại rồi thử lần nữa.',
	not_found: 'Không tìm thấy nội dung bạn cần. Có thể nó đã được gỡ hoặc đường dẫn không đúng.',
	unauthenticated: 'Bạn cần đăng nhập để tiếp tục.',
	forbidden: 'Bạn không có quyền thực hiện thao tác này.',
	rate_limited: 'Bạn thao tác hơi nhanh. Vui lòng đợi một lát rồi thử lại.',
	state_violation: 'Thao tác này không thực hiện được ở trạng thái hiện tại. Hãy tải lại trang để xem tình trạng mới nhất.',
	already_owned: 'Bạn đã sở hữu học liệu này rồi — có thể tải về ngay trong “Đơn hàng”.',
	flash_sale_sold_out: 'Suất flash sale đã hết. Bạn vẫn có thể mua với giá hiện tại.',
	promo_cap_reached: 'Mã khuyến mãi đã hết lượt sử dụng.',
	wallet_balance_overflow: 'Số dư ví đã chạm mức tối đa cho phép, không thể cộng thêm.',
	payment_processing: 'Cổng thanh toán đang tạm gián đoạn. Vui lòng thử lại sau ít phút.',
	quota_exceeded: 'Bạn đã dùng hết lượt tải nhạc trong kỳ này.',
	conflict: 'Dữ liệu vừa thay đổi. Hãy tải lại trang rồi thử lại.',
	duplicate_file: 'Tệp này trùng với tệp của một tác giả khác.',
	invalid_credentials: 'Email hoặc mật khẩu không đúng.',
	email_taken: 'Email này đã có tài khoản. Hãy đăng nhập hoặc dùng email khác.',
	invalid_otp: 'Mã xác nhận không đúng.',
	otp_expired: 'Mã xác nhận đã hết hạn. Hãy yêu cầu mã mới.',
	invalid_token: 'Liên kết không hợp lệ hoặc đã hết hạn.',
	method_not_allowed: 'Thao tác này không được hỗ trợ.',
	payload_too_large: 'Nội dung gửi lên quá lớn.',
	unsupported_media_type: 'Định dạng dữ liệu gửi lên không được hỗ trợ.',
	service_unavailable: 'Dịch vụ tạm thời không khả dụng. Vui lòng thử lại sau ít phút.',
	internal: 'Đã có lỗi không mong muốn ở máy chủ. Vui lòng thử lại sau.',
	network: 'Không kết nối được tới máy chủ. Hãy kiểm tra mạng rồi thử lại.',
	aborted: 'Yêu cầu đã bị huỷ.',
	unknown: 'Đã có lỗi xảy ra. Vui lòng thử lại.'
};

const BY_STATUS: Record<number, string> = {
	400: BY_CODE.validation_error!,
	401: BY_CODE.unauthenticated!,
	403: BY_CODE.forbidden!,
	404: BY_CODE.not_found!,
	409: BY_CODE.conflict!,
	429: BY_CODE.rate_limited!,
	503: BY_CODE.service_unavailable!
};

const STATUS_CODES: Record<number, string> = {
	400: 'validation_error',
	401: 'unauthenticated',
	403: 'forbidden',
	404: 'not_found',
	409: 'conflict',
	429: 'rate_limited',
	500: 'internal',
	503: 'service_unavailable'
};

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const obj = (v: unknown): Loose | null => (isObject(v) ? v : null);

/** Reads what is known about any thrown value. */
export function describeError(err: unknown): ErrorInfo {
	if (!isObject(err)) return { status: 0, code: 'unknown', serverMessage: str(err), details: null, extra: null };

	if ((err as { name?: unknown }).name === 'AbortError') {
		return { status: 0, code: 'aborted', serverMessage: null, details: null, extra: null };
	}

	// tRPC client error: the server's errorFormatter put the contract's code in `data.appCode`.
	const data = obj(err.data);
	if (data && str(data.appCode)) {
		return {
			status: typeof data.httpStatus === 'number' ? data.httpStatus : 0,
			code: data.appCode as string,
			serverMessage: str(err.message),
			details: obj(data.details),
			extra: obj(data.extra)
		};
	}

	// In-process callers (server loads through serverCaller) get TRPCError with the domain AppError as `cause`.
	const cause = obj(err.cause);
	if (cause && typeof cause.status === 'number' && str(cause.code)) {
		return { status: cause.status, code: cause.code as string, serverMessage: str(cause.message), details: obj(cause.details), extra: obj(cause.extra) };
	}

	// SvelteKit: `error(status, { message, code })` in a load, or `page.error` with a status beside it.
	const body = obj(err.body);
	const status = typeof err.status === 'number' ? err.status : 0;
	if (body && (str(body.message) || str(body.code))) {
		return {
			status,
			code: str(body.code) ?? STATUS_CODES[status] ?? 'unknown',
			serverMessage: str(body.message),
			details: null,
			extra: null
		};
	}

	// The REST envelope `{ error: { code, message, details } }` (e.g. from a fetch to /api/v1).
	const envelope = obj(err.error);
	if (envelope && str(envelope.code)) {
		return { status, code: envelope.code as string, serverMessage: str(envelope.message), details: obj(envelope.details), extra: null };
	}

	// App.Error (page.error): `{ message, code? }`.
	if (str(err.code) && str(err.message) && !(err instanceof Error)) {
		return { status, code: err.code as string, serverMessage: str(err.message), details: null, extra: null };
	}

	// A tRPC client error without data never reached our API (offline, DNS, a proxy's error page).
	const name = str(err.name);
	if (name === 'TRPCClientError' || err instanceof TypeError) {
		return { status: 0, code: 'network', serverMessage: null, details: null, extra: null };
	}
	return { status, code: STATUS_CODES[status] ?? 'unknown', serverMessage: null, details: null, extra: null };
}

/** Seconds the server asked us to wait before retrying (429), if it said. */
export function retryAfterSeconds(err: unknown): number | null {
	const seconds = describeError(err).details?.retryAfterSeconds;
	return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

/** "45 giây", "15 phút", "1 giờ 5 phút": a wait as people say it, rounded up. */
export function formatWait(seconds: number): string {
	const s = Math.max(1, Math.ceil(seconds));
	if (s < 60) return `${s} giây`;
	const minutes = Math.ceil(s / 60);
	if (minutes < 60) return `${minutes} phút`;
	const h = Math.floor(minutes / 60);
	const m = minutes % 60;
	return m ? `${h} giờ ${m} phút` : `${h} giờ`;
}

/**
 * A helpful Vietnamese sentence for any error. Page wording wins, then the
 * server's own message (it knows the specifics, e.g. how much the wallet lacks),
 * then a plain sentence for the code or the status.
 */
export function errorMessage(err: unknown, wording: ErrorWording = {}): string {
	const info = describeError(err);
	const own = wording[info.code];
	if (own) return own;
	if (info.code === 'rate_limited') {
		const wait = retryAfterSeconds(err);
		if (wait) return `Bạn thao tác hơi nhanh. Vui lòng đợi ${formatWait(wait)} rồi thử lại.`;
	}
	if (info.serverMessage && info.code !== 'network' && info.code !== 'unknown') return info.serverMessage;
	return BY_CODE[info.code] ?? BY_STATUS[info.status] ?? BY_CODE.unknown!;
}

/** Field-level reasons of a validation error, keyed by the field's path (`promoCode`, `guest.email`). */
export function fieldErrors(err: unknown): Record<string, string> {
	const info = describeError(err);
	const out: Record<string, string> = {};
	const fields = info.details?.fields;
	if (Array.isArray(fields)) {
		for (const f of fields) {
			if (isObject(f) && str(f.path) && str(f.message)) out[f.path as string] ??= f.message as string;
		}
	}
	const field = str(info.details?.field);
	if (field && info.serverMessage) out[field] ??= info.serverMessage;
	return out;
}

/** True when the error means "sign in first" (the page may offer a sign-in link). */
export function needsSignIn(err: unknown): boolean {
	return describeError(err).code === 'unauthenticated';
}

const GIFT_CODE_REFUSALS: Record<string, string> = {
	expired: 'Mã quà tặng này đã hết hạn hoặc đã bị ngừng. Hãy kiểm tra hạn dùng in trên thẻ quà tặng.',
	exhausted: 'Mã quà tặng này đã được dùng hết số lượt cho phép.',
	already_redeemed: 'Bạn đã đổi mã quà tặng này rồi — mỗi tài khoản chỉ đổi một mã một lần.',
	zero_amount: 'Mã quà tặng này không có giá trị nên không cộng được vào ví.'
};

/** Gift-code redemption (POST /api/v1/giftcode/redeem): one clear sentence for each reason a code is refused. */
export function giftCodeMessage(err: unknown): string {
	const info = describeError(err);
	const reason = info.details?.reason;
	if (info.code === 'validation_error' && typeof reason === 'string' && GIFT_CODE_REFUSALS[reason]) return GIFT_CODE_REFUSALS[reason];
	if (info.code === 'validation_error') return 'Mã quà tặng gồm 1–64 ký tự. Vui lòng kiểm tra và nhập lại.';
	if (info.code === 'not_found')
		return 'Không tìm thấy mã quà tặng này. Hãy kiểm tra từng ký tự (không phân biệt chữ hoa, dấu cách và dấu gạch).';
	if (info.code === 'rate_limited') {
		const wait = retryAfterSeconds(err);
		return `Bạn đã nhập sai mã quá nhiều lần. Vui lòng thử lại sau ${wait ? formatWait(wait) : 'ít phút'}.`;
	}
	return errorMessage(err);
}
