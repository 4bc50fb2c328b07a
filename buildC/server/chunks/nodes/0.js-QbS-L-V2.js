export { _ as server } from '../entries/pages/_layout.server.ts.js-DBFC1Kug.js';
import '../chunks/accounts.js-BCqWXCT9.js';
import 'drizzle-orm';
import '../chunks/client.js-CTlknuH-.js';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'node:fs';
import 'postgres';
import '../chunks/config.js-CBoIX22t.js';
import 'node:crypto';
import 'node:path';
import 'zod';
import '../chunks/catalog.js-DINH2wV_.js';
import '../chunks/app-error.js-BJVvpKXy.js';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import '../chunks/index3.js-8T1uxQKq.js';
import '../chunks/password.js-B0SJY3V4.js';
import '@node-rs/argon2';
import '../chunks/session.js-BLaF3H5c.js';

const index = 0;
let component_cache;
const component = async () => component_cache ??= (await import('../entries/pages/_layout.svelte.js-Jj-0hO9h.js')).default;
const server_id = "src/routes/+layout.server.ts";
const imports = ["_app/immutable/nodes/0.CF6i3zok.js","_app/immutable/chunks/D7cGhiFq.js","_app/immutable/chunks/BhyVjzSp.js","_app/immutable/chunks/CT4qtp1m.js","_app/immutable/chunks/CJFWi9i2.js","_app/immutable/chunks/z-5EvP4X.js","_app/immutable/chunks/Dq5VbQ1V.js","_app/immutable/chunks/ras4GAWO.js","_app/immutable/chunks/w0BwPUI-.js"];
const stylesheets = ["_app/immutable/assets/0.B-58TODQ.css"];
const fonts = [];

export { component, fonts, imports, index, server_id, stylesheets };
//# sourceMappingURL=0.js-QbS-L-V2.js.map
