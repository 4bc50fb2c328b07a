import { c as config } from '../../../../chunks/config.js-CBoIX22t.js';
import { a as authMd } from '../../../../chunks/documents.js-DPCJfk21.js';
import 'node:crypto';
import 'node:fs';
import 'node:path';
import 'zod';
import '../../../../chunks/endpoints.js-7NcSbgVl.js';
import '../../../../chunks/coerce.js-DxiRIGP4.js';
import '../../../../chunks/facade.js-BUehpMiX.js';
import '../../../../chunks/app-error.js-BJVvpKXy.js';
import '../../../../chunks/app-router.js-DteJZ6ep.js';
import '@trpc/server';
import '../../../../chunks/classify.js-IAiHLL2t.js';
import '../../../../chunks/catalog.js-DINH2wV_.js';
import 'drizzle-orm';
import '../../../../chunks/client.js-CTlknuH-.js';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'postgres';
import '../../../../chunks/auth.js-DNKvsyge.js';
import '../../../../chunks/accounts.js-BCqWXCT9.js';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import '../../../../chunks/index3.js-8T1uxQKq.js';
import '../../../../chunks/password.js-B0SJY3V4.js';
import '@node-rs/argon2';
import '../../../../chunks/session.js-BLaF3H5c.js';
import '../../../../chunks/paths2.js-Di5BGqld.js';
import '../../../../chunks/checkout.js-CYM5ahjD.js';
import '../../../../chunks/topup.js-C5XdnIjH.js';
import '../../../../chunks/intents.js-DjAkNpCw.js';
import '../../../../chunks/format.js-CUETbGfu.js';
import 'qrcode';
import '../../../../chunks/orders.js-B8bAdtQ5.js';
import '../../../../chunks/paths.js-xLTGA48h.js';
import '../../../../chunks/mail-html.js-R8pyZBxu.js';
import 'nodemailer';
import '../../../../chunks/index4.js-DXozWz78.js';
import 'node:fs/promises';
import '@aws-sdk/client-s3';
import '@aws-sdk/s3-request-presigner';
import '../../../../chunks/context.js-CnVccAyv.js';
import '../../../../chunks/envelope.js-DJ9_zMGQ.js';
import '../../../../chunks/scopes.js-mtAS5-nC.js';

const GET = () => new Response(authMd(config().origin), {
  headers: { "content-type": "text/markdown; charset=utf-8", "cache-control": "public, max-age=300" }
});

export { GET };
//# sourceMappingURL=_server.ts.js-Byfw4kLi.js.map
