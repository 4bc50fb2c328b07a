/**
 * Migrations under an advisory lock (issue 14, item 2): three instances
 * started at once on one empty PostgreSQL database all become healthy, and
 * every migration is recorded exactly once. PGlite is single-process, so this
 * needs TEST_DATABASE_URL and is skipped (visibly) without it.
 */
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

const base = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };

describe.skipIf(!base)('three instances starting together on an empty PostgreSQL database (needs TEST_DATABASE_URL)', () => {
	const name = `${process.env.TEST_DATABASE_PREFIX ?? 'hoclieu_test'}_migrate_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
	const url = (() => {
		const u = new URL(base ?? 'postgres://localhost/x');
		u.pathname = `/${name}`;
		return u.toString();
	})();
	const servers: TestServer[] = [];
	const admin = () => postgres(base!, { max: 1, onnotice: () => {} });

	afterAll(async () => {
		await Promise.all(servers.map((s) => s.stop()));
		const a = admin();
		await a.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
		await a.end();
	});

	it('all become healthy and each migration runs once', async () => {
		const a = admin();
		await a.unsafe(`CREATE DATABASE "${name}"`);
		await a.end();

		const started = await Promise.allSettled(
			[1, 2, 3].map(() => startServer({ freshDatabase: false, env: { DATABASE_URL: url } }))
		);
		for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
		const failures = started.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
		expect(failures, failures.join('\n\n')).toEqual([]);

		for (const s of servers) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
		const db = postgres(url, { max: 1, onnotice: () => {} });
		try {
			const rows = await db<{ hash: string; n: number }[]>`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`;
			expect(rows).toHaveLength(journal.entries.length);
			expect(rows.every((r) => r.n === 1)).toBe(true);
		} finally {
			await db.end();
		}
	});
});
