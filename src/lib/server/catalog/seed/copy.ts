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

/**
 * Loaded tables that only the seed's own set-based INSERT writes while their per-row triggers are
 * off (primaryFilesAndPreviewJobs): at 1 000 000 products, its INSERT took 43 s with
 * product_files' two unique indexes kept up to date row by row and 24 s without, and building them
 * afterwards under 2 s (docs/performance.md, "The seed's per-row work").
 */
const UNIQUE_REBUILT = ['product_files'];

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
export async function copyRows(sql: postgres.TransactionSql, table: Table, rows: readonly object[], onProgress?: (done: number) => void): Promise<void> {
	await copyChunks(sql, table, [rows], onProgress);
}

/**
 * Writes the rows of `chunks` into `table` with one COPY, taking each chunk only once the rows
 * before it are handed to the connection (a generator's next chunk is made while PostgreSQL reads
 * the last): the rows in memory at any time are one chunk, however many are written.
 */
export async function copyChunks(
	sql: postgres.TransactionSql,
	table: Table,
	chunks: Iterable<readonly object[]>,
	onProgress?: (done: number) => void
): Promise<void> {
	const tableName = getTableName(table);
	const columns = getTableColumns(table) as Record<string, { name: string }>;
	let keys: string[] | null = null;
	let stream: Awaited<ReturnType<ReturnType<postgres.TransactionSql['unsafe']>['writable']>> | null = null;
	let finished: Promise<void> | null = null;
	let done = 0;
	const TEXT_ROWS = 2_000;
	for (const rows of chunks) {
		if (rows.length === 0) continue;
		if (!stream) {
			keys = Object.keys(rows[0]!);
			const names = keys.map((k) => {
				const column = columns[k];
				if (!column) throw new Error(`${tableName} has no column for ${k}`);
				return `"${column.name}"`;
			});
			const opened = await sql.unsafe(`COPY "${tableName}" (${names.join(', ')}) FROM STDIN`).writable();
			stream = opened;
			finished = new Promise<void>((resolve, fail) => {
				opened.on('finish', resolve);
				opened.on('error', fail);
			});
		}
		for (let start = 0; start < rows.length; start += TEXT_ROWS) {
			const end = Math.min(rows.length, start + TEXT_ROWS);
			let text = '';
			for (let i = start; i < end; i++) {
				const row = rows[i] as Record<string, unknown>;
				text += keys!.map((k) => copyValue(row[k])).join('\t') + '\n';
			}
			// Respect back-pressure: the rows are generated far faster than PostgreSQL takes them.
			if (!stream.write(text)) await new Promise((r) => stream!.once('drain', r));
			done += end - start;
			onProgress?.(done);
		}
	}
	if (!stream) return;
	stream.end();
	await finished;
}

/**
 * Drops the secondary (non-unique) indexes of the loaded tables and returns a function that builds
 * them again. Unique indexes and primary keys stay: foreign keys and the triggers' ON CONFLICT
 * clauses need them. Except in UNIQUE_REBUILT: rows no ON CONFLICT of the load meets, whose unique
 * indexes (not constraints) are built again too, and fail the seed if a row broke one. Both halves
 * run in the caller's transaction.
 */
export async function withoutSecondaryIndexes(sql: postgres.TransactionSql): Promise<() => Promise<void>> {
	const indexes = await sql<{ name: string; def: string }[]>`
		SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
		FROM pg_index i
		JOIN pg_class c ON c.oid = i.indexrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_class t ON t.oid = i.indrelid
		WHERE t.relname = ANY(${LOADED_TABLES}) AND t.relnamespace = n.oid AND n.nspname = current_schema()
			AND (NOT i.indisunique OR t.relname = ANY(${UNIQUE_REBUILT})) AND NOT i.indisprimary
			AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
		ORDER BY 1`;
	for (const { name } of indexes) await sql.unsafe(`DROP INDEX ${name}`);
	return async () => {
		for (const { def } of indexes) await sql.unsafe(def);
	};
}

/**
 * Drops the foreign keys of the loaded tables and returns a function that adds them again. A
 * foreign key is checked by a query per inserted row (products → categories, product_files →
 * products: about 30 µs a row at 1 000 000 products); added again, it checks every row in one
 * join, as PostgreSQL's "Populating a Database" advises. Both halves run in the caller's
 * transaction, so a row that breaks a key fails the seed and nothing is left without its keys.
 */
export async function withoutForeignKeys(sql: postgres.TransactionSql): Promise<() => Promise<void>> {
	const keys = await sql<{ table: string; name: string; def: string }[]>`
		SELECT quote_ident(n.nspname) || '.' || quote_ident(t.relname) AS table, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS def
		FROM pg_constraint k
		JOIN pg_class t ON t.oid = k.conrelid
		JOIN pg_namespace n ON n.oid = t.relnamespace
		WHERE k.contype = 'f' AND t.relname = ANY(${LOADED_TABLES}) AND n.nspname = current_schema()
		ORDER BY 1, 2`;
	for (const { table, name } of keys) await sql.unsafe(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
	return async () => {
		for (const { table, name, def } of keys) await sql.unsafe(`ALTER TABLE ${table} ADD CONSTRAINT ${name} ${def}`);
	};
}

/**
 * Row triggers that each run an INSERT per product (drizzle/0016_previews.sql, 0021, 0044_product_files.sql):
 * two thirds of a COPY's time with them on (20 000 products: 35 s against 11 s for the rows and
 * their generated search columns alone, same load). The seed turns them off for its COPY and does
 * their work once, set-based, in primaryFilesAndPreviewJobs and bulkProductRow.
 */
const PER_ROW_TRIGGERS = [
	['products', 'products_enqueue_preview'],
	['products', 'products_primary_file'],
	['product_files', 'product_files_preview']
] as const;

/**
 * Runs `load` with PER_ROW_TRIGGERS disabled (DDL: it is undone with the transaction if the seed
 * fails), then enables them again. A renamed trigger makes the seed fail here instead of
 * silently loading without it.
 */
export async function withoutPerRowTriggers(sql: postgres.TransactionSql, load: () => Promise<void>): Promise<void> {
	for (const [table, trigger] of PER_ROW_TRIGGERS) await sql.unsafe(`ALTER TABLE "${table}" DISABLE TRIGGER "${trigger}"`);
	await load();
	for (const [table, trigger] of PER_ROW_TRIGGERS) await sql.unsafe(`ALTER TABLE "${table}" ENABLE TRIGGER "${trigger}"`);
}

/**
 * A product row as products_enqueue_preview would have left it: a product with a file is queued
 * for previews (the preview columns the trigger clears are not set by the seed), and its
 * generated-preview URLs (none in a seed) are dropped.
 */
export function bulkProductRow<T extends { fileKey?: string | null; previewImageUrls?: string[] }>(row: T): T & { previewStatus: string | null } {
	if (row.fileKey === null || row.fileKey === undefined) return { ...row, previewStatus: null };
	return { ...row, previewImageUrls: (row.previewImageUrls ?? []).filter((u) => !u.startsWith('/xem-truoc/')), previewStatus: 'queued' };
}

/**
 * What products_primary_file, product_files_preview and products_enqueue_preview write for the
 * products just loaded, in two statements: each product's file as its primary product_files row
 * (queued for previews) and one preview job per file key, at priority 0 (a finished job for the
 * same key is queued again, as the triggers do). Priority 0 even for an unpublished product, as
 * the triggers leave it: BEFORE triggers fire in name order, so products_enqueue_preview reads the
 * row before products_sync_status has turned the seed's unset status into 'unpublished', and the
 * later product_files trigger meets the job already queued.
 */
export async function primaryFilesAndPreviewJobs(sql: postgres.TransactionSql): Promise<void> {
	await sql`
		INSERT INTO product_files (product_id, position, file_key, file_name, content_type, sha256, preview_status)
		SELECT p.id, 0, p.file_key, coalesce(p.file_name, p.title || coalesce(substring(p.file_key FROM '\.[A-Za-z0-9]{1,8}$'), '')),
			file_content_type_of(p.file_key), p.file_sha256, 'queued'
		FROM products p
		WHERE p.file_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM product_files f WHERE f.product_id = p.id AND f.position = 0)`;
	await sql`
		INSERT INTO preview_jobs (file_key, priority)
		SELECT DISTINCT file_key, 0::smallint
		FROM products WHERE file_key IS NOT NULL
		ON CONFLICT (file_key) DO UPDATE
			SET status = 'queued', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now(),
				priority = GREATEST(preview_jobs.priority, EXCLUDED.priority)
			WHERE preview_jobs.status IN ('done', 'failed', 'unavailable')`;
}
