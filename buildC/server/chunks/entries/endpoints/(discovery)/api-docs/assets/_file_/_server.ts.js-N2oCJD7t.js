import { C as error } from '../../../../../../chunks/utils.js-YOZGUGf-.js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import '../../../../../../chunks/utils2.js-ejsMtG81.js';

const FILES = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png"
};
const root = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const GET = async ({ params }) => {
  const type = FILES[params.file];
  if (!type) error(404, "Không tìm thấy tệp.");
  return new Response(await readFile(join(root, params.file)), {
    headers: { "content-type": type, "cache-control": "public, max-age=86400" }
  });
};

export { GET };
//# sourceMappingURL=_server.ts.js-N2oCJD7t.js.map
