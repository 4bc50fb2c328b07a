import { existsSync } from 'node:fs';

/** HTTP suites run against the built server; `npm test` builds first. */
export default function setup(): void {
	if (!existsSync('build/index.js')) {
		throw new Error('No build found: run `npm test` (it builds first) or `npx vite build`.');
	}
}
