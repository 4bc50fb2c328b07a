/** The files under a folder whose names match, for tests that read the source tree itself. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (as `dir/…`) whose name matches `names`; folders named in `skip` are not entered. */
export function sourceFiles(dir: string, names: RegExp, skip: ReadonlySet<string> = new Set()): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
		if (skip.has(e.name)) return [];
		const path = join(dir, e.name);
		if (e.isDirectory()) return sourceFiles(path, names, skip);
		return names.test(e.name) ? [path] : [];
	});
}
