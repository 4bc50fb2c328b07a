import { log } from '../platform/logger';
import { afterMigration } from '../startup';
import { buildSearchIndexAtStart } from './search-index';

/** The search index is built once the database is ready, in the background: start-up does not wait for it. */
export function setupSearch(): void {
	afterMigration(async () => {
		void buildSearchIndexAtStart().catch((error: unknown) =>
			// The first search starts the build again; PostgreSQL answers meanwhile.
			log.warn('search index not built at start', { error: String(error) })
		);
	});
}
