import { describe, expect, it } from 'vitest';
import { keysetPage } from '../../src/lib/server/platform/keyset-page';

describe('keysetPage', () => {
	const cursor = (last: number) => `after:${last}`;

	it('keeps the extra row off the page and makes the cursor from the page’s last row', () => {
		expect(keysetPage([1, 2, 3, 4], 3, cursor)).toEqual({ rows: [1, 2, 3], hasMore: true, nextCursor: 'after:3' });
	});

	it('says no page follows when the rows fit, and makes no cursor', () => {
		let made = 0;
		const page = keysetPage([1, 2, 3], 3, (last) => `${++made}:${last}`);
		expect(page).toEqual({ rows: [1, 2, 3], hasMore: false, nextCursor: null });
		expect(made).toBe(0);
		expect(keysetPage([], 3, cursor)).toEqual({ rows: [], hasMore: false, nextCursor: null });
	});
});
