export { _ as server } from '../entries/pages/(shop)/dang-xuat/_page.server.ts.js-CaQkrciA.js';
import '../chunks/utils.js-YOZGUGf-.js';
import '../chunks/utils2.js-ejsMtG81.js';
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

const index = 7;
let component_cache;
const component = async () => component_cache ??= (await import('../entries/pages/(shop)/dang-xuat/_page.svelte.js-DO1_fKt4.js')).default;
const server_id = "src/routes/(shop)/dang-xuat/+page.server.ts";
const imports = ["_app/immutable/nodes/7.CGcwMWEe.js","_app/immutable/chunks/D7cGhiFq.js","_app/immutable/chunks/BhyVjzSp.js","_app/immutable/chunks/i8oNqRw2.js","_app/immutable/chunks/z-5EvP4X.js","_app/immutable/chunks/Dw98147b.js","_app/immutable/chunks/CT4qtp1m.js","_app/immutable/chunks/DK8miAHz.js"];
const stylesheets = ["_app/immutable/assets/AuthPanel.CMiB8629.css"];
const fonts = [];

export { component, fonts, imports, index, server_id, stylesheets };
//# sourceMappingURL=7.js-BSqpuYF-.js.map
