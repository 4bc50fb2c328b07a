/**
 * Browser downloads with progress: the signed URL is read as a stream so the
 * page can show how far along a large file is, then handed to the browser's
 * "save" as a Blob. If the file cannot be read from script (another origin
 * without CORS, e.g. S3), the browser is sent to the URL instead and downloads
 * it on its own — the file still arrives, only without our progress bar.
 */

export interface DownloadProgress {
	loaded: number;
	/** null when the server did not say how big the file is. */
	total: number | null;
}

export type DownloadOutcome = { kind: 'saved'; fileName: string; bytes: number } | { kind: 'handed-off' };

export class DownloadFailed extends Error {
	override name = 'DownloadFailed';
	constructor(
		/** HTTP status of the file request (403 = link expired or invalid). */
		readonly status: number,
		message: string
	) {
		super(message);
	}
}

/** RFC 6266 / 5987: prefers `filename*=UTF-8''…` (Vietnamese names) over the ASCII `filename=`. */
export function fileNameFromDisposition(header: string | null): string | null {
	if (!header) return null;
	const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
	if (extended?.[1]) {
		try {
			return decodeURIComponent(extended[1].trim());
		} catch {
			// fall through to the plain name
		}
	}
	const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
	return plain?.[1]?.trim() || null;
}

function fileNameFromUrl(url: string): string | null {
	try {
		const u = new URL(url, location.href);
		// FsStorage links carry the download name in `n`; S3 links in response-content-disposition.
		return u.searchParams.get('n') ?? fileNameFromDisposition(u.searchParams.get('response-content-disposition'));
	} catch {
		return null;
	}
}

function statusMessage(status: number): string {
	if (status === 403) return 'Liên kết tải xuống đã hết hạn hoặc không hợp lệ. Vui lòng bấm tải lại.';
	if (status === 404) return 'Không tìm thấy tệp trên máy chủ. Vui lòng liên hệ hỗ trợ.';
	if (status === 503) return 'Kho tệp tạm thời không khả dụng. Vui lòng thử lại sau ít phút.';
	return 'Không tải được tệp. Vui lòng thử lại.';
}

function save(blob: Blob, fileName: string): void {
	const href = URL.createObjectURL(blob);
	const a = document.createElement('a');
	a.href = href;
	a.download = fileName;
	a.rel = 'noopener';
	a.style.display = 'none';
	document.body.append(a);
	a.click();
	a.remove();
	// The browser has taken its copy once the click is handled; free the memory soon after.
	setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export async function downloadWithProgress(
	url: string,
	onProgress: (p: DownloadProgress) => void,
	options: { fallbackName?: string; signal?: AbortSignal } = {}
): Promise<DownloadOutcome> {
	let response: Response;
	try {
		response = await fetch(url, { signal: options.signal, credentials: 'same-origin' });
	} catch (error) {
		if (options.signal?.aborted) throw error;
		// Unreadable from script (CORS) or a network blip: let the browser fetch it itself.
		location.assign(url);
		return { kind: 'handed-off' };
	}
	if (!response.ok) throw new DownloadFailed(response.status, statusMessage(response.status));

	const length = Number(response.headers.get('content-length'));
	const total = Number.isFinite(length) && length > 0 ? length : null;
	const fileName =
		fileNameFromDisposition(response.headers.get('content-disposition')) ?? fileNameFromUrl(url) ?? options.fallbackName ?? 'tai-lieu';
	const chunks: Uint8Array<ArrayBuffer>[] = [];
	let loaded = 0;
	onProgress({ loaded, total });
	try {
		if (response.body) {
			const reader = response.body.getReader();
			for (;;) {
				const { done, value } = await reader.read();
				if (done) break;
				chunks.push(value);
				loaded += value.byteLength;
				onProgress({ loaded, total });
			}
		} else {
			const bytes = new Uint8Array(await response.arrayBuffer());
			chunks.push(bytes);
			loaded = bytes.byteLength;
			onProgress({ loaded, total });
		}
	} catch (error) {
		if (options.signal?.aborted) throw error;
		throw new DownloadFailed(0, 'Kết nối bị gián đoạn khi đang tải tệp. Vui lòng thử lại.');
	}
	if (total !== null && loaded !== total) throw new DownloadFailed(0, 'Tệp tải về bị thiếu do kết nối bị gián đoạn. Vui lòng thử lại.');
	save(new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }), fileName);
	return { kind: 'saved', fileName, bytes: loaded };
}

/** "1,2 MB" style sizes for the progress text. */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	const units = ['KB', 'MB', 'GB'];
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${value.toLocaleString('vi-VN', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}
