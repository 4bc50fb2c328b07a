/** Reads a built server bundle (adapter-node output) for names of test-only code. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Names only the test routers and test hooks contain: the router keys, their
 * REST paths, and the SQL / clock / storage-fault / create-users hook actions.
 */
export const TEST_ONLY_NAMES = [
	'moneyTesting',
	'checkoutTesting',
	'checkoutTestingRouter',
	'testOnlyProcedure',
	'/api/v1/_test/',
	'testAction',
	'clock-advance',
	'storage-fault',
	'create-users',
	'injected storage fault',
	'test-hooks'
] as const;

function jsFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return jsFiles(path);
		return /\.(js|mjs)$/.test(name) ? [path] : [];
	});
}

/** Every test-only name found in the bundle under `buildDir`, with the file it is in. */
export function testNamesInBundle(buildDir: string): { name: string; file: string }[] {
	const found: { name: string; file: string }[] = [];
	for (const file of jsFiles(buildDir)) {
		const text = readFileSync(file, 'utf8');
		for (const name of TEST_ONLY_NAMES) if (text.includes(name)) found.push({ name, file });
	}
	return found;
}
