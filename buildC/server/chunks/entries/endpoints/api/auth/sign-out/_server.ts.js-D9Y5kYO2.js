import { e as signOut } from '../../../../../chunks/accounts.js-BCqWXCT9.js';
import { d as clearSessionCookie } from '../../../../../chunks/session.js-BLaF3H5c.js';
import { b as authEndpoint, m as methodNotAllowed } from '../../../../../chunks/auth-endpoint.js-B09h9PEa.js';
import 'drizzle-orm';
import '../../../../../chunks/client.js-CTlknuH-.js';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'node:fs';
import 'postgres';
import '../../../../../chunks/config.js-CBoIX22t.js';
import 'node:crypto';
import 'node:path';
import 'zod';
import '../../../../../chunks/catalog.js-DINH2wV_.js';
import '../../../../../chunks/app-error.js-BJVvpKXy.js';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import '../../../../../chunks/index3.js-8T1uxQKq.js';
import '../../../../../chunks/password.js-B0SJY3V4.js';
import '@node-rs/argon2';
import '../../../../../chunks/envelope.js-DJ9_zMGQ.js';
import '../../../../../chunks/classify.js-IAiHLL2t.js';
import '@trpc/server';

const POST = authEndpoint(async (event) => {
  if (event.locals.session) await signOut(event.locals.session.id);
  clearSessionCookie(event.cookies);
  return { status: true };
});
const fallback = methodNotAllowed("POST");

export { POST, fallback };
//# sourceMappingURL=_server.ts.js-D9Y5kYO2.js.map
