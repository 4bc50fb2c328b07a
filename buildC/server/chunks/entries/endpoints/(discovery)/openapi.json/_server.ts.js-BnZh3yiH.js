import { c as config } from '../../../../chunks/config.js-CBoIX22t.js';
import { a as appRouter } from '../../../../chunks/app-router.js-DteJZ6ep.js';
import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { b as buildRouteTable, o as openApiPath, a as objectShape, d as deprecationHeaders } from '../../../../chunks/coerce.js-DxiRIGP4.js';
import 'node:crypto';
import 'node:fs';
import 'node:path';
import '@trpc/server';
import '../../../../chunks/app-error.js-BJVvpKXy.js';
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

const API_VERSION = "1.0.0";
const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests allowed in the current window.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer" } }
};
const STATUS_TEXT = {
  400: "Malformed or invalid input",
  401: "No valid session",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Request body too large",
  415: "Request body is not JSON",
  422: "State violation",
  429: "Rate limited",
  500: "Unexpected server error",
  503: "Dependency unavailable"
};
const quotaMembers = {
  used: z.number().int().min(0).optional().describe("quota_exceeded: downloads used in the current window"),
  limit: z.union([z.number().int().min(0), z.literal("unlimited")]).optional().describe("quota_exceeded: downloads allowed per window"),
  resetsAt: z.iso.datetime().optional().describe("quota_exceeded: start of the next window")
};
function errorEnvelope(codes) {
  return z.object({
    error: z.looseObject({
      code: z.enum(codes).describe("Stable snake_case machine code"),
      message: z.string().describe("Human-readable message, usually Vietnamese"),
      details: z.record(z.string(), z.unknown()).optional().describe("Structured context, e.g. field-level reasons"),
      trace: z.string().optional().describe("Internal trace id, only outside production"),
      request_id: z.string().optional().describe("Correlation id, only in development"),
      ...codes.includes("quota_exceeded") ? quotaMembers : {}
    })
  });
}
const LEGACY_CODES = ["unauthorized", "service_unavailable", "internal", "validation_error", "quota_exceeded", "not_found"];
function legacyError(codes) {
  return z.object({ code: z.enum(codes), message: z.string() });
}
function legacyCodeFor(code, status) {
  if (code === "unauthenticated") return "unauthorized";
  if (status === 503) return "service_unavailable";
  if (LEGACY_CODES.includes(code)) return code;
  return status >= 500 ? "internal" : code;
}
function withoutRedirect(schema) {
  const s = schema;
  if (s._zod.def.type !== "union" || !s._zod.def.options) return s;
  const kept = s._zod.def.options.filter((o) => {
    const keys = Object.keys(objectShape(o));
    return !(keys.length === 1 && keys[0] === "redirect");
  });
  return kept.length === 1 ? kept[0] : z.union(kept);
}
function successSchema(meta, output) {
  const body = withoutRedirect(output ?? z.unknown());
  const requestId = z.string().optional().describe("Correlation id, only in development");
  if (meta.envelope === "raw") return body;
  if (meta.envelope === "list") {
    const { items, nextCursor, hasMore, ...extra } = objectShape(body);
    return z.object({ data: items ?? z.array(z.unknown()), nextCursor: nextCursor ?? z.string().nullable(), hasMore: hasMore ?? z.boolean(), ...extra, requestId });
  }
  return z.object({ data: body, requestId });
}
function successExample(meta) {
  if (meta.example === void 0) return void 0;
  if (meta.envelope === "raw") return meta.example;
  if (meta.envelope === "list") {
    const { items, ...rest } = meta.example;
    return { data: items, ...rest };
  }
  return { data: meta.example };
}
const anonymous = {};
const SECURITY = {
  none: () => [],
  token: () => [],
  "optional-session": (s) => [anonymous, { sessionCookie: s }],
  session: (s) => [{ sessionCookie: s }],
  "session-or-guest": (s) => [{ sessionCookie: s }, anonymous],
  "session-or-order-cookie": (s) => [{ sessionCookie: s }, { orderAccessCookie: s }]
};
function allErrors(route) {
  const { meta } = route;
  const errors = /* @__PURE__ */ new Map();
  const add = (status, ...codes) => {
    const list = errors.get(status) ?? [];
    for (const c of codes) if (!list.includes(c)) list.push(c);
    errors.set(status, list);
  };
  for (const [status, codes] of Object.entries(meta.errors)) add(Number(status), ...codes ?? []);
  if (route.input) add(400, "validation_error");
  if (meta.auth === "session") add(401, "unauthenticated");
  if (meta.rateLimited) add(429, "rate_limited");
  if (meta.method !== "GET") {
    add(403, "forbidden");
    add(413, "payload_too_large");
    add(415, "unsupported_media_type");
  }
  add(500, "internal");
  add(503, "service_unavailable");
  return new Map([...errors.entries()].sort(([a], [b]) => a - b));
}
function operation(route, origin) {
  const { meta } = route;
  const shape = objectShape(route.input);
  const pathNames = new Set(route.params.map((p) => p.name));
  const pick = (keep) => z.object(Object.fromEntries(Object.entries(shape).filter(([k]) => keep(k))));
  const path = pathNames.size ? pick((k) => pathNames.has(k)) : void 0;
  const rest = pick((k) => !pathNames.has(k));
  const hasRest = Object.keys(objectShape(rest)).length > 0;
  const successHeaders = {};
  if (meta.rateLimited) Object.assign(successHeaders, rateLimitHeaders);
  if (meta.idempotent) {
    successHeaders["Idempotent-Replayed"] = {
      description: "`true` when the response is the first result of an earlier request with the same Idempotency-Key.",
      schema: { type: "string", enum: ["true"] }
    };
  }
  if (meta.setsCookies?.length) {
    successHeaders["Set-Cookie"] = { description: `Sets ${meta.setsCookies.join(", ")}`, schema: { type: "string" } };
  }
  if (meta.deprecated) {
    const h = deprecationHeaders(meta.deprecated, origin);
    successHeaders.Deprecation = { description: "RFC 9745 deprecation date", schema: { type: "string", example: h.Deprecation } };
    successHeaders.Sunset = { description: "RFC 8594 sunset date", schema: { type: "string", example: h.Sunset } };
  }
  const responses = {
    200: {
      description: "Success",
      headers: successHeaders,
      content: { "application/json": { schema: successSchema(meta, route.output), ...meta.example !== void 0 ? { example: successExample(meta) } : {} } }
    }
  };
  if (meta.redirects) {
    responses["308"] = {
      description: "Historical alias: retry at the Location target.",
      headers: { Location: { description: "The current path", schema: { type: "string" } } }
    };
  }
  for (const [status, codes] of allErrors(route)) {
    const legacy = meta.errorShape === "legacy" && !(status === 429 && codes.includes("quota_exceeded"));
    const schema = legacy ? legacyError([...new Set(codes.map((c) => legacyCodeFor(c, status)))]) : errorEnvelope(codes);
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? "Error",
      ...status === 429 ? { headers: { ...meta.rateLimited ? rateLimitHeaders : {}, "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer" } } } } : {},
      content: { "application/json": { schema } }
    };
  }
  const headerParams = {};
  if (meta.idempotent) {
    headerParams["Idempotency-Key"] = z.string().min(1).max(255).optional().describe("Retrying with the same key returns the first result instead of creating a second order; the same key with a different body is refused with 422.");
  }
  return {
    operationId: route.procedurePath.replace(/\.(\w)/g, (_, c) => c.toUpperCase()),
    summary: meta.summary,
    ...meta.description ? { description: meta.description } : {},
    tags: [...meta.tags],
    ...meta.deprecated ? { deprecated: true } : {},
    security: SECURITY[meta.auth](meta.scopes ? [...meta.scopes] : []),
    requestParams: {
      ...path ? { path } : {},
      ...meta.method === "GET" && hasRest ? { query: rest } : {},
      ...Object.keys(headerParams).length ? { header: z.object(headerParams) } : {}
    },
    ...meta.method !== "GET" && hasRest ? { requestBody: { required: true, content: { "application/json": { schema: rest } } } } : {},
    responses
  };
}
function buildOpenApiDocument(routes, { origin }) {
  const paths = {};
  for (const route of routes) {
    if (route.meta.internal) continue;
    const p = openApiPath(route.meta.path);
    paths[p] = { ...paths[p] ?? {}, [route.method.toLowerCase()]: operation(route, origin) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "hoclieu API",
      version: API_VERSION,
      description: "Marketplace for Vietnamese K-12 teaching resources. Catalog and search are anonymous. Everything else uses the `auth.session_data` session cookie obtained through the /api/auth flows (see /auth.md). Mutations pass a same-origin check. Errors use `{ error: { code, message, details? } }`.",
      contact: { name: "hoclieu developers", url: `${origin}/developers` }
    },
    servers: [{ url: origin }],
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "auth.session_data",
          description: "HMAC-signed session cookie (30 days) set by the /api/auth sign-in flows. Not a bearer token."
        },
        orderAccessCookie: {
          type: "apiKey",
          in: "cookie",
          name: "order_access_<orderId>",
          description: "Short-lived HMAC-signed cookie set by POST /api/v1/checkout; authorises polling of that one order."
        }
      }
    }
  });
}
function openApiDocument(origin) {
  return buildOpenApiDocument(buildRouteTable(appRouter), { origin });
}
let cached;
const GET = () => {
  cached ??= JSON.stringify(openApiDocument(config().origin));
  return new Response(cached, {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" }
  });
};

export { GET };
//# sourceMappingURL=_server.ts.js-BnZh3yiH.js.map
