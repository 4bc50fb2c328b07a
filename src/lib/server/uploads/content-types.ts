/**
 * What may be uploaded for each purpose, and how each type is recognised by its
 * bytes (magic numbers), never by its name. The declared content type and the
 * file name's extension must both agree with what the bytes are.
 */
import type { UploadPurpose } from '../db/schema';

export interface KnownType {
	mime: string;
	extensions: readonly string[];
	image: boolean;
}

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export const KNOWN_TYPES: readonly KnownType[] = [
	{ mime: 'application/pdf', extensions: ['pdf'], image: false },
	{ mime: DOCX, extensions: ['docx'], image: false },
	{ mime: PPTX, extensions: ['pptx'], image: false },
	{ mime: 'audio/mpeg', extensions: ['mp3'], image: false },
	{ mime: 'audio/mp4', extensions: ['m4a'], image: false },
	{ mime: 'audio/wav', extensions: ['wav'], image: false },
	{ mime: 'audio/ogg', extensions: ['ogg', 'oga'], image: false },
	{ mime: 'video/mp4', extensions: ['mp4'], image: false },
	{ mime: 'video/webm', extensions: ['webm'], image: false },
	{ mime: 'image/png', extensions: ['png'], image: true },
	{ mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], image: true },
	{ mime: 'image/webp', extensions: ['webp'], image: true }
];

export function allowedFor(purpose: UploadPurpose): readonly KnownType[] {
	// A message's attachment: a picture, or a PDF (a worksheet, a scanned receipt).
	if (purpose === 'attachment') return KNOWN_TYPES.filter((t) => t.image || t.mime === 'application/pdf');
	return KNOWN_TYPES.filter((t) => (purpose === 'file' ? !t.image : t.image));
}

export function extensionOf(fileName: string): string {
	const dot = fileName.lastIndexOf('.');
	return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

const ascii = (bytes: Uint8Array, from: number, length: number) => Buffer.from(bytes.subarray(from, from + length)).toString('latin1');

/**
 * The type the bytes really are, or null when unrecognised. `head` is the
 * start of the object; `tail` its end (where a ZIP keeps its central
 * directory, which names every part of a DOCX or PPTX).
 */
export function sniff(head: Uint8Array, tail: Uint8Array): string | null {
	if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
	if (head[0] === 0x89 && ascii(head, 1, 7) === 'PNG\r\n\x1a\n') return 'image/png';
	if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
	if (ascii(head, 0, 4) === 'RIFF') {
		const form = ascii(head, 8, 4);
		if (form === 'WEBP') return 'image/webp';
		if (form === 'WAVE') return 'audio/wav';
		return null;
	}
	if (ascii(head, 0, 4) === 'OggS') return 'audio/ogg';
	if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
		return ascii(head, 0, 64).includes('webm') ? 'video/webm' : null;
	}
	if (ascii(head, 4, 4) === 'ftyp') {
		const brand = ascii(head, 8, 4);
		return brand === 'M4A ' || brand === 'M4B ' ? 'audio/mp4' : 'video/mp4';
	}
	if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)) return 'audio/mpeg';
	if (ascii(head, 0, 4) === 'PK\x03\x04') {
		const directory = ascii(tail, 0, tail.byteLength);
		if (!directory.includes('[Content_Types].xml')) return null;
		if (directory.includes('word/document.xml')) return DOCX;
		if (directory.includes('ppt/presentation.xml')) return PPTX;
	}
	return null;
}
