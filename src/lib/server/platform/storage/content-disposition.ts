/**
 * `Content-Disposition: attachment` with a Unicode file name (RFC 6266 with
 * RFC 5987/8187 `filename*`), plus a plain-ASCII `filename` for old clients:
 * "Bài hát Quê hương.mp3" → filename="Bai hat Que huong.mp3";
 * filename*=UTF-8''B%C3%A0i%20h%C3%A1t%20Qu%C3%AA%20h%C6%B0%C6%A1ng.mp3
 */

/** Folds Vietnamese (and other Latin) diacritics; anything else non-printable becomes `_`. */
export function asciiFileName(name: string): string {
	const folded = name
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/đ/g, 'd')
		.replace(/Đ/g, 'D')
		.replace(/[^\x20-\x7e]/g, '_')
		.replace(/["\\]/g, '_')
		.trim();
	return folded.length > 0 ? folded : 'download';
}

/** RFC 5987 ext-value: percent-encode everything outside attr-char. */
function encodeExtValue(value: string): string {
	return encodeURIComponent(value).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

/** Names keep their letters but lose path separators and control characters; at most 200 characters. */
export function sanitizeFileName(name: string): string {
	// By code point, so a lone surrogate (which encodeURIComponent rejects) becomes `_` too.
	const cleaned = Array.from(name.normalize('NFC'), (c) => {
		const code = c.charCodeAt(0);
		const loneSurrogate = c.length === 1 && code >= 0xd800 && code <= 0xdfff;
		return code < 0x20 || code === 0x7f || c === '/' || c === '\\' || loneSurrogate ? '_' : c;
	})
		.slice(0, 200)
		.join('')
		.trim();
	return cleaned.length > 0 ? cleaned : 'download';
}

export function attachmentDisposition(fileName: string): string {
	return disposition('attachment', fileName);
}

/** `inline` (shown in the browser, e.g. an image attached to a message), with the same file-name parameters. */
export function inlineDisposition(fileName: string): string {
	return disposition('inline', fileName);
}

function disposition(type: 'attachment' | 'inline', fileName: string): string {
	const name = sanitizeFileName(fileName);
	return `${type}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
