import { describe, expect, it } from 'vitest';
import { linkify } from '../../src/lib/linkify';

describe('linkify', () => {
	it('makes http(s) addresses links and leaves everything else text', () => {
		expect(linkify('Xem https://hoclieu.vn/san-pham/a?b=1. Cảm ơn!')).toEqual([
			{ text: 'Xem ' },
			{ text: 'https://hoclieu.vn/san-pham/a?b=1', href: 'https://hoclieu.vn/san-pham/a?b=1' },
			{ text: '. Cảm ơn!' }
		]);
	});

	it('never turns markup or other schemes into links', () => {
		expect(linkify('<a href="javascript:alert(1)">x</a> javascript:alert(1)')).toEqual([{ text: '<a href="javascript:alert(1)">x</a> javascript:alert(1)' }]);
	});

	it('keeps a message without addresses whole', () => {
		expect(linkify('Có file Word không ạ?')).toEqual([{ text: 'Có file Word không ạ?' }]);
		expect(linkify('')).toEqual([]);
	});
});
