/**
 * The REST route table, built once from the tRPC router's procedure meta
 * (docs/architecture.md#rest-facade). Each route knows its procedure path, method, compiled
 * path pattern and the schemas the facade and the OpenAPI generator need.
 */
import type { AnyRouter } from '@trpc/server';
import { assertDeprecationWindow } from './deprecation';
import type { HttpMethod, OpenApiRouteMeta } from './meta';

export interface PathParam {
	name: string;
	/** `{...name}`: may contain slashes. */
	catchAll: boolean;
}

export interface Route {
	procedurePath: string;
	type: 'query' | 'mutation';
	meta: OpenApiRouteMeta;
	method: HttpMethod;
	pattern: RegExp;
	params: PathParam[];
	input: unknown;
	output: unknown;
}

interface ProcedureDefLike {
	type: 'query' | 'mutation' | 'subscription';
	meta?: { openapi?: OpenApiRouteMeta };
	inputs: unknown[];
	output?: unknown;
}

const PARAM = /\{(\.\.\.)?([A-Za-z_][A-Za-z0-9_]*)\}/g;

function escapeRegExp(s: string): string {
	return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function compilePath(path: string): { pattern: RegExp; params: PathParam[] } {
	const params: PathParam[] = [];
	let source = '';
	let last = 0;
	for (const m of path.matchAll(PARAM)) {
		source += escapeRegExp(path.slice(last, m.index));
		const catchAll = m[1] === '...';
		params.push({ name: m[2]!, catchAll });
		source += catchAll ? '(.*)' : '([^/]+)';
		last = m.index + m[0].length;
	}
	source += escapeRegExp(path.slice(last));
	return { pattern: new RegExp(`^${source}$`), params };
}

/** The OpenAPI form of a path: `{...path}` becomes `{path}`. */
export function openApiPath(path: string): string {
	return path.replace(PARAM, (_, __, name: string) => `{${name}}`);
}

export function buildRouteTable(router: AnyRouter): Route[] {
	const procedures = router._def.procedures as Record<string, { _def: ProcedureDefLike }>;
	const routes: Route[] = [];
	for (const [procedurePath, procedure] of Object.entries(procedures)) {
		const def = procedure._def;
		const meta = def.meta?.openapi;
		if (!meta || def.type === 'subscription') continue;
		if ((meta.method === 'GET') !== (def.type === 'query')) {
			throw new Error(`${procedurePath}: GET routes must be queries and other methods mutations`);
		}
		if (def.inputs.length > 1) throw new Error(`${procedurePath}: one input schema per REST procedure`);
		if (meta.deprecated) assertDeprecationWindow(procedurePath, meta.deprecated);
		const { pattern, params } = compilePath(meta.path);
		routes.push({
			procedurePath,
			type: def.type,
			meta,
			method: meta.method,
			pattern,
			params,
			input: def.inputs[0],
			output: def.output
		});
	}
	// Literal paths win over parameterised ones (e.g. /checkout before /checkout/{orderId}).
	return routes.sort((a, b) => a.params.length - b.params.length);
}

export type Match =
	| { kind: 'found'; route: Route; params: Record<string, string> }
	| { kind: 'method-not-allowed'; allow: HttpMethod[] }
	| { kind: 'not-found' };

function decodeSegmented(raw: string): string {
	return raw.split('/').map(decodeURIComponent).join('/');
}

export function matchRoute(routes: Route[], method: string, pathname: string): Match {
	const allow = new Set<HttpMethod>();
	for (const route of routes) {
		const m = route.pattern.exec(pathname);
		if (!m) continue;
		if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) {
			allow.add(route.method);
			continue;
		}
		// hooks.server.ts has already refused paths that do not decode.
		const params: Record<string, string> = {};
		route.params.forEach((p, i) => {
			params[p.name] = decodeSegmented(m[i + 1]!);
		});
		return { kind: 'found', route, params };
	}
	if (allow.size > 0) return { kind: 'method-not-allowed', allow: [...allow].sort() };
	return { kind: 'not-found' };
}
