import { describe, expect, it } from 'vitest';
import { appendNew } from '../../src/lib/product-grid-pages';

describe('appendNew: the next page of a product grid', () => {
	it('keeps the shown products in order and adds the new ones after them', () => {
		const shown = [{ id: 'a' }, { id: 'b' }];
		expect(appendNew(shown, [{ id: 'c' }, { id: 'd' }]).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
		expect(shown.map((p) => p.id)).toEqual(['a', 'b']);
	});

	it('leaves out a product already shown (edited between two fetches, it came again)', () => {
		const shown = [{ id: 'a', title: 'cũ' }, { id: 'b', title: 'Toán' }];
		const merged = appendNew(shown, [{ id: 'a', title: 'mới' }, { id: 'c', title: 'Tiếng Việt' }]);
		expect(merged).toEqual([{ id: 'a', title: 'cũ' }, { id: 'b', title: 'Toán' }, { id: 'c', title: 'Tiếng Việt' }]);
	});
});
