/**
 * Pure decisions of the preview worker (unit-tested): what kind of file a key
 * holds, where its outputs live, how long to wait before a retry.
 */
import { createHash } from 'node:crypto';

/** pdf: pages; office: LibreOffice → PDF → pages; zip: the first PDF inside; audio: a clip; video: a poster and a clip. */
export type PreviewKind = 'pdf' | 'office' | 'zip' | 'audio' | 'video';

const BY_TYPE: [RegExp, PreviewKind][] = [
	[/^application\/pdf$/, 'pdf'],
	[/^application\/(vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.|msword$|vnd\.ms-powerpoint$|rtf$)/, 'office'],
	[/^application\/(x-)?zip(-compressed)?$/, 'zip'],
	[/^audio\//, 'audio'],
	[/^video\//, 'video']
];

const BY_EXTENSION: Record<string, PreviewKind> = {
	pdf: 'pdf',
	doc: 'office',
	docx: 'office',
	odt: 'office',
	rtf: 'office',
	ppt: 'office',
	pptx: 'office',
	odp: 'office',
	zip: 'zip',
	wav: 'audio',
	mp3: 'audio',
	m4a: 'audio',
	ogg: 'audio',
	flac: 'audio',
	avi: 'video',
	mp4: 'video',
	webm: 'video',
	mov: 'video',
	mkv: 'video'
};

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** The file's first bytes decide when neither its content type nor its name does (upload keys have no extension). */
function sniff(head: Uint8Array): PreviewKind | null {
	if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
	if (ascii(head, 0, 4) === 'RIFF') {
		const form = ascii(head, 8, 12);
		if (form === 'WAVE') return 'audio';
		if (form === 'AVI ') return 'video';
	}
	if (ascii(head, 0, 3) === 'ID3' || ascii(head, 0, 4) === 'fLaC' || ascii(head, 0, 4) === 'OggS') return 'audio';
	if (ascii(head, 4, 8) === 'ftyp') return 'video';
	if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video';
	if (ascii(head, 0, 4) === 'PK\x03\x04') {
		// Office packages open with their manifest ([Content_Types].xml, or ODF's mimetype); anything else zipped is a bundle.
		const nameLength = head.length >= 30 ? head[26]! | (head[27]! << 8) : 0;
		const first = ascii(head, 30, 30 + nameLength);
		return /^(\[Content_Types\]\.xml|mimetype|_rels\/|word\/|ppt\/)/.test(first) ? 'office' : 'zip';
	}
	return null;
}

export function previewKind(contentType: string | null, key: string, head: Uint8Array): PreviewKind | null {
	const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
	for (const [pattern, kind] of BY_TYPE) if (pattern.test(type)) return kind;
	const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
	if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext];
	return sniff(head);
}

/** Retry waits grow 15 s, 30 s, 1 min, … up to 30 min: a missing file (seed still storing) is retried soon, a broken one rarely. */
export function retryDelayMs(attempts: number): number {
	return Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

/**
 * Outputs are content-addressed (key and bytes), so their public URLs can be
 * cached forever: a replaced file gets new URLs, never stale images.
 */
export function previewFolder(fileKey: string, fileSha256: string): string {
	return createHash('sha256').update(`${fileKey}\n${fileSha256}`).digest('hex').slice(0, 32);
}

export const PREVIEW_PREFIX = 'previews/';
export const PUBLIC_PREVIEW_PATH = '/xem-truoc/';

/** A stored preview object's public path: `previews/<folder>/<name>` → `/xem-truoc/<folder>/<name>`. */
export function publicPreviewUrl(storageKey: string): string {
	if (!storageKey.startsWith(PREVIEW_PREFIX)) throw new Error(`not a preview key: ${storageKey}`);
	return PUBLIC_PREVIEW_PATH + storageKey.slice(PREVIEW_PREFIX.length);
}

/** The only shapes the public route serves: a folder hash and an output name the worker writes. */
const SERVABLE = /^[0-9a-f]{32}\/(page-[0-9]{1,2}\.webp|poster\.webp|clip\.(mp3|mp4))$/;

/** The storage key behind a public preview path, or null for anything else (never the sold file). */
export function previewKeyFromPublicPath(rest: string): string | null {
	return SERVABLE.test(rest) ? PREVIEW_PREFIX + rest : null;
}

export const PREVIEW_CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', mp3: 'audio/mpeg', mp4: 'video/mp4' };
