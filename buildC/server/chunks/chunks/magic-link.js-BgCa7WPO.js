import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { c as config } from './config.js-CBoIX22t.js';
import { a as db, n as authTokens } from './client.js-CTlknuH-.js';
import { a as now, n as nowMs } from './app-error.js-BJVvpKXy.js';
import { s as sendMail } from './mail-html.js-R8pyZBxu.js';
import { b as authLimits, v as verifiedAccountFor, c as startSession, n as normaliseEmail } from './accounts.js-BCqWXCT9.js';
import { c as consumeLinkToken, n as newLinkToken, m as magicLinkMail } from './one-time-tokens.js-BLKmIl5Q.js';

const MAGIC_LINK_TTL_MINUTES = 15;
const MAGIC_LINK_PATH = "/api/auth/sign-in/magic-link";
async function requestMagicLink(input, req) {
  const email = normaliseEmail(input.email);
  await authLimits.mail(req, email);
  const { token, tokenHash } = newLinkToken();
  await db().transaction(async (tx) => {
    await tx.delete(authTokens).where(and(eq(authTokens.email, email), eq(authTokens.purpose, "magic_link"), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      id: randomUUID(),
      purpose: "magic_link",
      email,
      tokenHash,
      expiresAt: new Date(nowMs() + MAGIC_LINK_TTL_MINUTES * 6e4),
      createdAt: now()
    });
  });
  const link = new URL(MAGIC_LINK_PATH, config().origin);
  link.searchParams.set("token", token);
  if (input.callbackURL) link.searchParams.set("callbackURL", input.callbackURL);
  await sendMail(magicLinkMail(email, link.toString(), MAGIC_LINK_TTL_MINUTES));
}
async function signInWithMagicLink(token, req) {
  await authLimits.link(req);
  const user = await db().transaction(async (tx) => {
    const row = await consumeLinkToken("magic_link", token, tx);
    return verifiedAccountFor(row.email, tx);
  });
  return startSession(user, req, "magic_link");
}

export { requestMagicLink as r, signInWithMagicLink as s };
//# sourceMappingURL=magic-link.js-BgCa7WPO.js.map
