/**
 * Which program this bundle runs as: `node build` (the web server, which also
 * runs the jobs unless JOBS=off) or `node build/worker.js` (jobs and previews,
 * no HTTP). The worker entry, written by build-tools/adapter-with-front.js,
 * sets this mark before it starts the bundle; README "Worker processes".
 */
const WORKER_MARK = Symbol.for('hoclieu.worker');

export function isWorkerProcess(): boolean {
	return (globalThis as Record<symbol, unknown>)[WORKER_MARK] === true;
}
