import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, writeQueuedLogLines } from '../../src/lib/server/platform/logger';

const LOGGER = resolve('src/lib/server/platform/logger.ts');

/** Runs a script that imports the logger in a process of its own and returns what it wrote to stdout. */
function runChild(body: string): { stdout: string; status: number | null } {
	const script = `import { log } from ${JSON.stringify(LOGGER)};\n${body}`;
	const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
		encoding: 'utf8',
		env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: mkdtempSync(join(tmpdir(), 'hoclieu-log-')) }
	});
	return { stdout: r.stdout, status: r.status };
}

const messages = (stdout: string) =>
	stdout
		.split('\n')
		.filter(Boolean)
		.map((line) => (JSON.parse(line) as { msg: string }).msg);

afterEach(() => vi.restoreAllMocks());

describe('log lines are written once per turn of the event loop', () => {
	it('queues the lines of a turn and writes them together, in order, when it ends', async () => {
		const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		const exitListeners = process.listenerCount('exit');
		log.warn('first');
		log.warn('second');
		log.error('third');
		expect(write).not.toHaveBeenCalled();
		expect(process.listenerCount('exit')).toBe(exitListeners + 1);
		await new Promise((done) => setImmediate(done));
		expect(write).toHaveBeenCalledTimes(1);
		// Nothing waits, so nothing listens for the exit: a runner that loads this module per file collects no listeners.
		expect(process.listenerCount('exit')).toBe(exitListeners);
		expect(messages(String(write.mock.calls[0]![0]))).toEqual(['first', 'second', 'third']);
		log.warn('next turn');
		await new Promise((done) => setImmediate(done));
		expect(write).toHaveBeenCalledTimes(2);
		expect(messages(String(write.mock.calls[1]![0]))).toEqual(['next turn']);
	});

	it('writes what is queued at once when a response leaves, so a request’s lines precede its answer', async () => {
		const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		log.warn('while answering');
		writeQueuedLogLines();
		expect(write).toHaveBeenCalledTimes(1);
		expect(messages(String(write.mock.calls[0]![0]))).toEqual(['while answering']);
		log.warn('after the answer');
		await new Promise((done) => setImmediate(done));
		expect(write).toHaveBeenCalledTimes(2);
		expect(messages(String(write.mock.calls[1]![0]))).toEqual(['after the answer']);
	});

	it('keeps each write within one pipe buffer (4 KiB), so the lines of two workers never interleave', async () => {
		const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		// Vietnamese text is up to 3 bytes per character: the limit is counted in bytes.
		const msgs = Array.from({ length: 40 }, (_, i) => `dòng ${i} `.padEnd(200, 'ữ'));
		for (const msg of msgs) log.warn(msg);
		await new Promise((done) => setImmediate(done));
		const chunks = write.mock.calls.map(([chunk]) => String(chunk));
		expect(chunks.length).toBeGreaterThan(1);
		for (const chunk of chunks) expect(Buffer.byteLength(chunk)).toBeLessThanOrEqual(4096);
		expect(chunks.flatMap(messages)).toEqual(msgs);
	});

	it('writes what is queued when the process exits, also on process.exit() and an uncaught exception', () => {
		const exited = runChild(`log.info('before exit'); process.exit(3);`);
		expect(exited.status).toBe(3);
		expect(messages(exited.stdout)).toEqual(['before exit']);

		const crashed = runChild(`log.info('before the crash'); throw new Error('boom');`);
		expect(crashed.status).toBe(1);
		expect(messages(crashed.stdout)).toEqual(['before the crash']);
	});
});
