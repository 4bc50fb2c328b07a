import { j as json } from '../../../../chunks/utils.js-YOZGUGf-.js';
import { c as config } from '../../../../chunks/config.js-CBoIX22t.js';
import { sql } from 'drizzle-orm';
import { a as db } from '../../../../chunks/client.js-CTlknuH-.js';
import { s as safeEqual, r as rateLimitStore } from '../../../../chunks/index3.js-8T1uxQKq.js';
import { w as workerStatus, b as startupState } from '../../../../chunks/startup.js-D47vmQcJ.js';
import { s as storage } from '../../../../chunks/index4.js-DXozWz78.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import 'node:crypto';
import 'node:fs';
import 'node:path';
import 'zod';
import '@electric-sql/pglite';
import '@electric-sql/pglite/contrib/pg_trgm';
import '@electric-sql/pglite/contrib/unaccent';
import 'drizzle-orm/pg-core';
import 'drizzle-orm/pglite';
import 'drizzle-orm/postgres-js';
import 'postgres';
import '../../../../chunks/catalog.js-DINH2wV_.js';
import '../../../../chunks/app-error.js-BJVvpKXy.js';
import '../../../../chunks/paths2.js-Di5BGqld.js';
import 'drizzle-orm/pglite/migrator';
import 'drizzle-orm/postgres-js/migrator';
import '../../../../chunks/classify.js-IAiHLL2t.js';
import '@trpc/server';
import '@upstash/redis';
import 'ioredis';
import '@upstash/ratelimit';
import 'node:fs/promises';
import '@aws-sdk/client-s3';
import '@aws-sdk/s3-request-presigner';

async function timed(check, timeoutMs) {
  const started = performance.now();
  let timer;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      })
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error)
    };
  } finally {
    clearTimeout(timer);
  }
}
async function checkHealth() {
  const timeout = config().healthCheckTimeoutMs;
  const [database, cache, files] = await Promise.all([
    timed(async () => {
      if (!startupState().migrated) throw new Error("migrations not applied yet");
      await db().execute(sql`select 1`);
    }, timeout),
    timed(() => rateLimitStore().ping(), timeout),
    // FsStorage: the directory is writable; S3: HeadBucket.
    timed(() => storage().ping(), timeout)
  ]);
  const w = workerStatus();
  const stale = w.jobs.filter((j) => j.stale).map((j) => j.name);
  const problem = w.ok ? void 0 : stale.length ? `jobs not succeeding: ${stale.join(", ")}` : "worker heartbeat is stale";
  const workers = { ok: w.ok, latencyMs: 0, ...problem ? { error: problem } : {}, heartbeatAgeMs: w.heartbeatAgeMs, jobs: w.jobs };
  const ok = database.ok && cache.ok && workers.ok && files.ok;
  return { status: ok ? "ok" : "degraded", checks: { database, cache, workers, storage: files } };
}
function wantsDetail(request) {
  const cfg = config();
  if (cfg.isDevelopment) return true;
  const token = request.headers.get("x-health-token");
  return Boolean(cfg.healthToken && token && safeEqual(token, cfg.healthToken));
}
const GET = async ({ request }) => {
  const report = await checkHealth();
  const body = wantsDetail(request) ? report : { status: report.status };
  return json(body, {
    status: report.status === "ok" ? 200 : 503,
    headers: { "cache-control": "no-store" }
  });
};

export { GET };
//# sourceMappingURL=_server.ts.js-D-7PlGTp.js.map
