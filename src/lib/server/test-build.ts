/**
 * Whether this bundle is a test build (docs/decisions/006-test-code-only-in-test-builds.md).
 * `vite build --mode test` (what `npm test` and .ci/run build) defines
 * __TEST_HOOKS__ as true; `vite build` / `npm run build` / the Dockerfile define
 * it as false, so Rollup drops every branch that imports test-only code and the
 * production bundle does not contain it. Outside Vite (tsx scripts) it is
 * undefined, which also means "no test code".
 */
declare const __TEST_HOOKS__: boolean | undefined;

export const TEST_BUILD: boolean = typeof __TEST_HOOKS__ === 'boolean' && __TEST_HOOKS__;
