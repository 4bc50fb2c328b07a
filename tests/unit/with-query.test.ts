import { describe, expect, it } from 'vitest';
import { withQuery } from '../../src/lib/paths';

describe('withQuery: a page address with optional parameters', () => {
	it('keeps the parameters in the order given, encoded, and leaves out empty ones', () => {
		expect(withQuery('/don-hang', { 'trang-thai': 'da-thanh-toan', sau: 'abc.def' })).toBe('/don-hang?trang-thai=da-thanh-toan&sau=abc.def');
		expect(withQuery('/thu-vien', { q: 'giáo án', sau: null })).toBe('/thu-vien?q=gi%C3%A1o+%C3%A1n');
		expect(withQuery('/am-nhac', { q: '', sau: 'x' })).toBe('/am-nhac?sau=x');
	});

	it('is the bare path when every parameter is empty', () => {
		expect(withQuery('/quan-tri/bao-cao', { 'trang-thai': null, loai: undefined })).toBe('/quan-tri/bao-cao');
	});
});
