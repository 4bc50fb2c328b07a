import { F as ForgetPasswordInput } from '../../../../../chunks/auth.js-DNKvsyge.js';
import { a as requestPasswordReset } from '../../../../../chunks/password-reset.js-fEODcVKi.js';
import { b as authEndpoint, m as methodNotAllowed, p as parseJson } from '../../../../../chunks/auth-endpoint.js-B09h9PEa.js';
import 'zod';
import 'drizzle-orm';
import 'node:crypto';
import '../../../../../chunks/paths.js-xLTGA48h.js';
import '../../../../../chunks/config.js-CBoIX22t.js';
import 'node:fs';
import 'node:path';
import '../../../../../chunks/client.js-CTlknuH-.js';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'postgres';
import '../../../../../chunks/catalog.js-DINH2wV_.js';
import '../../../../../chunks/app-error.js-BJVvpKXy.js';
import '../../../../../chunks/mail-html.js-R8pyZBxu.js';
import 'nodemailer';
import '../../../../../chunks/accounts.js-BCqWXCT9.js';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import '../../../../../chunks/index3.js-8T1uxQKq.js';
import '../../../../../chunks/password.js-B0SJY3V4.js';
import '@node-rs/argon2';
import '../../../../../chunks/session.js-BLaF3H5c.js';
import '../../../../../chunks/one-time-tokens.js-BLKmIl5Q.js';
import '../../../../../chunks/envelope.js-DJ9_zMGQ.js';
import '../../../../../chunks/classify.js-IAiHLL2t.js';
import '@trpc/server';

const POST = authEndpoint(async (event, req) => {
  await requestPasswordReset(await parseJson(ForgetPasswordInput, event.request), req);
  return { status: true };
});
const fallback = methodNotAllowed("POST");

export { POST, fallback };
//# sourceMappingURL=_server.ts.js-CtkuKHcH.js.map
