/**
 * preparingClient (db/client.ts, ADR 009): which statements postgres.js is
 * told to prepare, outside and inside transactions and savepoints. A fake
 * client records the options each `unsafe` call receives.
 */
import type postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { preparingClient } from '../../src/lib/server/db/client';

type Call = { text: string; prepare: boolean | undefined };

function fakeClient(calls: Call[]): postgres.Sql {
	const make = (): postgres.Sql => {
		const sql = (() => undefined) as unknown as Record<string, unknown>;
		sql.options = { parsers: {} };
		sql.unsafe = (text: string, _params: unknown[], options?: { prepare?: boolean }) => {
			calls.push({ text, prepare: options?.prepare });
			return Promise.resolve([]);
		};
		sql.begin = (fn: (inner: postgres.Sql) => unknown) => fn(make());
		sql.savepoint = (fn: (inner: postgres.Sql) => unknown) => fn(make());
		return sql as unknown as postgres.Sql;
	};
	return make();
}

describe('preparingClient', () => {
	it('prepares fixed texts with parameters, not texts without parameters or with input-sized lists', async () => {
		const calls: Call[] = [];
		const client = preparingClient(fakeClient(calls));
		await client.unsafe('select * from users where id = $1', ['a']);
		await client.unsafe('select 1', []);
		await client.unsafe('select * from orders where "orders"."id" in ($1, $2)', ['a', 'b']);
		await client.unsafe('insert into t (a, b) values ($1, $2), ($3, $4)', [1, 2, 3, 4]);
		await client.unsafe('insert into t (a, b) values ($1, default), (default, $2)', [1, 2]);
		await client.unsafe('insert into t (a, b) values ($1, $2)', [1, 2]);
		expect(calls.map((c) => c.prepare)).toEqual([true, undefined, undefined, undefined, undefined, true]);
	});

	it('prepares inside transactions and savepoints as well', async () => {
		const calls: Call[] = [];
		const client = preparingClient(fakeClient(calls));
		await client.begin(async (tx) => {
			await tx.unsafe('update wallets set main = main - $1 where user_id = $2', [1, 'u']);
			await (tx as unknown as postgres.TransactionSql).savepoint(async (sp) => {
				await sp.unsafe('select * from promos where code = $1', ['X']);
			});
		});
		expect(calls.map((c) => c.prepare)).toEqual([true, true]);
	});

	it('stops preparing new texts past its cap, and keeps preparing the ones it has', async () => {
		const calls: Call[] = [];
		const client = preparingClient(fakeClient(calls), 2);
		for (const text of ['select $1::int', 'select $1::text', 'select $1::uuid', 'select $1::int']) await client.unsafe(text, [1]);
		expect(calls.map((c) => c.prepare)).toEqual([true, true, undefined, true]);
	});
});
