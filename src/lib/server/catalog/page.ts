/** Turns "pageSize + 1 rows" into a page with its next keyset cursor. */
import { encodeCursor, type CursorKey } from './cursor';

export interface Page<Row> {
	rows: Row[];
	nextCursor: string | null;
	hasMore: boolean;
}

export function toPage<Row>(
	rows: Row[],
	pageSize: number,
	mode: string,
	filters: string,
	keysOf: (row: Row) => CursorKey[]
): Page<Row> {
	const hasMore = rows.length > pageSize;
	const pageRows = hasMore ? rows.slice(0, pageSize) : rows;
	const last = pageRows.at(-1);
	return {
		rows: pageRows,
		hasMore,
		nextCursor: hasMore && last ? encodeCursor(mode, filters, keysOf(last)) : null
	};
}
