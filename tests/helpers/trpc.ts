/** Storefront-only tRPC procedures (no REST route) over real HTTP, as the Svelte pages' client calls them. */
import { request } from './http';

export interface TrpcResult<T> {
	status: number;
	data: T;
	error?: { message: string; data: { appCode: string; httpStatus: number; details: { fields?: { path: string; message: string }[] } | null } };
	headers: Headers;
}

type Headers_ = Record<string, string>;

export async function trpcQuery<T = any>(base: string, path: string, input: unknown, headers: Headers_ = {}): Promise<TrpcResult<T>> {
	const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
	const res = await request<{ result?: { data: T }; error?: TrpcResult<T>['error'] }>(base, `/api/trpc/${path}${query}`, { headers });
	return { status: res.status, data: res.body?.result?.data as T, error: res.body?.error, headers: res.headers };
}

export async function trpcMutation<T = any>(base: string, path: string, input: unknown, headers: Headers_ = {}): Promise<TrpcResult<T>> {
	const res = await request<{ result?: { data: T }; error?: TrpcResult<T>['error'] }>(base, `/api/trpc/${path}`, {
		method: 'POST',
		json: input ?? {},
		headers: { origin: base, ...headers }
	});
	return { status: res.status, data: res.body?.result?.data as T, error: res.body?.error, headers: res.headers };
}

/** `{ path: message }` of a validation failure's field details. */
export function fieldErrors(r: TrpcResult<unknown>): Record<string, string> {
	return Object.fromEntries((r.error?.data.details?.fields ?? []).map((f) => [f.path, f.message]));
}
