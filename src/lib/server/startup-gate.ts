/**
 * While the first start prepares the database (migrations, the demo seed),
 * the server already listens but answers 503: pages with a Vietnamese
 * "đang chuẩn bị dữ liệu" page that refreshes itself, the API in the
 * contract's envelope. The health probe answers on its own (503 degraded
 * until ready) and the test hooks stay reachable (they release a held start).
 */
import { config } from './config';
import { codeResponse } from './rest/envelope';
import { startupState } from './startup-state';

const RETRY_SECONDS = 5;

const PAGE = `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_SECONDS}">
<title>Đang chuẩn bị dữ liệu… · hoclieu</title>
</head>
<body>
<main>
<h1>Đang chuẩn bị dữ liệu…</h1>
<p>Máy chủ vừa khởi động và đang chuẩn bị cơ sở dữ liệu. Trang sẽ tự tải lại sau ${RETRY_SECONDS} giây.</p>
</main>
</body>
</html>
`;

function exempt(pathname: string): boolean {
	return pathname === '/api/health' || (config().testHooks && pathname.startsWith('/api/internal/test/'));
}

/** The 503 to answer instead of the route while the database is being prepared; undefined once ready. */
export function preparingResponse(pathname: string, requestId: string): Response | undefined {
	if (!startupState().preparing || exempt(pathname)) return undefined;
	const headers = { 'retry-after': String(RETRY_SECONDS), 'cache-control': 'no-store', 'x-request-id': requestId };
	if (pathname.startsWith('/api/') || pathname.startsWith('/files/')) {
		const message = 'Máy chủ đang chuẩn bị dữ liệu, vui lòng thử lại sau ít giây.';
		return codeResponse('service_unavailable', message, requestId, headers);
	}
	return new Response(PAGE, { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}
