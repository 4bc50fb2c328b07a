/**
 * The lists read `pageSize + 1` rows in keyset order: the extra row only says
 * another page follows, and the next cursor is made from the page's last row.
 */
export interface KeysetPage<Row> {
	rows: Row[];
	hasMore: boolean;
	nextCursor: string | null;
}

export function keysetPage<Row>(rows: Row[], pageSize: number, cursorAfter: (last: Row) => string): KeysetPage<Row> {
	const hasMore = rows.length > pageSize;
	const page = hasMore ? rows.slice(0, pageSize) : rows;
	const last = page.at(-1);
	return { rows: page, hasMore, nextCursor: hasMore && last !== undefined ? cursorAfter(last) : null };
}
