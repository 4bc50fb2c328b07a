/**
 * Catalogues of hostile values: the strings, numbers, path segments, query
 * strings, JSON texts and content types that break services in practice.
 */

/** A JSON token written into a body verbatim (numbers JSON.stringify cannot produce, e.g. `1e999`). */
export class RawJson {
	constructor(readonly text: string) {}
}

export const UNICODE_STRINGS: readonly string[] = [
	'Giáo án Toán lớp 1',
	'giao an toan lop 1',
	'Tiếng Việt có dấu'.normalize('NFD'), // decomposed: base letters + combining marks
	'e\u0301\u0323\u0302',
	'a' + '\u0300'.repeat(300), // stacked combining marks
	'\u202Eabc\u202C', // right-to-left override
	'مرحبا بالعالم',
	'שלום עולם',
	'👩‍🏫🎵🇻🇳',
	'😀'.repeat(200),
	'\u0000',
	'a\u0000b',
	'\uD800', // lone high surrogate (JSON.stringify escapes it as \ud800)
	'\uDC00x', // lone low surrogate
	'x\uDBFF',
	'\uFEFF',
	'\u200B\u200C\u200D',
	'\u2028\u2029',
	'\r\n',
	'\t',
	' ',
	'   ',
	'\u0085',
	'\u007F',
	'\u001B[31m',
	'İ', // lower-cases to two code points
	'ß',
	'ﬀ',
	'ǅ',
	'𝕳𝖔𝖈 𝖑𝖎𝖊𝖚',
	'đ'.repeat(300),
	'Ω≈ç√∫˜µ≤≥÷',
	'%00',
	'%',
	'%E0%A4%A',
	'../../etc/passwd',
	'..%2F..%2F',
	"' OR 1=1 --",
	'"; DROP TABLE users; --',
	'\\',
	'<script>alert(1)</script>',
	'${7*7}{{7*7}}',
	'__proto__',
	'constructor',
	'null',
	'undefined',
	'NaN',
	'true',
	'0',
	'-1',
	'1e309',
	'*',
	'?',
	'#',
	'&',
	'=',
	'/',
	'//',
	'.',
	'..'
];

/** Single hostile characters to slip into otherwise valid values (which then pass validation and reach storage). */
export const HOSTILE_CHARS: readonly string[] = [
	'\u0000',
	'\uD800',
	'\uDFFF',
	'\u202E',
	'\u0301',
	'\uFEFF',
	'\u2028',
	'\u0085',
	'\u0007',
	'\u001B',
	'\u007F',
	'🎵',
	'\'',
	'"',
	'\\',
	'%',
	'%00',
	'_',
	'*',
	':',
	'&',
	'\n',
	' '
];

export const EMAIL_STRINGS: readonly string[] = [
	'a@b',
	'@',
	'@hoclieu.vn',
	'giao-vien@',
	'GIAO.VIEN@TRUONG.EDU.VN',
	'giáo.viên@trường.vn',
	'cô-giáo@ví-dụ.vn',
	'"a b"@truong.edu.vn',
	'user@[127.0.0.1]',
	'a@b@c.vn',
	'a..b@truong.edu.vn',
	' gv@truong.edu.vn ',
	'gv@truong.edu.vn\u0000',
	'gv\u0000@truong.edu.vn',
	'gv@truong.edu.vn\n',
	'x'.repeat(64) + '@' + 'y'.repeat(185) + '.vn', // 253
	'x'.repeat(64) + '@' + 'y'.repeat(186) + '.vn', // 254
	'x'.repeat(64) + '@' + 'y'.repeat(187) + '.vn', // 255
	'x'.repeat(300) + '@truong.edu.vn'
];

export const NUMBERS: readonly (number | RawJson)[] = [
	0,
	-0,
	1,
	-1,
	1.5,
	-1.5,
	0.1,
	2 ** 31,
	-(2 ** 31) - 1,
	2 ** 53,
	2 ** 53 + 2,
	-(2 ** 53) - 2,
	1e21,
	1e308,
	-1e308,
	5e-324,
	new RawJson('1e999'),
	new RawJson('-1e999'),
	new RawJson('1E2'),
	new RawJson('1.0'),
	new RawJson('-0.0'),
	new RawJson('123456789012345678901234567890'),
	new RawJson('0.' + '0'.repeat(400) + '1')
];

/** Values of the wrong JSON type for any field. */
export const WRONG_TYPES: readonly unknown[] = [
	null,
	true,
	false,
	0,
	-1,
	1.5,
	'',
	'1',
	'true',
	[],
	[1, 2],
	['a'],
	{},
	{ a: 1 },
	{ $gt: '' },
	[[[[[]]]]]
];

/** Already percent-encoded (or deliberately broken) path segments. */
export const PATH_SEGMENTS: readonly string[] = [
	'..',
	'.',
	'%2e%2e',
	'%2E',
	'.%2e',
	'%2F',
	'a%2Fb',
	'%2F..%2F..',
	'%252F',
	'%5C',
	'%',
	'%E0%A4%A',
	'%ZZ',
	'%00',
	'a%00b',
	'%C0%AE%C0%AE',
	'%ED%A0%80', // an encoded lone surrogate
	'%F0%9F%98%80',
	'%FF%FE',
	';x=1',
	'%3F',
	'%23',
	'%20',
	'+',
	'~',
	'*',
	'x'.repeat(8_000),
	'%C4%91'.repeat(1_000),
	'0',
	'-1',
	'null',
	'undefined',
	'00000000-0000-0000-0000-000000000000',
	'00000000-0000-4000-8000-000000000000',
	'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
	'00000000-0000-4000-8000-0000000000000',
	'00000000-0000-4000-8000-00000000000',
	'{id}',
	'%7Bid%7D'
];

/** Whole query strings (after `?`), some deliberately broken. */
export const QUERY_STRINGS: readonly string[] = [
	'',
	'&',
	'&&&',
	'=',
	'=v',
	'k',
	'%',
	'%zz=1',
	'a=%E0%A4%A',
	'a=%00',
	'a[]=1&a[]=2',
	'a[b]=1',
	'__proto__[x]=1',
	'constructor[prototype][x]=1',
	'x=' + 'y'.repeat(4_000),
	'a=1;b=2',
	'a=1&a=2&a=3'
];

export const CONTENT_TYPES: readonly (string | undefined)[] = [
	undefined,
	'',
	'text/plain',
	'text/plain; charset=utf-8',
	'application/x-www-form-urlencoded',
	'multipart/form-data; boundary=----x',
	'application/xml',
	'application/octet-stream',
	'application/json; charset=utf-16',
	'application/json;charset=latin1',
	'APPLICATION/JSON',
	'Application/Json; Charset=UTF-8',
	'application/vnd.api+json',
	'application/merge-patch+json',
	'application/jsonp',
	'application/json-seq',
	'application/json, text/plain',
	'json',
	'*/*'
];

/** Request bodies that are not valid JSON, or valid JSON of the wrong shape. */
export const BROKEN_JSON: readonly string[] = [
	'{',
	'}',
	'{"a":',
	'{"a":1,}',
	"{'a':1}",
	'{a:1}',
	'{"a":NaN}',
	'{"a":Infinity}',
	'{"a":undefined}',
	'[1,2',
	'"unterminated',
	'nul',
	'tru',
	'{"a":1}{"b":2}',
	'{"a":1} x',
	'\uFEFF{}',
	'{"a":"\\x41"}',
	'{"a":"\\u12"}',
	'{"a":"\u0001"}',
	'{"__proto__":{"polluted":true}}',
	'{"constructor":{"prototype":{"polluted":true}}}',
	'[]',
	'[{}]',
	'null',
	'0',
	'-1',
	'"string"',
	'true',
	'   \n\t  ',
	'1'.repeat(5_000),
	'['.repeat(30_000),
	'['.repeat(20_000) + ']'.repeat(20_000),
	'{"a":'.repeat(8_000) + '1' + '}'.repeat(8_000)
];

/** Query-string and path text for a value: numbers and booleans as JSON text, strings as they are. */
export function wireText(value: unknown): string {
	if (value instanceof RawJson) return value.text;
	if (typeof value === 'string') return value;
	if (value === undefined) return '';
	return JSON.stringify(value) ?? '';
}

/** JSON text with RawJson tokens written verbatim and `__proto__` keys kept as plain members. */
export function toJson(value: unknown): string {
	if (value instanceof RawJson) return value.text;
	if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJson(v))).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const members = Object.keys(value)
			.filter((k) => (value as Record<string, unknown>)[k] !== undefined)
			.map((k) => `${JSON.stringify(k)}:${toJson((value as Record<string, unknown>)[k])}`);
		return `{${members.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** An own, enumerable member even for `__proto__` (plain assignment would set the prototype). */
export function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
	Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
