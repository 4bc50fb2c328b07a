import { readFileSync } from 'node:fs';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/lib/server/db/schema';

/**
 * `npm run db:generate` diffs the schema against the newest snapshot in
 * drizzle/meta. When a migration is written by hand and its snapshot is not
 * brought along, the next generated migration repeats that hand-written
 * change (a second CREATE TABLE fails at start-up). So the newest snapshot
 * must describe the schema exactly, and belong to the newest migration.
 */
const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: { idx: number; tag: string }[] };
const newest = journal.entries.at(-1)!;
const snapshotFile = `drizzle/meta/${newest.tag.slice(0, 4)}_snapshot.json`;

describe('drizzle migrations', () => {
	it('keep a snapshot for the newest migration', () => {
		expect(() => readFileSync(snapshotFile)).not.toThrow();
	});

	it('have a newest snapshot equal to the schema (no pending statements for db:generate)', async () => {
		const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as DrizzleSnapshotJSON;
		const current = generateDrizzleJson(schema, snapshot.id);
		const pending = await generateMigration(snapshot, current);
		expect(pending).toEqual([]);
	});
});
