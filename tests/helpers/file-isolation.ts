/**
 * Setup file of every vitest project, run before each test file. The files of a worker share its
 * modules (`isolate: false` in vite.config.ts), so what a file changes in the process must not reach
 * the next one: each file starts with the environment the worker started with and a configuration
 * read from it, and after each file mocks and fake timers are undone. A file that replaces a module's
 * hook (the log sink, the rate-limit store, the clock) puts it back itself.
 */
import { afterAll, vi } from 'vitest';
import { resetDefaultMode } from '../../src/lib/server/config';

// This file runs again for every test file in the same process: the first run keeps the environment.
// Vitest's own variables (VITEST_WORKER_ID, …) are vitest's to set per file.
const ours = (name: string) => !name.startsWith('VITEST');
const started = ((globalThis as { __workerEnvironment?: Record<string, string | undefined> }).__workerEnvironment ??= { ...process.env });
for (const name of Object.keys(process.env)) if (ours(name) && !(name in started)) delete process.env[name];
for (const [name, value] of Object.entries(started)) if (ours(name)) process.env[name] = value;
resetDefaultMode();

afterAll(() => {
	vi.useRealTimers();
	vi.restoreAllMocks();
});
