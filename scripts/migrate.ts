// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded PGlite).
import { closeDatabase } from '../src/lib/server/db/client';
import { runMigrations } from '../src/lib/server/db/migrate';

await runMigrations();
await closeDatabase();
console.log('migrations applied');
