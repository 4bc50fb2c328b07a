/**
 * Catalog paths: category paths are slugs joined by `/`; a product's full path
 * is its category path plus its own slug. Malformed paths are refused with 400
 * before any query runs (GET /api/v1/catalog/products/{fullPath} and /api/v1/catalog/categories/{...path}).
 */
import {
	MAX_PATH_DEPTH,
	MAX_PATH_LENGTH,
	MAX_SEGMENT_LENGTH,
	SLUG_PATTERN
} from '../../contracts/catalog';
import { badRequest } from '../errors/app-error';

export type PathProblem = 'empty_segment' | 'too_long' | 'too_deep' | 'invalid_characters';

export function pathProblem(path: string): PathProblem | null {
	if (path.length > MAX_PATH_LENGTH) return 'too_long';
	const segments = path.split('/');
	if (segments.length > MAX_PATH_DEPTH) return 'too_deep';
	for (const segment of segments) {
		if (segment === '') return 'empty_segment';
		if (segment.length > MAX_SEGMENT_LENGTH) return 'too_long';
		if (!SLUG_PATTERN.test(segment)) return 'invalid_characters';
	}
	return null;
}

const MESSAGES: Record<PathProblem, string> = {
	empty_segment: 'Đường dẫn không hợp lệ: có đoạn rỗng (hai dấu "/" liền nhau hoặc "/" ở cuối).',
	too_long: 'Đường dẫn quá dài.',
	too_deep: 'Đường dẫn có quá nhiều cấp.',
	invalid_characters: 'Đường dẫn chỉ được chứa chữ thường không dấu, chữ số và dấu gạch ngang.'
};

/** Throws 400 for a malformed path; `field` names the parameter in the error details. */
export function assertValidPath(path: string, field: string): void {
	const problem = pathProblem(path);
	if (problem) throw badRequest(MESSAGES[problem], { fields: [{ path: field, message: MESSAGES[problem], reason: problem }] });
}

/** Splits a product's full path into its category path and slug. */
export function splitProductPath(fullPath: string): { categoryPath: string; slug: string } | null {
	const cut = fullPath.lastIndexOf('/');
	if (cut <= 0) return null;
	return { categoryPath: fullPath.slice(0, cut), slug: fullPath.slice(cut + 1) };
}

/** `a/b/c` → [`a`, `a/b`, `a/b/c`]: the paths of a category and its ancestors, root first. */
export function pathPrefixes(path: string): string[] {
	const segments = path.split('/');
	return segments.map((_, i) => segments.slice(0, i + 1).join('/'));
}

/** Lower-case ASCII slug of Vietnamese text: "Giáo án Toán lớp 1" → "giao-an-toan-lop-1". */
export function slugify(text: string, maxLength = 100): string {
	const folded = text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/đ/g, 'd')
		.replace(/Đ/g, 'D')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
	if (folded.length <= maxLength) return folded || 'san-pham';
	// Cut at a word boundary so a slug never ends in half a word.
	const cut = folded.slice(0, maxLength + 1);
	const boundary = cut.lastIndexOf('-');
	return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, maxLength)).replace(/-+$/g, '') || 'san-pham';
}
