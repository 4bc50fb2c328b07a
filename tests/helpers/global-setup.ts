import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { testNamesInBundle } from './bundle';
import { prepareTemplates } from './database-templates';
import { bundleScripts } from './scripts';

/**
 * HTTP suites run against the built server; `npm test` builds first. They need
 * the test build (`vite build --mode test`): a production build has no test
 * hooks, and every suite would fail with 404s far from the cause.
 *
 * Then the operator tools bundled once (scripts.ts), and the run's migrated
 * databases (database-templates.ts): every test server starts on a copy
 * instead of migrating an empty database itself.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
	if (!existsSync('build/index.js')) {
		throw new Error('No build found: run `npm test` (it builds first) or `npm run build:test`.');
	}
	if (!testNamesInBundle('build').some((f) => f.name === 'moneyTesting')) {
		throw new Error('build/ is a production build without test hooks: run `npm run build:test` (vite build --mode test).');
	}
	const scripts = await bundleScripts();
	try {
		const { templates, remove } = await prepareTemplates(scripts.dir);
		project.provide('scriptBundles', scripts.dir);
		project.provide('databaseTemplates', templates);
		return async () => {
			await remove();
			scripts.remove();
		};
	} catch (error) {
		scripts.remove();
		throw error;
	}
}
