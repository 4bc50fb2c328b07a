// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded PGlite).
import { useToolDefaults } from '../src/lib/server/config';
import { closeDatabase } from '../src/lib/server/db/client';
import { runMigrations } from '../src/lib/server/db/migrate';

// NODE_ENV unset: demo for the embedded database, production for a DATABASE_URL (README "Modes").
useToolDefaults();

await runMigrations();
await closeDatabase();
console.log('migrations applied');
