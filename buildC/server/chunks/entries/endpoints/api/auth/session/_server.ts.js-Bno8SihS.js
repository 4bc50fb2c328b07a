import { s as sessionResponse } from '../../../../../chunks/accounts.js-BCqWXCT9.js';
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
import '../../../../../chunks/session.js-BLaF3H5c.js';
import '../../../../../chunks/envelope.js-DJ9_zMGQ.js';
import '../../../../../chunks/classify.js-IAiHLL2t.js';
import '@trpc/server';

const GET = authEndpoint(async (event) => {
  const session = event.locals.session;
  return session ? sessionResponse(session.user, session.expiresAt) : null;
});
const fallback = methodNotAllowed("GET", "HEAD");

export { GET, fallback };
//# sourceMappingURL=_server.ts.js-Bno8SihS.js.map
