/**
 * A small valid one-page PDF. The page text uses the standard Helvetica font,
 * which has no glyphs for most Vietnamese letters, so it is folded to ASCII;
 * the document title (Info /Title, UTF-16BE) keeps every diacritic.
 */
import { asciiFileName } from '../content-disposition';

function pdfString(text: string): string {
	return `(${asciiFileName(text).replace(/[\\()]/g, (c) => '\\' + c)})`;
}

function utf16Hex(text: string): string {
	const bytes = [0xfe, 0xff];
	for (const unit of text) {
		const code = unit.codePointAt(0)!;
		const units = code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code];
		for (const u of units) bytes.push(u >> 8, u & 0xff);
	}
	return `<${Buffer.from(bytes).toString('hex').toUpperCase()}>`;
}

export function pdfBytes(title: string, lines: readonly string[]): Uint8Array {
	const body = [
		'BT /F1 20 Tf 56 770 Td',
		`${pdfString(title)} Tj`,
		'/F1 12 Tf 0 -34 Td 16 TL',
		...lines.map((line) => `${pdfString(line)} '`),
		'ET'
	].join('\n');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
		`<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`,
		`<< /Title ${utf16Hex(title)} /Producer (hoclieu) >>`
	];
	let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
	const offsets: number[] = [];
	objects.forEach((obj, i) => {
		offsets.push(Buffer.byteLength(out, 'latin1'));
		out += `${i + 1} 0 obj\n${obj}\nendobj\n`;
	});
	const xref = Buffer.byteLength(out, 'latin1');
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return new Uint8Array(Buffer.from(out, 'latin1'));
}
