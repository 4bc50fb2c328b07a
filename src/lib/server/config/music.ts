/** Classroom music (GET /api/v1/music/quota, POST /api/v1/music/{id}/download). */
import { z } from 'zod';
import { bool, positiveInt, setting, type EnvOf } from './kit';

export const musicVariables = {
	MUSIC_ENABLED: setting(bool.default(true), '`false` → both music routes answer 503 `service_unavailable`'),
	MUSIC_FREE_MONTHLY_LIMIT: setting(
		z.coerce.number().int().min(0).default(10),
		'free-track downloads per calendar month (Vietnam time) for non-VIP users; VIP is unlimited'
	),
	MUSIC_URL_TTL_SECONDS: setting(z.coerce.number().int().min(30).max(7 * 24 * 3600).default(300), 'lifetime of a signed music download URL (30 s to 7 days)'),
	MUSIC_DOWNLOAD_RATE_PER_MINUTE: setting(positiveInt.default(30), 'music download requests per user per minute (RateLimit-* headers, 429 `rate_limited`)')
};

export interface MusicConfig {
	/** Off → both music routes answer 503 (GET /api/v1/music/quota). */
	enabled: boolean;
	/** Free (non-VIP) users' downloads of free tracks per calendar month, Vietnam time. */
	freeMonthlyLimit: number;
	/** Lifetime of a signed download URL. */
	urlTtlSeconds: number;
	/** Download requests per user per minute (docs/api.md#limits guards media downloads). */
	downloadRatePerMinute: number;
}

export function musicSettings(env: EnvOf<typeof musicVariables>): { music: MusicConfig } {
	return {
		music: {
			enabled: env.MUSIC_ENABLED,
			freeMonthlyLimit: env.MUSIC_FREE_MONTHLY_LIMIT,
			urlTtlSeconds: env.MUSIC_URL_TTL_SECONDS,
			downloadRatePerMinute: env.MUSIC_DOWNLOAD_RATE_PER_MINUTE
		}
	};
}
