/**
 * Applies the committed migrations in `drizzle/` (architecture D3). Runs at
 * start-up and from `npm run db:migrate`; drizzle records what ran in its own
 * table, so running it again is a no-op.
 */
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { config } from '../config';
import { database } from './client';
import type { Schema } from './client';

export async function runMigrations(): Promise<void> {
	const handle = database();
	const migrationsFolder = config().migrationsDir;
	if (handle.kind === 'pglite') {
		await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
	} else {
		await migratePostgres(handle.db as unknown as PostgresJsDatabase<Schema>, { migrationsFolder });
	}
}
