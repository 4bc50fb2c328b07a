import type { PageServerLoad } from './$types';
import { DownloadByTokenInput } from '$lib/contracts/checkout';

/**
 * The download link of receipts and paid orders. The token is only checked
 * for shape here; the browser exchanges it (so the file streams with a
 * progress bar), and the exchange says whether it is still valid.
 */
export const load: PageServerLoad = ({ url, locals }) => {
	const token = url.searchParams.get('token');
	const problem = !token
		? 'Liên kết tải xuống thiếu mã tải. Hãy mở lại liên kết trong email biên nhận hoặc trong trang đơn hàng.'
		: !DownloadByTokenInput.safeParse({ token }).success
			? 'Liên kết tải xuống không đúng định dạng — có thể liên kết bị cắt mất một phần khi sao chép. Hãy mở lại liên kết đầy đủ trong email biên nhận.'
			: null;
	return { token: problem ? null : token, problem, signedIn: locals.session !== null };
};
