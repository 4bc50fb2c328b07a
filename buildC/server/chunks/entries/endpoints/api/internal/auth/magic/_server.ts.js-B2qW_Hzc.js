import { M as MagicLinkInput } from '../../../../../../chunks/auth.js-DNKvsyge.js';
import { r as requestMagicLink } from '../../../../../../chunks/magic-link.js-BgCa7WPO.js';
import { b as authEndpoint, m as methodNotAllowed, p as parseJson } from '../../../../../../chunks/auth-endpoint.js-B09h9PEa.js';
import 'zod';
import 'drizzle-orm';
import 'node:crypto';
import '../../../../../../chunks/config.js-CBoIX22t.js';
import 'node:fs';
import 'node:path';
import '../../../../../../chunks/client.js-CTlknuH-.js';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'postgres';
import '../../../../../../chunks/catalog.js-DINH2wV_.js';
import '../../../../../../chunks/app-error.js-BJVvpKXy.js';
import '../../../../../../chunks/mail-html.js-R8pyZBxu.js';
import 'nodemailer';
import '../../../../../../chunks/accounts.js-BCqWXCT9.js';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import '../../../../../../chunks/index3.js-8T1uxQKq.js';
import '../../../../../../chunks/password.js-B0SJY3V4.js';
import '@node-rs/argon2';
import '../../../../../../chunks/session.js-BLaF3H5c.js';
import '../../../../../../chunks/one-time-tokens.js-BLKmIl5Q.js';
import '../../../../../../chunks/envelope.js-DJ9_zMGQ.js';
import '../../../../../../chunks/classify.js-IAiHLL2t.js';
import '@trpc/server';

const POST = authEndpoint(async (event, req) => {
  await requestMagicLink(await parseJson(MagicLinkInput, event.request), req);
  return { status: true };
});
const fallback = methodNotAllowed("POST");

export { POST, fallback };
//# sourceMappingURL=_server.ts.js-B2qW_Hzc.js.map
