/** Runs the operator CLI (scripts/ops.ts) as an operator would, with only the environment given. */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface OpsResult {
	code: number;
	stdout: string;
	stderr: string;
}

export async function ops(env: Record<string, string>, ...args: string[]): Promise<OpsResult> {
	try {
		const { stdout, stderr } = await run(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/ops.ts', ...args], {
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', MIGRATIONS_DIR: resolve('drizzle'), LOG_LEVEL: 'warn', ...env },
			timeout: 60_000
		});
		return { code: 0, stdout, stderr };
	} catch (error) {
		const e = error as { code: number; stdout: string; stderr: string };
		return { code: e.code, stdout: e.stdout, stderr: e.stderr };
	}
}
