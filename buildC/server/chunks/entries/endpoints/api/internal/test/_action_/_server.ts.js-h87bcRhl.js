import { j as json } from '../../../../../../chunks/utils.js-YOZGUGf-.js';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { c as createSession, S as SESSION_COOKIE } from '../../../../../../chunks/session.js-BLaF3H5c.js';
import { c as config } from '../../../../../../chunks/config.js-CBoIX22t.js';
import { a as db, u as users, C as userRoles } from '../../../../../../chunks/client.js-CTlknuH-.js';
import { b as sign, i as resetMemoryRateLimits, r as rateLimitStore } from '../../../../../../chunks/index3.js-8T1uxQKq.js';
import { r as resetClock, n as nowMs, d as advanceClock } from '../../../../../../chunks/app-error.js-BJVvpKXy.js';
import { r as replaceStorage, s as storage } from '../../../../../../chunks/index4.js-DXozWz78.js';
import '../../../../../../chunks/utils2.js-ejsMtG81.js';
import '@oslojs/crypto/sha2';
import '@oslojs/encoding';
import 'node:fs';
import 'node:path';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'postgres';
import '../../../../../../chunks/catalog.js-DINH2wV_.js';
import 'node:fs/promises';
import '@aws-sdk/client-s3';
import '@aws-sdk/s3-request-presigner';

const body = z.object({
  ms: z.number().int().optional(),
  query: z.string().optional(),
  params: z.array(z.unknown()).optional(),
  email: z.string().optional(),
  name: z.string().optional(),
  isVip: z.boolean().optional(),
  role: z.enum(userRoles).optional(),
  key: z.string().optional(),
  base64: z.string().optional(),
  contentType: z.string().optional(),
  fault: z.enum(["none", "head", "sign"]).optional()
});
function faulty(inner, fault) {
  const broken = () => Promise.reject(Object.assign(new Error("injected storage fault"), { code: "ECONNREFUSED" }));
  return {
    kind: inner.kind,
    put: (key, bytes, type) => inner.put(key, bytes, type),
    delete: (key) => inner.delete(key),
    head: fault === "head" ? broken : (key) => inner.head(key),
    signedGetUrl: fault === "sign" ? broken : (key, ttl, name) => inner.signedGetUrl(key, ttl, name),
    ping: () => inner.ping()
  };
}
const POST = async ({ params, request }) => {
  if (!config().testHooks) return json({ error: { code: "not_found", message: "Không tìm thấy." } }, { status: 404 });
  const input = body.parse(await request.json().catch(() => ({})));
  switch (params.action) {
    case "clock-advance":
      advanceClock(input.ms ?? 0);
      return json({ now: new Date(nowMs()).toISOString() });
    case "clock-reset":
      resetClock();
      return json({ now: new Date(nowMs()).toISOString() });
    case "ratelimit-reset":
      resetMemoryRateLimits();
      await rateLimitStore().clear?.();
      return json({ ok: true });
    case "sql": {
      const chunks = (input.query ?? "").split(/\$\d+/);
      const query = sql.join(
        chunks.map((text, i) => i < chunks.length - 1 ? sql`${sql.raw(text)}${input.params?.[i]}` : sql.raw(text))
      );
      const result = await db().execute(query);
      const rows = Array.isArray(result) ? result : result.rows;
      return json({ rows: JSON.parse(JSON.stringify(rows, (_, v) => typeof v === "bigint" ? v.toString() : v)) });
    }
    case "create-user": {
      const email = (input.email ?? `user-${randomUUID()}@test.hoclieu.vn`).toLowerCase();
      const [user] = await db().insert(users).values({ email, name: input.name ?? "Cô giáo Thử", isVip: input.isVip ?? false, role: input.role ?? "customer" }).returning({ id: users.id });
      const { token } = await createSession(user.id, { userAgent: "test-hooks", ip: "127.0.0.1" });
      return json({ userId: user.id, email, cookie: `${SESSION_COOKIE}=${sign("session", token)}` });
    }
    case "store-file": {
      const bytes = Buffer.from(input.base64 ?? "", "base64");
      await storage().put(input.key ?? "", bytes, input.contentType ?? "application/octet-stream");
      return json({ key: input.key, size: bytes.byteLength });
    }
    case "storage-fault": {
      const fault = input.fault ?? "none";
      replaceStorage(fault === "none" ? null : (inner) => faulty(inner, fault));
      return json({ fault });
    }
    default:
      return json({ error: { code: "not_found", message: "Không tìm thấy." } }, { status: 404 });
  }
};

export { POST };
//# sourceMappingURL=_server.ts.js-h87bcRhl.js.map
