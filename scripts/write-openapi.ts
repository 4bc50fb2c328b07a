// `npm run openapi:write`: regenerates the committed docs/openapi.json from the procedures'
// meta, and the TypeScript types a third-party client would generate from it
// (openapi-typescript), used by tests/integration/third-party-client.test.ts.
import { writeFileSync } from 'node:fs';
import { clientTypesFrom } from '../tests/client/generate';
import { COMMITTED_ORIGIN, openApiDocument } from '../src/lib/server/rest/openapi-document';

const document = JSON.parse(JSON.stringify(openApiDocument(COMMITTED_ORIGIN)));
writeFileSync('docs/openapi.json', JSON.stringify(document, null, 2) + '\n');
writeFileSync('tests/client/hoclieu-api.ts', await clientTypesFrom(document));
console.log('wrote docs/openapi.json and tests/client/hoclieu-api.ts');
