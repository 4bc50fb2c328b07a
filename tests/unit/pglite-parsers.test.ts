/**
 * withDrizzleParsersInstalled (db/client.ts): drizzle's parsers installed once in PGlite's own table
 * instead of passed with every query. Two in-memory PGlite databases hold the same rows; one is read
 * the way it was before (drizzle straight on PGlite), the other through the installed parsers. Every
 * read — drizzle selects, raw db.execute rows (what queryPrepared returns), a transaction, the
 * relational API — must decode to the same values: timestamps, bigint money, numeric, json, arrays,
 * booleans and nulls.
 */
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, relations, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, interval, json, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withDrizzleParsersInstalled } from '../../src/lib/server/db/client';
import { money } from '../../src/lib/server/db/schema/money';

const things = pgTable('things', {
	id: uuid('id').primaryKey(),
	n: integer('n').notNull(),
	name: text('name'),
	amount: money('amount'),
	sizeBytes: bigint('size_bytes', { mode: 'number' }),
	rate: numeric('rate', { precision: 12, scale: 4 }),
	paid: boolean('paid'),
	at: timestamp('at', { withTimezone: true, mode: 'date' }),
	atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
	local: timestamp('local'),
	day: date('day'),
	span: interval('span'),
	data: jsonb('data'),
	plain: json('plain'),
	tags: text('tags').array(),
	counts: integer('counts').array(),
	moments: timestamp('moments', { withTimezone: true }).array(),
	rates: numeric('rates').array(),
	days: date('days').array()
});
const notes = pgTable('notes', {
	id: integer('id').primaryKey(),
	thingId: uuid('thing_id').notNull(),
	body: text('body').notNull(),
	at: timestamp('at', { withTimezone: true }).notNull()
});
const thingRelations = relations(things, ({ many }) => ({ notes: many(notes) }));
const noteRelations = relations(notes, ({ one }) => ({ thing: one(things, { fields: [notes.thingId], references: [things.id] }) }));
const schema = { things, notes, thingRelations, noteRelations };

const DDL = `
	CREATE TABLE things (
		id uuid PRIMARY KEY, n integer NOT NULL, name text, amount bigint, size_bytes bigint, rate numeric(12, 4), paid boolean,
		at timestamptz, at_text timestamptz, local timestamp, day date, span interval, data jsonb, plain json,
		tags text[], counts integer[], moments timestamptz[], rates numeric[], days date[]
	);
	CREATE TABLE notes (id integer PRIMARY KEY, thing_id uuid NOT NULL REFERENCES things (id), body text NOT NULL, at timestamptz NOT NULL);
	SET TIME ZONE 'Asia/Ho_Chi_Minh';
`;

const ROWS: (typeof things.$inferInsert)[] = [
	{
		id: '00000000-0000-4000-8000-000000000001',
		n: 1,
		name: 'Giáo án Toán lớp 1',
		amount: 9_007_199_254_740_993n,
		sizeBytes: 123_456_789,
		rate: '1234.5678',
		paid: true,
		at: new Date('2026-11-23T01:02:03.456Z'),
		atText: '2026-01-31 23:59:59.999+07',
		local: new Date('2026-02-28T12:00:00Z'),
		day: '2026-12-31',
		span: '1 day 02:03:04',
		data: { vnd: '185000', items: [1, 'hai', null, { ba: true }], 'khóa': 'giá trị' },
		plain: [1, 2.5, 'x'],
		tags: ['toán', 'lớp 1', 'a,b', 'với "ngoặc"', ''],
		counts: [0, -1, 2_147_483_647],
		moments: [new Date('2026-01-01T00:00:00Z'), new Date('2026-06-15T08:30:00.5Z')],
		rates: ['0.1', '99999999.9999'],
		days: ['2026-01-01', '2026-02-28']
	},
	{ id: '00000000-0000-4000-8000-000000000002', n: 2, amount: 0n, paid: false, data: null, tags: [], counts: [], moments: [], rates: [], days: [] },
	{ id: '00000000-0000-4000-8000-000000000003', n: 3 }
];

async function open(install: boolean) {
	const client = new PGlite();
	const db = drizzle(install ? withDrizzleParsersInstalled(client) : client, { schema });
	await client.exec(DDL);
	await db.insert(things).values(ROWS);
	await db.insert(notes).values([
		{ id: 1, thingId: ROWS[0]!.id, body: 'một', at: new Date('2026-03-01T00:00:00Z') },
		{ id: 2, thingId: ROWS[0]!.id, body: 'hai', at: new Date('2026-03-02T00:00:00Z') }
	]);
	return { client, db };
}

/** Every read the application makes through drizzle on PGlite, in one list. */
async function reads(db: Awaited<ReturnType<typeof open>>['db']) {
	return {
		select: await db.select().from(things).orderBy(asc(things.n)),
		byKey: await db.select().from(things).where(eq(things.id, ROWS[0]!.id)),
		columns: await db
			.select({ id: things.id, amount: things.amount, at: things.at, moments: things.moments, late: sql<Date>`${things.at} + interval '1 hour'`.mapWith(things.at) })
			.from(things)
			.orderBy(asc(things.n)),
		raw: (await db.execute(sql`SELECT *, amount + 1 AS amount_plus, now() IS NOT NULL AS has_now, '{"a":1}'::jsonb AS literal FROM things ORDER BY n`)).rows,
		inTransaction: await db.transaction(async (tx) => ({
			select: await tx.select().from(things).orderBy(asc(things.n)),
			raw: (await tx.execute(sql`SELECT at, moments, rates, span, day FROM things ORDER BY n`)).rows
		})),
		relational: await db.query.things.findMany({ with: { notes: { orderBy: asc(notes.id) } }, orderBy: asc(things.n) })
	};
}

let before: Awaited<ReturnType<typeof open>>;
let after: Awaited<ReturnType<typeof open>>;
beforeAll(async () => {
	[before, after] = await Promise.all([open(false), open(true)]);
}, 60_000);
afterAll(async () => {
	await Promise.all([before?.client.close(), after?.client.close()]);
});

describe('drizzle parsers installed once in PGlite', () => {
	it('decode every row exactly as the per-query parsers did', async () => {
		const [was, now] = [await reads(before.db), await reads(after.db)];
		expect(now).toEqual(was);
		// And what that is, so neither side can drift unnoticed: drizzle's own decoding of each type.
		const [first, second, third] = now.select;
		expect(first).toEqual(ROWS[0]);
		expect(second).toMatchObject({ amount: 0n, paid: false, data: null, tags: [], counts: [], moments: [], rates: [], days: [] });
		expect(Object.values(third!).filter((v) => v !== null)).toEqual([ROWS[2]!.id, 3]);
		// Raw rows keep timestamps, dates and intervals as PostgreSQL's text, bigint as a JavaScript bigint.
		expect(now.raw[0]).toMatchObject({ at: '2026-11-23 08:02:03.456+07', day: '2026-12-31', span: '1 day 02:03:04', amount: 9_007_199_254_740_993n, literal: { a: 1 } });
		expect(now.raw[0]).toMatchObject({ moments: '{"2026-01-01 07:00:00+07","2026-06-15 15:30:00.5+07"}', rates: '{0.1,99999999.9999}', tags: ['toán', 'lớp 1', 'a,b', 'với "ngoặc"', ''] });
		expect(now.relational[0]!.notes.map((n) => n.at)).toEqual([new Date('2026-03-01T00:00:00Z'), new Date('2026-03-02T00:00:00Z')]);
	});

	it('send drizzle\'s queries to PGlite without their parsers once it is ready', async () => {
		const query = vi.spyOn(after.client, 'query');
		await after.db.select().from(things).where(eq(things.id, ROWS[0]!.id));
		await after.db.execute(sql`SELECT 1`);
		await after.db.transaction((tx) => tx.select().from(things));
		expect(query.mock.calls.map(([, , options]) => options?.parsers)).toEqual([undefined, undefined]);
		query.mockRestore();
	});
});
