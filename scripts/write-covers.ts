/** Writes the demo covers (src/lib/server/catalog/seed/covers.ts) into static/covers/<subject>/<type>.svg. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { allCovers } from '../src/lib/server/catalog/seed/covers';

for (const [path, svg] of allCovers()) {
	const file = join('static', path);
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, svg);
}
console.log(`Wrote ${allCovers().length} covers.`);
