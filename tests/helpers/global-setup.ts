import { existsSync } from 'node:fs';
import { testNamesInBundle } from './bundle';

/**
 * HTTP suites run against the built server; `npm test` builds first. They need
 * the test build (`vite build --mode test`): a production build has no test
 * hooks, and every suite would fail with 404s far from the cause.
 */
export default function setup(): void {
	if (!existsSync('build/index.js')) {
		throw new Error('No build found: run `npm test` (it builds first) or `npm run build:test`.');
	}
	if (!testNamesInBundle('build').some((f) => f.name === 'moneyTesting')) {
		throw new Error('build/ is a production build without test hooks: run `npm run build:test` (vite build --mode test).');
	}
}
