/**
 * The PostgreSQL path of the seed: the big tables are written with `COPY … FROM STDIN`
 * (one statement per table instead of one INSERT per 1 000 rows), with the secondary indexes of
 * the tables it fills dropped first and built again once the rows are in. Everything runs inside
 * the seeding transaction, so an interrupted seed rolls back to the indexes it found: there is no
 * state in which the catalog is left without them.
 *
 * Why: at 1 000 000 products the batched INSERTs kept every GIN index (search vectors, title pairs,
 * the trigram index of the search vocabulary) up to date row by row and upserted the vocabulary
 * 1 000 times; `npm run seed` took 24 min (docs/performance.md "Cost curve").
 */
import type postgres from 'postgres';
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** Tables whose rows the seed writes in bulk, or whose rows the products' triggers write. */
const LOADED_TABLES = ['products', 'product_aliases', 'flash_sales', 'product_files', 'preview_jobs', 'search_terms'];

/** The postgres.js transaction under a drizzle transaction (drizzle-orm/postgres-js keeps it as `session.client`). */
export function rawTransaction(tx: Tx): postgres.TransactionSql | null {
	const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
	return typeof client === 'function' ? (client as postgres.TransactionSql) : null;
}

/** One value in COPY's text format (NULL is `\N`; backslash, tab and line breaks escaped). */
function copyValue(value: unknown): string {
	if (value === null || value === undefined) return '\\N';
	let text: string;
	if (value instanceof Date) text = value.toISOString();
	else if (typeof value === 'boolean') text = value ? 't' : 'f';
	else if (Array.isArray(value)) text = `{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
	else text = String(value);
	return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * Writes `rows` (drizzle insert objects: property names) into `table` with one COPY. The columns
 * are the first row's properties; every row of a seed table has the same ones.
 */
export async function copyRows(
	sql: postgres.TransactionSql,
	table: Table,
	rows: readonly object[],
	onProgress?: (done: number) => void
): Promise<void> {
	if (rows.length === 0) return;
	const tableName = getTableName(table);
	const columns = getTableColumns(table) as Record<string, { name: string }>;
	const keys = Object.keys(rows[0]!);
	const names = keys.map((k) => {
		const column = columns[k];
		if (!column) throw new Error(`${tableName} has no column for ${k}`);
		return `"${column.name}"`;
	});
	const stream = await sql.unsafe(`COPY "${tableName}" (${names.join(', ')}) FROM STDIN`).writable();
	const finished = new Promise<void>((done, fail) => {
		stream.on('finish', done);
		stream.on('error', fail);
	});
	const CHUNK = 2_000;
	for (let start = 0; start < rows.length; start += CHUNK) {
		const end = Math.min(rows.length, start + CHUNK);
		let text = '';
		for (let i = start; i < end; i++) {
			const row = rows[i] as Record<string, unknown>;
			text += keys.map((k) => copyValue(row[k])).join('\t') + '\n';
		}
		// Respect back-pressure: the rows are generated far faster than PostgreSQL takes them.
		if (!stream.write(text)) await new Promise((r) => stream.once('drain', r));
		onProgress?.(end);
	}
	stream.end();
	await finished;
}

/**
 * Drops the secondary (non-unique) indexes of the loaded tables and returns a function that builds
 * them again. Unique indexes and primary keys stay: foreign keys and the triggers' ON CONFLICT
 * clauses need them. Both halves run in the caller's transaction.
 */
export async function withoutSecondaryIndexes(sql: postgres.TransactionSql): Promise<() => Promise<void>> {
	const indexes = await sql<{ name: string; def: string }[]>`
		SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
		FROM pg_index i
		JOIN pg_class c ON c.oid = i.indexrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_class t ON t.oid = i.indrelid
		WHERE t.relname = ANY(${LOADED_TABLES}) AND t.relnamespace = n.oid AND n.nspname = current_schema()
			AND NOT i.indisunique AND NOT i.indisprimary
			AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
		ORDER BY 1`;
	for (const { name } of indexes) await sql.unsafe(`DROP INDEX ${name}`);
	return async () => {
		for (const { def } of indexes) await sql.unsafe(def);
	};
}
