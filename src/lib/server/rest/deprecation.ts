/**
 * Deprecation signalling (docs/api.md#versioning): `Deprecation: @<unix>` (RFC 9745),
 * `Sunset: <IMF-fixdate>` (RFC 8594) and a `Link` to the announcement.
 */
import type { Deprecation } from './meta';

export function deprecationHeaders(d: Deprecation, origin: string): Record<string, string> {
	const since = Date.parse(d.since);
	const sunset = Date.parse(d.sunset);
	return {
		Deprecation: `@${Math.floor(since / 1000)}`,
		Sunset: new Date(sunset).toUTCString(),
		Link: `<${origin}/developers#deprecations>; rel="deprecation"; type="text/html"`
	};
}

/** The contract promises at least six months between the first Deprecation header and Sunset. */
export function assertDeprecationWindow(name: string, d: Deprecation): void {
	const since = Date.parse(d.since);
	const sunset = Date.parse(d.sunset);
	if (Number.isNaN(since) || Number.isNaN(sunset)) throw new Error(`${name}: deprecation dates must be ISO dates`);
	const earliest = new Date(since);
	earliest.setUTCMonth(earliest.getUTCMonth() + 6);
	if (sunset < earliest.getTime()) throw new Error(`${name}: Sunset must be at least 6 months after Deprecation`);
}
