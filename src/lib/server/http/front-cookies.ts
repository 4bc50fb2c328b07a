/**
 * The cookies of a request answered before SvelteKit (./front.ts): read from
 * its Cookie header, and what the handling sets or deletes (a session renewed
 * or cleared by auth/session.ts) kept as Set-Cookie lines in the format
 * SvelteKit writes them (the `cookie` package's order of attributes), so a
 * client cannot tell which of the two answered.
 */
import type { Cookies } from '@sveltejs/kit';

type CookieOptions = Parameters<Cookies['set']>[2];

function parse(header: string | null): { name: string; value: string }[] {
	return (header ?? '').split(';').flatMap((pair) => {
		const at = pair.indexOf('=');
		if (at < 0) return [];
		const value = pair.slice(at + 1).trim();
		try {
			return [{ name: pair.slice(0, at).trim(), value: decodeURIComponent(value) }];
		} catch {
			return [{ name: pair.slice(0, at).trim(), value }];
		}
	});
}

const SAME_SITE = { lax: 'Lax', strict: 'Strict', none: 'None' } as const;

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
	const parts = [`${name}=${(options.encode ?? encodeURIComponent)(value)}`];
	if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
	if (options.domain) parts.push(`Domain=${options.domain}`);
	parts.push(`Path=${options.path}`);
	if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
	if (options.httpOnly) parts.push('HttpOnly');
	if (options.secure) parts.push('Secure');
	const sameSite = options.sameSite === true ? 'Strict' : options.sameSite ? SAME_SITE[options.sameSite] : undefined;
	if (sameSite) parts.push(`SameSite=${sameSite}`);
	return parts.join('; ');
}

export interface FrontCookies {
	cookies: Cookies;
	/** The Set-Cookie lines of everything set or deleted, in order. */
	setCookies(): string[];
}

export function frontCookies(header: string | null): FrontCookies {
	const all = parse(header);
	const written = new Map<string, string>();
	const set = (name: string, value: string, options: CookieOptions) => {
		written.set(`${name};${options.path};${options.domain ?? ''}`, serializeCookie(name, value, options));
	};
	const cookies: Cookies = {
		get: (name) => all.find((c) => c.name === name)?.value,
		getAll: () => all,
		set,
		// As SvelteKit deletes: the same cookie, empty, with Max-Age=0.
		delete: (name, options) => set(name, '', { ...options, maxAge: 0 }),
		serialize: serializeCookie
	};
	return { cookies, setCookies: () => [...written.values()] };
}
