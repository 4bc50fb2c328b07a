import { S as SignUpInput } from '../../../../../../chunks/auth.js-DNKvsyge.js';
import { a as signUp } from '../../../../../../chunks/accounts.js-BCqWXCT9.js';
import { b as authEndpoint, m as methodNotAllowed, p as parseJson, s as signedInBody } from '../../../../../../chunks/auth-endpoint.js-B09h9PEa.js';
import 'zod';
import 'drizzle-orm';
import '../../../../../../chunks/client.js-CTlknuH-.js';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'node:fs';
import 'postgres';
import '../../../../../../chunks/config.js-CBoIX22t.js';
import 'node:crypto';
import 'node:path';
import '../../../../../../chunks/catalog.js-DINH2wV_.js';
import '../../../../../../chunks/app-error.js-BJVvpKXy.js';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import '../../../../../../chunks/index3.js-8T1uxQKq.js';
import '../../../../../../chunks/password.js-B0SJY3V4.js';
import '@node-rs/argon2';
import '../../../../../../chunks/session.js-BLaF3H5c.js';
import '../../../../../../chunks/envelope.js-DJ9_zMGQ.js';
import '../../../../../../chunks/classify.js-IAiHLL2t.js';
import '@trpc/server';

const POST = authEndpoint(async (event, req) => {
  const input = await parseJson(SignUpInput, event.request);
  return signedInBody(event.cookies, await signUp(input, req));
});
const fallback = methodNotAllowed("POST");

export { POST, fallback };
//# sourceMappingURL=_server.ts.js-CyUOHm5D.js.map
