/** Rewrites the README's configuration table from src/lib/server/config/ (README "Configuration"). */
import { readFileSync, writeFileSync } from 'node:fs';
import { withFreshTable } from '../src/lib/server/config/readme-table';

const path = new URL('../README.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = withFreshTable(before);
writeFileSync(path, after);
console.log(before === after ? 'README.md configuration table already current' : 'README.md configuration table rewritten');
