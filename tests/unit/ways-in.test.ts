import { describe, expect, it } from 'vitest';
import { waysIn } from '../../src/lib/ways-in';

describe('the ways into the studio and the console, by role', () => {
	it('invites visitors and customers to sell, and only them', () => {
		for (const role of [null, 'customer'] as const) {
			expect(waysIn(role)).toEqual([{ href: '/tac-gia/dang-ky', label: 'Bán học liệu trên hoclieu' }]);
		}
	});

	it('leads an author to the studio, never to the console', () => {
		expect(waysIn('author')).toEqual([{ href: '/tac-gia', label: 'Studio tác giả' }]);
	});

	it('leads staff to the studio and the console', () => {
		expect(waysIn('staff').map((w) => w.href)).toEqual(['/tac-gia', '/quan-tri']);
	});
});
