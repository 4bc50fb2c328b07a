/** Turns "pageSize + 1 rows" into a page with its next keyset cursor. */
import { keysetPage, type KeysetPage } from '../platform/keyset-page';
import { encodeCursor, type CursorKey } from './cursor';

export function toPage<Row>(
	rows: Row[],
	pageSize: number,
	mode: string,
	filters: string,
	keysOf: (row: Row) => CursorKey[]
): KeysetPage<Row> {
	return keysetPage(rows, pageSize, (last) => encodeCursor(mode, filters, keysOf(last)));
}
