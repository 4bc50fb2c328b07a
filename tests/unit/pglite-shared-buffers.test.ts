import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, resetDefaultMode } from '../../src/lib/server/config';
import { closeDatabase, database } from '../../src/lib/server/db/client';

// The embedded database opened from the configuration, in a data directory of this file's own.
const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-shared-buffers-'));
afterAll(async () => {
	await closeDatabase();
	rmSync(dataDir, { recursive: true, force: true });
});

async function sharedBuffers(): Promise<string> {
	const rows = (await database().queryPrepared(sql`SHOW shared_buffers`)) as { shared_buffers: string }[];
	return rows[0]!.shared_buffers;
}

describe('PGLITE_SHARED_BUFFERS_MB', () => {
	it("is PostgreSQL's 128 MB unless set, and refuses what is not a whole number of MB from 1 to 4096", () => {
		expect(loadConfig({ NODE_ENV: 'test' }).pgliteSharedBuffersMb).toBe(128);
		expect(loadConfig({ NODE_ENV: 'test', PGLITE_SHARED_BUFFERS_MB: '32' }).pgliteSharedBuffersMb).toBe(32);
		for (const bad of ['0', '4097', '1.5', '32MB', 'nhiều'])
			expect(() => loadConfig({ NODE_ENV: 'test', PGLITE_SHARED_BUFFERS_MB: bad }), bad).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
	});

	it('is the page cache the embedded database opens with', async () => {
		process.env.DATA_DIR = dataDir;
		process.env.PGLITE_SHARED_BUFFERS_MB = '24';
		resetDefaultMode(); // the configuration is read again from the environment above
		// The handle is process-wide and test files share their worker (vite.config.ts): open it anew.
		await closeDatabase();
		expect(await sharedBuffers()).toBe('24MB');
	});
});
