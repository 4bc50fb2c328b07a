import { d as MagicLinkVerifyQuery, M as MagicLinkInput } from '../../../../../../chunks/auth.js-DNKvsyge.js';
import { s as signInWithMagicLink, r as requestMagicLink } from '../../../../../../chunks/magic-link.js-BgCa7WPO.js';
import { b as setSessionCookie } from '../../../../../../chunks/session.js-BLaF3H5c.js';
import { c as classifyError } from '../../../../../../chunks/classify.js-IAiHLL2t.js';
import { a as authRequest, b as authEndpoint, m as methodNotAllowed, p as parseJson } from '../../../../../../chunks/auth-endpoint.js-B09h9PEa.js';
import { a as errorResponse, w as withHeaders } from '../../../../../../chunks/envelope.js-DJ9_zMGQ.js';
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
import '../../../../../../chunks/one-time-tokens.js-BLKmIl5Q.js';
import '@trpc/server';

const POST = authEndpoint(async (event, req) => {
  await requestMagicLink(await parseJson(MagicLinkInput, event.request), req);
  return { status: true };
});
function redirectTo(location, headers) {
  return withHeaders(
    new Response(null, { status: 303, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } }),
    headers
  );
}
const GET = async (event) => {
  const req = authRequest(event);
  try {
    const query = MagicLinkVerifyQuery.parse(Object.fromEntries(event.url.searchParams));
    const signedIn = await signInWithMagicLink(query.token, req);
    setSessionCookie(event.cookies, signedIn.token, signedIn.expiresAt);
    return redirectTo(query.callbackURL ?? query.returnTo ?? "/", req.responseHeaders);
  } catch (error) {
    if (!(event.request.headers.get("accept") ?? "").includes("text/html")) {
      return errorResponse(error, event.locals.requestId, "standard", req.responseHeaders);
    }
    const c = classifyError(error);
    const page = new URLSearchParams({ cach: "lien-ket", loi: c.code });
    if (typeof c.details?.reason === "string") page.set("ly-do", c.details.reason);
    return redirectTo(`/dang-nhap?${page}`, req.responseHeaders);
  }
};
const fallback = methodNotAllowed("GET", "HEAD", "POST");

export { GET, POST, fallback };
//# sourceMappingURL=_server.ts.js-Dxzs1EmR.js.map
