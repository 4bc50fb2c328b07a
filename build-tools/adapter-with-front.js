/**
 * adapter-node, plus one first stop in the server it writes (issue 15, item 4;
 * docs/decisions/014-response-cache-before-sveltekit.md): `build/index.js` is
 * adapter-node's own entry (ports, socket activation, timeouts, graceful
 * shutdown), with `front.js` mounted before SvelteKit's handler. The front
 * asks the response cache that the bundle registers from its init hook
 * (src/lib/server/http/response-cache.ts); until then, and for anything it
 * does not hold, the request goes on to SvelteKit untouched.
 *
 * It also writes `build/worker.js`, the worker process (README "Worker
 * processes"): the same server bundle and init hook, marked as a worker before
 * it starts, so it runs the background jobs and previews and opens no port.
 */
import nodeAdapter from '@sveltejs/adapter-node';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How adapter-node's entry mounts SvelteKit (checked on every build, so an adapter change cannot skip the front silently). */
const MOUNT = '.use(handler)';

const FRONT = `// Written by build-tools/adapter-with-front.js: answers from the bundle's response cache, or passes on.
const FRONT = Symbol.for('hoclieu.front');

// Node destroys a connection as soon as it has answered \`Connection: close\`; bytes the client is
// still sending (an over-size body the server will not read) then meet a reset, which can make the
// client lose the answer it was sent (a 413 seen as EPIPE). Like other servers' lingering close,
// such a connection is half-closed instead and what still arrives is discarded, until the client
// closes it or LINGER_MS pass.
const LINGER_MS = 2000;
const LINGERS = Symbol('hoclieu.linger');

function lingerOnClose(socket) {
	if (socket[LINGERS]) return;
	socket[LINGERS] = true;
	socket.destroySoon = function () {
		if (this.destroyed) return;
		const timer = setTimeout(() => this.destroy(), LINGER_MS);
		timer.unref();
		this.once('close', () => clearTimeout(timer));
		this.once('end', () => this.destroy());
		this.end();
		this.resume();
	};
}

export function front(req, res, next) {
	lingerOnClose(req.socket);
	const answer = globalThis[FRONT];
	const answered = answer === undefined ? false : answer(req, res);
	if (answered === false) next();
	// A replay that spends a rate limit first answers later, or passes on.
	else if (answered !== true) {
		answered.then((done) => {
			if (!done) next();
		}, () => next());
	}
}
`;

const WORKER = `// Written by build-tools/adapter-with-front.js: \`node build/worker.js\` runs the background jobs and
// previews with the server's own bundle and configuration, and serves no HTTP (src/hooks.server.ts, init).
// adapter-node's handler.js builds the server and runs its init hook; only index.js would listen.
globalThis[Symbol.for('hoclieu.worker')] = true;
await import('./handler.js');
`;

/** @param {import('@sveltejs/adapter-node').AdapterOptions} options */
export default function adapterWithFront(options = {}) {
	const base = nodeAdapter(options);
	return {
		...base,
		name: 'adapter-node-with-front',
		/** @param {import('@sveltejs/kit').Builder} builder */
		async adapt(builder) {
			await base.adapt(builder);
			const out = options.out ?? 'build';
			const entry = join(out, 'index.js');
			const source = readFileSync(entry, 'utf8');
			if (source.split(MOUNT).length !== 2) throw new Error(`${entry}: expected adapter-node to mount SvelteKit once with ${MOUNT}`);
			writeFileSync(join(out, 'front.js'), FRONT);
			if (!existsSync(join(out, 'handler.js'))) throw new Error(`${join(out, 'handler.js')}: the worker entry imports it, and adapter-node no longer writes it`);
			writeFileSync(join(out, 'worker.js'), WORKER);
			writeFileSync(entry, `import { front } from './front.js';\n${source.replace(MOUNT, '.use(front, handler)')}`);
		}
	};
}
