/**
 * The external programs previews need (Debian: poppler-utils, ffmpeg,
 * libreoffice-writer-nogui/impress-nogui), run without a shell, with a
 * timeout, and detected once per process so a missing one is reported once.
 */
import { execFile } from 'node:child_process';
import { config, toolEnvironment } from '../config';
import { log } from '../platform/logger';

export type ToolName = 'pdftoppm' | 'pdfinfo' | 'ffmpeg' | 'ffprobe' | 'soffice';

const VERSION_ARGS: Record<ToolName, string[]> = {
	pdftoppm: ['-v'],
	pdfinfo: ['-v'],
	ffmpeg: ['-version'],
	ffprobe: ['-version'],
	soffice: ['--version']
};

export class ToolFailed extends Error {
	override name = 'ToolFailed';
}

export interface ToolOutput {
	stdout: string;
	stderr: string;
}

/** `home` gives the tool a HOME of its own (see toolEnvironment). */
export function runTool(tool: ToolName, args: string[], options: { cwd?: string; timeoutMs?: number; home?: string } = {}): Promise<ToolOutput> {
	const cfg = config().previews;
	return new Promise((resolve, reject) => {
		execFile(
			cfg.tools[tool],
			args,
			{ cwd: options.cwd, timeout: options.timeoutMs ?? cfg.toolTimeoutMs, killSignal: 'SIGKILL', maxBuffer: 8 * 1024 * 1024, env: toolEnvironment(options.home) },
			(error, stdout, stderr) => {
				if (!error) return resolve({ stdout, stderr });
				const why = error.killed ? `timed out after ${options.timeoutMs ?? cfg.toolTimeoutMs} ms` : error.message.split('\n')[0];
				reject(new ToolFailed(`${tool} failed: ${why}; ${stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400)}`));
			}
		);
	});
}

function present(tool: ToolName): Promise<boolean> {
	return new Promise((resolve) => {
		execFile(config().previews.tools[tool], VERSION_ARGS[tool], { timeout: 30_000 }, (error) => {
			// Only "cannot start it" means absent; an odd exit code from a version flag does not.
			const code = (error as NodeJS.ErrnoException | null)?.code;
			resolve(!(code === 'ENOENT' || code === 'EACCES' || (error as { killed?: boolean } | null)?.killed));
		});
	});
}

let detected: Promise<ReadonlySet<ToolName>> | undefined;

/** The tools that can be started, found once; missing ones are logged with how to install them. */
export function availableTools(): Promise<ReadonlySet<ToolName>> {
	detected ??= (async () => {
		const names = Object.keys(VERSION_ARGS) as ToolName[];
		const found = await Promise.all(names.map(present));
		const have = new Set(names.filter((_, i) => found[i]));
		const missing = names.filter((n) => !have.has(n));
		if (missing.length > 0) {
			log.warn('preview tools missing: those previews stay "unavailable"', {
				missing,
				install: 'apt-get install --no-install-recommends poppler-utils ffmpeg libreoffice-writer-nogui libreoffice-impress-nogui fonts-dejavu-core'
			});
		} else log.info('preview tools found', { tools: names });
		return have;
	})();
	return detected;
}

/** Which tools each kind of file needs. */
export const TOOLS_FOR = {
	pdf: ['pdfinfo', 'pdftoppm', 'ffmpeg'],
	zip: ['pdfinfo', 'pdftoppm', 'ffmpeg'],
	office: ['soffice', 'pdfinfo', 'pdftoppm', 'ffmpeg'],
	audio: ['ffprobe', 'ffmpeg'],
	video: ['ffprobe', 'ffmpeg']
} as const satisfies Record<string, readonly ToolName[]>;
