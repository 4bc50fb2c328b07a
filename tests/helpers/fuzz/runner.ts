/**
 * Runs one fast-check property per operation against a live server: seeded,
 * with a fixed number of runs, every answer judged by the oracle, the value
 * pool fed from successful answers, and a summary per operation.
 */
import fc from 'fast-check';
import { createUser, type TestUser } from '../http';
import { caseArbitrary, type ClientKind, type FuzzCase } from './cases';
import { judge } from './oracle';
import type { Operation } from './operations';
import { rawRequest, type RawResponse } from './raw-http';
import { ValuePool } from './value-pool';

export interface FuzzSettings {
	seed: number;
	runs: number;
	bodyLimit: number;
	/** Answers slower than this count as hangs. */
	slowMs: number;
}

export interface OperationReport {
	op: Operation;
	cases: number;
	requests: number;
	statuses: Map<number, number>;
	failure?: string;
	ms: number;
}

/** Cookies for every kind of client the fuzzer plays. */
export interface Clients {
	/** The signed-in user (its rows are what valid requests can reach). */
	user: TestUser;
	cookie(kind: ClientKind): string | undefined;
}

const GARBAGE_COOKIES = [
	'auth.session_data=',
	'auth.session_data=.',
	'auth.session_data=%%%',
	'auth.session_data="quoted.value"',
	'auth.session_data=' + 'a'.repeat(3_000),
	'auth.session_data=abc.def; auth.session_data=ghi.jkl',
	'auth.session_data=x.y.z',
	'auth.session_data=%E0%A4%A',
	'auth.session_data',
	'=; ; ;=',
	'order_access_x=garbage'
];

/** A signed-in user, a signed-out one (its session ended), a tampered copy and garbage. */
export async function makeClients(base: string, seed: number): Promise<Clients> {
	const user = await createUser(base);
	const gone = await createUser(base);
	const out = await rawRequest(base, { method: 'POST', path: '/api/auth/sign-out', headers: { cookie: gone.cookie } });
	if (out.status !== 200) throw new Error(`sign-out failed: ${out.status} ${out.text}`);
	const value = decodeURIComponent(user.cookie.slice(user.cookie.indexOf('=') + 1));
	const flipped = value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');
	let n = seed;
	return {
		user,
		cookie(kind) {
			switch (kind) {
				case 'anonymous':
					return undefined;
				case 'user':
					return user.cookie;
				case 'signed-out':
					return gone.cookie;
				case 'tampered':
					return `auth.session_data=${encodeURIComponent(flipped)}`;
				case 'garbage':
					return GARBAGE_COOKIES[n++ % GARBAGE_COOKIES.length];
			}
		}
	};
}

/** Stable per operation, so adding an operation does not reshuffle the others' cases. */
export function seedFor(seed: number, id: string): number {
	let h = seed | 0;
	for (const ch of id) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
	return h;
}

export function describeCase(c: FuzzCase, cookie?: string): string {
	const body = c.body ? ` body(${c.body.byteLength} B${c.contentLength ? '' : ', chunked'}): ${c.body.subarray(0, 300).toString('utf8')}` : '';
	return `${c.client}${cookie ? ` (cookie ${cookie.slice(0, 60)})` : ''} ${c.method} ${c.path.slice(0, 300)} headers=${JSON.stringify(c.headers).slice(0, 300)} [${c.labels.join(', ')}]${body}`;
}

export function send(base: string, c: FuzzCase, cookie: string | undefined): Promise<RawResponse> {
	const headers: Record<string, string | string[]> = { ...c.headers };
	if (cookie) headers.cookie = cookie;
	return rawRequest(base, { method: c.method, path: c.path, headers, body: c.body, contentLength: c.contentLength });
}

/** `clients` shared between operations let one reach what another created; fresh ones are made otherwise. */
export async function fuzzOperation(base: string, op: Operation, pool: ValuePool, settings: FuzzSettings, shared?: Clients): Promise<OperationReport> {
	const started = performance.now();
	const clients = shared ?? (await makeClients(base, settings.seed));
	const statuses = new Map<number, number>();
	let requests = 0;
	const property = fc.asyncProperty(caseArbitrary(op, pool, settings.bodyLimit), async (c) => {
		requests++;
		const cookie = clients.cookie(c.client);
		let res: RawResponse;
		try {
			res = await send(base, c, cookie);
		} catch (error) {
			throw new Error(`no answer (${(error as Error).message}) to ${describeCase(c, cookie)}`);
		}
		statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
		const problems = judge(op, c, res, cookie);
		if (res.ms > settings.slowMs) problems.push(`answered after ${Math.round(res.ms)} ms`);
		if (problems.length) throw new Error(`${problems.join('\n')}\n  request: ${describeCase(c, cookie)}`);
		if (res.status >= 200 && res.status < 300) pool.collect(res.json, op.id);
	});
	const details = await fc.check(property, { seed: seedFor(settings.seed, op.id), numRuns: settings.runs, endOnFailure: false });
	let failure: string | undefined;
	if (details.failed) {
		failure = `${op.id}: ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n  (seed ${details.seed}, path ${details.counterexamplePath}, after ${details.numShrinks} shrinks)`;
	}
	return { op, cases: details.numRuns, requests, statuses, failure, ms: performance.now() - started };
}

export function formatReport(r: OperationReport): string {
	const statuses = [...r.statuses.entries()]
		.sort(([a], [b]) => a - b)
		.map(([s, n]) => `${s}×${n}`)
		.join(' ');
	return `fuzz: ${r.op.method} ${r.op.path} (${r.op.id}): ${r.cases} cases, ${r.failure ? 1 : 0} failures, ${(r.ms / 1000).toFixed(1)} s [${statuses}]`;
}
