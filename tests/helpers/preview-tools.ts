/**
 * Whether this machine has the Debian tools the preview worker runs
 * (poppler-utils, ffmpeg, LibreOffice). `.ci/run` installs them; without them
 * previews end "unavailable" and the suites check that instead.
 */
import { execFileSync } from 'node:child_process';

export const PREVIEW_TOOLS = ['pdftoppm', 'pdfinfo', 'ffmpeg', 'ffprobe', 'soffice'] as const;

export const previewToolsInstalled = PREVIEW_TOOLS.every((tool) => {
	try {
		execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
});
