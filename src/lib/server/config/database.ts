/** The database (PostgreSQL or the embedded PGlite), its migrations and the demo catalog seeded into it. */
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { bool, positiveInt, setting, type EnvOf } from './kit';
import type { ConfigContext } from './server';

export const databaseVariables = {
	DATABASE_URL: setting(
		z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
		'`postgres://…` to use PostgreSQL (postgres.js)',
		'unset → PGlite'
	),
	DATABASE_POOL_MAX: setting(positiveInt.default(10), 'PostgreSQL connections per process'),
	DATABASE_TIMEOUT_MS: setting(positiveInt.default(5_000), 'connect timeout; an unreachable database fails fast with 503'),
	DATABASE_STATEMENT_TIMEOUT_MS: setting(positiveInt.default(5_000), 'a statement running longer is cancelled (the request answers 503 instead of holding a connection)'),
	PGLITE_SHARED_BUFFERS_MB: setting(
		z.coerce.number().int().min(1).max(4096).default(128),
		"the embedded database's page cache (PostgreSQL's `shared_buffers`), in MB: what start-up sets aside (its CPU grows with it) and the most it holds in memory"
	),
	MIGRATIONS_DIR: setting(z.string().default('drizzle'), 'where the SQL migrations applied at start-up are'),
	SEED_ON_EMPTY: setting(bool.optional(), 'seed the demo catalog into an empty database at start-up', '`true` with PGlite'),
	SEED_PRODUCTS: setting(
		z.coerce.number().int().min(0).max(1_000_000).default(240),
		'size of the catalog seeded at start-up (and the default of `npm run seed`)'
	),
	SEED_VALUE: setting(z.coerce.number().int().default(20_260_901), 'PRNG seed of the demo catalog: the same value builds the same catalog, ids included')
};

export function databaseSettings(env: EnvOf<typeof databaseVariables>, ctx: ConfigContext) {
	return {
		databaseUrl: env.DATABASE_URL,
		databasePoolMax: env.DATABASE_POOL_MAX,
		databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
		databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
		pgliteDir: join(ctx.dataDir, 'pglite'),
		pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
		migrationsDir: resolve(env.MIGRATIONS_DIR),
		// Embedded database: seed a demo catalog on first start unless told otherwise.
		seedOnEmpty: env.SEED_ON_EMPTY ?? !env.DATABASE_URL,
		/** Size and PRNG seed of the demo catalog seeded into an empty database. */
		seedProducts: env.SEED_PRODUCTS,
		seedValue: env.SEED_VALUE
	};
}
