import type { RequestHandler } from './$types';

/**
 * The same reference rendered in the browser by swagger-ui from /openapi.json,
 * for those used to it. It parses the whole document before it paints (seconds
 * on a phone), which is why /api-docs itself is rendered on the server. A plain
 * document (not a storefront page) so the shop chrome does not wrap it.
 */
const html = `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hoclieu API — tài liệu tham khảo</title>
<link rel="icon" href="/api-docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api-docs/assets/swagger-ui.css">
<style>body{margin:0} .topbar{display:none} header.hl{font:16px system-ui,sans-serif;padding:12px 20px;background:#0f766e;color:#fff} header.hl a{color:#fff}</style>
</head>
<body>
<header class="hl"><strong>hoclieu API</strong> · <a href="/api-docs">Tài liệu tham khảo (nhanh)</a> · <a href="/developers">Trang nhà phát triển</a> · <a href="/openapi.json">openapi.json</a> · <a href="/auth.md">Xác thực</a></header>
<main id="swagger-ui"><noscript>Trang này cần JavaScript. Mô tả API ở dạng máy đọc: <a href="/openapi.json">/openapi.json</a>.</noscript></main>
<script src="/api-docs/assets/swagger-ui-bundle.js"></script>
<script src="/api-docs/assets/swagger-init.js"></script>
</body>
</html>`;

/**
 * Not a SvelteKit page, so kit.csp does not cover it; its own policy (kept by
 * hooks) allows only our scripts: the start-up call lives in a served file
 * (assets/swagger-init.js), not inline. Styles keep 'unsafe-inline' because
 * swagger-ui (React) sets style attributes at run time; data: images are its
 * inline SVG icons.
 */
const CSP = [
	"default-src 'none'",
	"script-src 'self'",
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data:",
	"connect-src 'self'",
	"font-src 'self'",
	"base-uri 'none'",
	"form-action 'none'",
	"frame-ancestors 'none'"
].join('; ');

export const GET: RequestHandler = () =>
	new Response(html, {
		headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300', 'content-security-policy': CSP }
	});
