import { j as json } from '../../../../../chunks/utils.js-YOZGUGf-.js';
import { c as config } from '../../../../../chunks/config.js-CBoIX22t.js';
import { s as scopeNames } from '../../../../../chunks/scopes.js-mtAS5-nC.js';
import '../../../../../chunks/utils2.js-ejsMtG81.js';
import 'node:crypto';
import 'node:fs';
import 'node:path';
import 'zod';

const GET = () => {
  const origin = config().origin;
  return json(
    {
      resource: origin,
      resource_name: "hoclieu — kho học liệu cho giáo viên",
      resource_documentation: `${origin}/auth.md`,
      scopes_supported: scopeNames,
      bearer_methods_supported: []
    },
    { headers: { "cache-control": "public, max-age=3600" } }
  );
};

export { GET };
//# sourceMappingURL=_server.ts.js-B8kJbhEJ.js.map
