import { c as config } from '../../../../../chunks/config.js-CBoIX22t.js';
import 'node:crypto';
import 'node:fs';
import 'node:path';
import 'zod';

const CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
function headers(origin) {
  return {
    "content-type": CONTENT_TYPE,
    link: `<${origin}/.well-known/api-catalog>; rel="api-catalog"`,
    "cache-control": "public, max-age=3600"
  };
}
const GET = () => {
  const origin = config().origin;
  const body = {
    linkset: [
      {
        anchor: `${origin}/api/v1`,
        "service-desc": [{ href: `${origin}/openapi.json`, type: "application/vnd.oai.openapi+json;version=3.1" }],
        "service-doc": [{ href: `${origin}/api-docs`, type: "text/html" }],
        "service-meta": [{ href: `${origin}/.well-known/oauth-protected-resource`, type: "application/json" }],
        status: [{ href: `${origin}/api/health`, type: "application/json" }]
      }
    ]
  };
  return new Response(JSON.stringify(body), { headers: headers(origin) });
};
const HEAD = () => new Response(null, { headers: headers(config().origin) });

export { GET, HEAD };
//# sourceMappingURL=_server.ts.js-fjxIy_rW.js.map
