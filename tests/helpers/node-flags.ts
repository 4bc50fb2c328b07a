/**
 * Node flags for every process the tests start that runs the embedded database (PGlite: PostgreSQL
 * compiled to 8 MB of WebAssembly): test servers, workers, the operator CLI, the migrator, the seed.
 *
 * `--liftoff-only` keeps V8 on its baseline WebAssembly compiler. By default V8 also recompiles the
 * hot part of PGlite with its optimising compiler in background threads, which pays off for a
 * server that runs for days; a test server lives for seconds to a minute, and on this 2-core
 * machine that recompilation competed with the tests for the cores. Measured on the same files,
 * the same run's load (README "Test it"): six HTTP suites 71.5 → 60.8 s of CPU, the fuzz suite
 * (thousands of requests) 70.5 → 57.7 s. What runs is the same code: only V8's choice of tier for
 * WebAssembly changes, never the database's behaviour. The flag is not allowed in NODE_OPTIONS, so
 * it is passed on each spawn (and to vitest's workers in vite.config.ts, the Playwright server in
 * playwright.config.ts).
 */
export const TEST_NODE_FLAGS: readonly string[] = ['--liftoff-only'];

/**
 * Environment for the same processes: the embedded database's page cache at 32 MB instead of
 * PostgreSQL's default 128 MB (`PGLITE_SHARED_BUFFERS_MB`, README "Configuration"). A test database
 * holds a few MB, and opening one sets the whole cache aside: a test server's start-up, the same
 * build, alternated four times each, 1.36 → 1.26 s of CPU (README "Test it").
 */
export const TEST_PGLITE_ENV: Readonly<Record<string, string>> = { PGLITE_SHARED_BUFFERS_MB: '32' };
