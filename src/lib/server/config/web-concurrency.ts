import { availableParallelism } from 'node:os';
import { ConfigError } from './kit';

/**
 * How many HTTP workers to fork. Several workers need what several instances
 * need: PostgreSQL (PGlite allows one process per data directory) and a shared
 * rate-limit store (each worker's in-process counters would multiply every
 * limit by N). Unset, production uses every core when both are configured and
 * one worker otherwise (docs/decisions/007-web-concurrency.md); the demo and
 * tests use one.
 */
export function resolveWebConcurrency(
	requested: number | undefined,
	setup: { production: boolean; postgres: boolean; sharedRateLimitStore: boolean }
): number {
	const canCluster = setup.postgres && setup.sharedRateLimitStore;
	if (requested === undefined) return setup.production && canCluster ? availableParallelism() : 1;
	if (requested > 1 && !setup.postgres) {
		throw new ConfigError(
			`WEB_CONCURRENCY=${requested} needs DATABASE_URL: the embedded database (PGlite) allows one process. Set DATABASE_URL or WEB_CONCURRENCY=1.`
		);
	}
	if (requested > 1 && !setup.sharedRateLimitStore) {
		throw new ConfigError(
			`WEB_CONCURRENCY=${requested} needs a shared rate-limit store (REDIS_URL or UPSTASH_REDIS_REST_URL): in-process counters would let each worker grant the whole limit. Set one, or WEB_CONCURRENCY=1.`
		);
	}
	return requested;
}
