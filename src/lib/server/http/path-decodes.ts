/** Whether a URL path's percent-escapes decode: an API path that does not is answered 400 (hooks.server.ts). */
export function pathDecodes(pathname: string): boolean {
	try {
		decodeURIComponent(pathname);
		return true;
	} catch {
		return false;
	}
}
