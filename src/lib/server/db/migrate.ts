/**
 * Applies the committed migrations in `drizzle/` (docs/architecture.md#database). Runs at
 * start-up and from `npm run db:migrate`; drizzle records what ran in its own
 * table, so running it again is a no-op.
 *
 * On PostgreSQL several instances may start together on an empty database:
 * without a lock two of them run the same `CREATE EXTENSION` and one crashes
 * on a duplicate key. So migrations run on one dedicated connection holding
 * a session advisory lock; the others wait for it, then find nothing left to
 * do. PGlite is single-process and needs no lock.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { config } from '../config';
import { database } from './client';
import type { Schema } from './client';

/** Any fixed 64-bit number all instances agree on; this one spells "hoclieu" in ASCII. */
const MIGRATION_LOCK_KEY = 0x686f636c696575n;

async function migrateUnderLock(url: string, migrationsFolder: string): Promise<void> {
	const cfg = config();
	// max 1: the lock is held by a session, so the lock, the migrations and the unlock must share one connection.
	const client = postgres(url, {
		max: 1,
		connect_timeout: Math.ceil(cfg.databaseTimeoutMs / 1000),
		// Waiting for another instance's migrations, or building an index, may outlast the request statement timeout.
		connection: { statement_timeout: 0 },
		onnotice: () => {}
	});
	try {
		await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
		try {
			await migratePostgres(drizzle(client), { migrationsFolder });
		} finally {
			await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
		}
	} finally {
		await client.end({ timeout: 5 });
	}
}

export async function runMigrations(): Promise<void> {
	const migrationsFolder = config().migrationsDir;
	const { databaseUrl } = config();
	if (databaseUrl) {
		await migrateUnderLock(databaseUrl, migrationsFolder);
		return;
	}
	const handle = database();
	await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
}
