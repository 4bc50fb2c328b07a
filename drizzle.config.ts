import { defineConfig } from 'drizzle-kit';

// drizzle-kit only diffs the schema into SQL files; it never connects here.
// Migrations are applied by the app at start-up (src/lib/server/db/migrate.ts).
export default defineConfig({
	dialect: 'postgresql',
	schema: './src/lib/server/db/schema/index.ts',
	out: './drizzle'
});
