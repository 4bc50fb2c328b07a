import { Readable } from 'node:stream';
import { f as fileServer, b as attachmentDisposition } from '../../../../chunks/index4.js-DXozWz78.js';
import { j as json, e as errorBody } from '../../../../chunks/envelope.js-DJ9_zMGQ.js';
import { l as log } from '../../../../chunks/app-error.js-BJVvpKXy.js';
import { m as methodNotAllowed } from '../../../../chunks/auth-endpoint.js-B09h9PEa.js';
import '../../../../chunks/config.js-CBoIX22t.js';
import 'node:crypto';
import 'node:fs';
import 'node:path';
import 'zod';
import 'node:fs/promises';
import '../../../../chunks/index3.js-8T1uxQKq.js';
import '@aws-sdk/client-s3';
import '@aws-sdk/s3-request-presigner';
import '../../../../chunks/classify.js-IAiHLL2t.js';
import '@trpc/server';
import '../../../../chunks/accounts.js-BCqWXCT9.js';
import 'drizzle-orm';
import '../../../../chunks/client.js-CTlknuH-.js';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'postgres';
import '../../../../chunks/catalog.js-DINH2wV_.js';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import '../../../../chunks/password.js-B0SJY3V4.js';
import '@node-rs/argon2';
import '../../../../chunks/session.js-BLaF3H5c.js';

function fail(requestId, status, code, message) {
  return json(errorBody({ status, code, message }, requestId), status);
}
const GET = async ({ params, url, locals }) => {
  const files = fileServer();
  if (!files) return fail(locals.requestId, 404, "not_found", "Không tìm thấy tệp.");
  const q = url.searchParams;
  const check = files.verifyLink(params.key, q.get("exp"), q.get("n"), q.get("sig"));
  if (check === "expired") {
    return fail(locals.requestId, 403, "forbidden", "Liên kết tải xuống đã hết hạn. Vui lòng lấy liên kết mới.");
  }
  if (check === "invalid") return fail(locals.requestId, 403, "forbidden", "Liên kết tải xuống không hợp lệ.");
  const opened = await files.open(params.key).catch((error) => {
    log.error("file read failed", { key: params.key, error });
    return void 0;
  });
  if (opened === void 0) {
    return fail(locals.requestId, 503, "service_unavailable", "Kho tệp tạm thời không khả dụng, vui lòng thử lại sau.");
  }
  if (opened === null) return fail(locals.requestId, 404, "not_found", "Không tìm thấy tệp.");
  return new Response(Readable.toWeb(opened.stream), {
    status: 200,
    headers: {
      "content-type": opened.object.contentType,
      "content-length": String(opened.object.size),
      "content-disposition": attachmentDisposition(q.get("n")),
      // A signed link is a short-lived capability; nothing in between should keep the bytes.
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer"
    }
  });
};
const fallback = methodNotAllowed("GET", "HEAD");

export { GET, fallback };
//# sourceMappingURL=_server.ts.js-3B3DCXnp.js.map
