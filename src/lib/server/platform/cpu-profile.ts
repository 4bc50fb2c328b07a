/**
 * A CPU profile on demand (README "Benchmarks"): with CPU_PROFILE_DIR set,
 * SIGUSR2 starts V8's sampling profiler in this process and the next SIGUSR2
 * writes what it sampled to `<dir>/cpu-<pid>-<time>.cpuprofile` (Chrome
 * DevTools and speedscope open it). `npm run bench` profiles every scenario
 * this way, so each run keeps where the server's time went. Unset, no handler
 * is installed and SIGUSR2 keeps Node's default.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { log } from './logger';

export function profileOnSignal(dir: string | undefined): void {
	if (!dir) return;
	let session: Session | null = null;
	let busy = false;
	process.on('SIGUSR2', () => {
		// A signal that arrives while the last one is being handled is dropped, not interleaved.
		if (busy) return;
		busy = true;
		toggle()
			.catch((error: unknown) => log.error('cpu profile failed', { error }))
			.finally(() => (busy = false));
	});

	async function toggle(): Promise<void> {
		if (!session) {
			const started = new Session();
			started.connect();
			await started.post('Profiler.enable');
			await started.post('Profiler.start');
			session = started;
			log.info('cpu profile started', { pid: process.pid });
			return;
		}
		const { profile } = await session.post('Profiler.stop');
		session.disconnect();
		session = null;
		mkdirSync(dir!, { recursive: true });
		const file = join(dir!, `cpu-${process.pid}-${Date.now()}.cpuprofile`);
		writeFileSync(file, JSON.stringify(profile));
		log.info('cpu profile written', { pid: process.pid, file });
	}
}
