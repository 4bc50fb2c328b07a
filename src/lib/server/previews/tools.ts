/**
 * The external programs previews need (Debian: poppler-utils, ffmpeg,
 * libreoffice-writer-nogui/impress-nogui), run without a shell inside the
 * sandbox (sandbox.ts), and detected once per process so a missing one is
 * reported once.
 */
import { config, toolEnvironment } from '../config';
import { log } from '../platform/logger';
import { runSandboxed } from './sandbox';
import { spawnInHelper } from './spawner';

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

/** A run the sandbox cut short (wall clock, CPU seconds or output size): the same limits would cut it again. */
export class ToolLimitReached extends ToolFailed {
	override name = 'ToolLimitReached';
}

/** How the author reads a tool's name in a reason. */
const LABEL: Record<ToolName, string> = { pdftoppm: 'pdftoppm', pdfinfo: 'pdfinfo', ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', soffice: 'LibreOffice' };

/** Signals the kernel sends when a prlimit limit is hit (CPU seconds, output file size). */
const LIMIT_SIGNALS = new Set(['SIGXCPU', 'SIGXFSZ']);

/**
 * Runs a tool in the sandbox (sandbox.ts) inside the job's private directory `cwd`, which is
 * also its TMPDIR; `home` gives the tool a HOME of its own (see toolEnvironment).
 */
export async function runTool(tool: ToolName, args: string[], options: { cwd: string; home?: string }): Promise<ToolOutput> {
	const cfg = config().previews;
	const result = await runSandboxed(cfg.tools[tool], args, {
		cwd: options.cwd,
		env: { ...toolEnvironment(options.home), TMPDIR: options.cwd },
		limits: cfg.sandbox
	});
	if (result.code === 0 && !result.timedOut) return { stdout: result.stdout, stderr: result.stderr };
	const tail = result.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400);
	if (result.timedOut) throw new ToolLimitReached(`${LABEL[tool]} quá thời gian xử lý (${Math.round(cfg.sandbox.timeoutMs / 1000)} giây)`);
	if (result.signal && LIMIT_SIGNALS.has(result.signal)) {
		throw new ToolLimitReached(`${LABEL[tool]} vượt giới hạn ${result.signal === 'SIGXCPU' ? `${cfg.sandbox.cpuSeconds} giây CPU` : 'kích thước tệp tạo ra'}`);
	}
	throw new ToolFailed(`${tool} failed: ${result.signal ? `signal ${result.signal}` : `exit code ${result.code}`}; ${tail}`);
}

/** Only "cannot start it" (or a version flag that hangs) means absent; an odd exit code from a version flag does not. */
async function present(tool: ToolName): Promise<boolean> {
	const outcome = await spawnInHelper({ command: config().previews.tools[tool], args: VERSION_ARGS[tool], maxOutputBytes: 0, timeoutMs: 30_000 });
	return !outcome.startError && outcome.signal !== 'SIGKILL';
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
