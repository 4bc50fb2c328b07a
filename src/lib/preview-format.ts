/** Wording of the preview facts on the product page (file size, length, preview state), Vietnamese style. */
import type { ProductPreviewInfo } from './contracts/catalog';

const decimal = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });

/** 1536 → "1,5 KB"; binary units, as file managers show them. */
export function formatFileSize(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`;
	const units = ['KB', 'MB', 'GB', 'TB'];
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < units.length - 1) {
		value /= 1024;
		unit++;
	}
	return `${decimal.format(value)} ${units[unit]}`;
}

/** 185 → "3 phút 5 giây"; 3720 → "1 giờ 2 phút". */
export function formatDuration(seconds: number): string {
	const h = Math.floor(seconds / 3600);
	const m = Math.floor((seconds % 3600) / 60);
	const s = seconds % 60;
	const parts = h > 0 ? [`${h} giờ`, m > 0 ? `${m} phút` : ''] : [m > 0 ? `${m} phút` : '', s > 0 || m === 0 ? `${s} giây` : ''];
	return parts.filter(Boolean).join(' ');
}

/** What a reader is told when there is nothing to look at yet; null when previews are shown. */
export function previewStatusText(status: ProductPreviewInfo['status'] | undefined): string | null {
	switch (status) {
		case 'ready':
			return null;
		case 'queued':
			return 'Chưa có bản xem trước (đang tạo, hãy quay lại sau ít phút).';
		default:
			return 'Chưa có bản xem trước.';
	}
}
