/** Preview generation (README "Previews", src/lib/server/previews): page images, clips, page counts, and the sandbox of each tool run. */
import { z } from 'zod';
import { positiveInt, setting, type EnvOf } from './kit';

const PROGRAM = 'the program name';

export const previewVariables = {
	PREVIEW_CONCURRENCY: setting(
		z.coerce.number().int().min(0).max(8).default(1),
		'preview jobs run at once per process (per worker process with `node build/worker.js`); `0` turns the preview worker off (the test servers default to `0`)'
	),
	PREVIEW_PAGES: setting(z.coerce.number().int().min(1).max(20).default(3), 'first pages or slides rendered as stamped WebP images (1–20)'),
	PREVIEW_CLIP_SECONDS: setting(z.coerce.number().int().min(5).max(300).default(30), 'length of the public audio/video excerpt'),
	PREVIEW_TOOL_TIMEOUT_MS: setting(
		positiveInt.max(30 * 60_000).default(120_000),
		'one LibreOffice/ffmpeg/pdftoppm run longer than this is killed with every process it started; the file is not retried (see "The sandbox")'
	),
	PREVIEW_KILL_GRACE_MS: setting(positiveInt.max(60_000).default(2_000), "wait between the timeout's SIGTERM and SIGKILL, and for a run's processes to be gone"),
	PREVIEW_TOOL_CPU_SECONDS: setting(positiveInt.max(3600).default(300), 'kernel limit (`prlimit`) of each tool run: CPU seconds'),
	PREVIEW_TOOL_MEMORY_MB: setting(positiveInt.min(256).max(65_536).default(2048), 'kernel limit of each tool run: address space (MiB)'),
	PREVIEW_TOOL_OUTPUT_MB: setting(positiveInt.max(65_536).default(512), 'kernel limit of each tool run: size of any file it writes (MiB)'),
	PREVIEW_TOOL_OPEN_FILES: setting(positiveInt.min(64).max(65_536).default(1024), 'kernel limit of each tool run: open files'),
	PREVIEW_MAX_PAGES: setting(positiveInt.max(1_000_000).default(2000), 'a PDF or office file stating more pages or slides gets no preview (reason shown to the author)'),
	PREVIEW_MAX_DURATION_SECONDS: setting(positiveInt.max(7 * 24 * 3600).default(3 * 3600), 'audio or video longer than this gets no preview'),
	PREVIEW_MAX_PIXELS: setting(positiveInt.default(7680 * 4320), 'video frames larger than this (7680×4320) get no preview'),
	PREVIEW_MAX_UNPACKED_MB: setting(positiveInt.max(65_536).default(512), 'an office file whose parts unpack to more than this is not opened (a ZIP bomb)'),
	PREVIEW_MAX_ATTEMPTS: setting(positiveInt.max(50).default(5), 'attempts before a preview job is marked `failed` (waits 15 s, 30 s, 1 min, … up to 30 min)'),
	PREVIEW_LEASE_SECONDS: setting(positiveInt.max(24 * 3600).default(900), 'a job still `running` this long after it was claimed (its worker died) is claimed again'),
	PREVIEW_POLL_MS: setting(positiveInt.max(600_000).default(2_000), 'how often the worker looks for due jobs'),
	PREVIEW_PDFTOPPM_PATH: setting(z.string().min(1).default('pdftoppm'), 'where `pdftoppm` is; a missing tool is logged at start and its jobs end `unavailable`', PROGRAM),
	PREVIEW_PDFINFO_PATH: setting(z.string().min(1).default('pdfinfo'), 'where `pdfinfo` is', PROGRAM),
	PREVIEW_FFMPEG_PATH: setting(z.string().min(1).default('ffmpeg'), 'where `ffmpeg` is', PROGRAM),
	PREVIEW_FFPROBE_PATH: setting(z.string().min(1).default('ffprobe'), 'where `ffprobe` is', PROGRAM),
	PREVIEW_SOFFICE_PATH: setting(z.string().min(1).default('soffice'), "where LibreOffice's `soffice` is", PROGRAM),
	PREVIEW_FONT_FILE: setting(
		z.string().min(1).default('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
		'font of the "Xem trước – hoclieu" stamp (needs Vietnamese glyphs; Debian `fonts-dejavu-core`)'
	)
};

export function previewSettings(env: EnvOf<typeof previewVariables>) {
	return {
		previews: {
			concurrency: env.PREVIEW_CONCURRENCY,
			pages: env.PREVIEW_PAGES,
			clipSeconds: env.PREVIEW_CLIP_SECONDS,
			/** Limits of each tool run (previews/sandbox.ts). */
			sandbox: {
				timeoutMs: env.PREVIEW_TOOL_TIMEOUT_MS,
				killGraceMs: env.PREVIEW_KILL_GRACE_MS,
				cpuSeconds: env.PREVIEW_TOOL_CPU_SECONDS,
				memoryBytes: env.PREVIEW_TOOL_MEMORY_MB * 1024 ** 2,
				outputFileBytes: env.PREVIEW_TOOL_OUTPUT_MB * 1024 ** 2,
				openFiles: env.PREVIEW_TOOL_OPEN_FILES
			},
			/** Checked from the file's metadata before any rendering. */
			maxPages: env.PREVIEW_MAX_PAGES,
			maxDurationSeconds: env.PREVIEW_MAX_DURATION_SECONDS,
			maxPixels: env.PREVIEW_MAX_PIXELS,
			maxUnpackedBytes: env.PREVIEW_MAX_UNPACKED_MB * 1024 ** 2,
			maxAttempts: env.PREVIEW_MAX_ATTEMPTS,
			leaseMs: env.PREVIEW_LEASE_SECONDS * 1000,
			pollMs: env.PREVIEW_POLL_MS,
			tools: {
				pdftoppm: env.PREVIEW_PDFTOPPM_PATH,
				pdfinfo: env.PREVIEW_PDFINFO_PATH,
				ffmpeg: env.PREVIEW_FFMPEG_PATH,
				ffprobe: env.PREVIEW_FFPROBE_PATH,
				soffice: env.PREVIEW_SOFFICE_PATH
			},
			fontFile: env.PREVIEW_FONT_FILE
		}
	};
}

export type PreviewConfig = ReturnType<typeof previewSettings>['previews'];

/**
 * The environment a preview tool runs in (previews/tools.ts): this process's own (PATH,
 * locale), passed through untouched, with HOME replaced when the tool needs a directory of its
 * own (LibreOffice writes its profile there). Read here, where every other variable is read.
 */
export function toolEnvironment(home?: string): NodeJS.ProcessEnv {
	return home ? { ...process.env, HOME: home } : process.env;
}
