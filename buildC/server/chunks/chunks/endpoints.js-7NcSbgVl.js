import { o as openApiPath } from './coerce.js-DxiRIGP4.js';
import { r as routeTable } from './facade.js-BUehpMiX.js';

function publicEndpoints() {
  return routeTable().filter((r) => !r.meta.internal).map((r) => ({
    method: r.method,
    path: openApiPath(r.meta.path),
    summary: r.meta.summary,
    tag: r.meta.tags[0] ?? "API",
    auth: r.meta.auth,
    rateLimited: Boolean(r.meta.rateLimited),
    deprecated: r.meta.deprecated
  })).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
const authLabels = {
  none: "anonymous",
  "optional-session": "anonymous (session optional)",
  session: "session cookie",
  "session-or-guest": "session cookie, or guest with consent",
  "session-or-order-cookie": "session cookie or order-access cookie",
  token: "download token in the body"
};

export { authLabels as a, publicEndpoints as p };
//# sourceMappingURL=endpoints.js-7NcSbgVl.js.map
