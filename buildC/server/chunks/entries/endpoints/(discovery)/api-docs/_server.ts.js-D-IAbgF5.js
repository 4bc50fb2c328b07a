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
<header class="hl"><strong>hoclieu API</strong> · <a href="/developers">Trang nhà phát triển</a> · <a href="/openapi.json">openapi.json</a> · <a href="/auth.md">Xác thực</a></header>
<main id="swagger-ui"><noscript>Trang này cần JavaScript. Mô tả API ở dạng máy đọc: <a href="/openapi.json">/openapi.json</a>.</noscript></main>
<script src="/api-docs/assets/swagger-ui-bundle.js"><\/script>
<script>
window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });
<\/script>
</body>
</html>`;
const GET = () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });

export { GET };
//# sourceMappingURL=_server.ts.js-D-IAbgF5.js.map
