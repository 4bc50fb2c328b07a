/**
 * The browser's side of the upload pipeline (README "Uploads"): ask for a
 * slot, PUT the bytes to the signed URL (part by part for a large file, each
 * part retried once, the ETags kept), then ask the server to verify them.
 * Used by the studio's upload fields and by /tin-nhan's attachments; answers
 * the verified upload's id, or throws an Error with the server's Vietnamese
 * message.
 */

const TYPES: Record<string, string> = {
	pdf: 'application/pdf',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	mp3: 'audio/mpeg',
	m4a: 'audio/mp4',
	wav: 'audio/wav',
	ogg: 'audio/ogg',
	mp4: 'video/mp4',
	webm: 'video/webm',
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	webp: 'image/webp'
};

async function problem(res: Response): Promise<string> {
	const body = await res.json().catch(() => null);
	const fields = (body?.error?.details?.fields ?? []) as { message: string }[];
	return [body?.error?.message ?? `Lỗi ${res.status}.`, ...fields.map((f) => f.message)].join(' ');
}

interface Part {
	partNumber: number;
	sizeBytes: number;
	url: string;
	headers: Record<string, string>;
}

async function sendParts(file: File, parts: Part[], onStatus: (text: string) => void): Promise<{ partNumber: number; etag: string }[]> {
	const sent: { partNumber: number; etag: string }[] = [];
	let offset = 0;
	for (const part of parts) {
		onStatus(`Đang tải lên ${file.name}: phần ${part.partNumber}/${parts.length} (${Math.round((offset / file.size) * 100)}%)…`);
		const bytes = file.slice(offset, offset + part.sizeBytes);
		let res = await fetch(part.url, { method: 'PUT', headers: part.headers, body: bytes }).catch(() => null);
		if (!res?.ok) res = await fetch(part.url, { method: 'PUT', headers: part.headers, body: bytes });
		if (!res.ok) throw new Error(await problem(res));
		const etag = res.headers.get('etag');
		if (!etag) throw new Error('Kho lưu trữ không trả về ETag của phần đã gửi.');
		sent.push({ partNumber: part.partNumber, etag });
		offset += part.sizeBytes;
	}
	return sent;
}

export interface UploadTarget {
	/** Where slots are opened, e.g. `/api/v1/studio/uploads`; `${slots}/{id}/complete` verifies. */
	slots: string;
	/** Extra members of the declaration (the studio's `purpose`). */
	extra?: Record<string, string>;
}

export async function uploadFile(file: File, target: UploadTarget, onStatus: (text: string) => void): Promise<string> {
	onStatus(`Đang tính mã kiểm tra của ${file.name}…`);
	const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
	const sha256 = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
	const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
	const contentType = TYPES[ext] ?? file.type;
	const slot = await fetch(target.slots, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ ...target.extra, fileName: file.name, contentType, sizeBytes: file.size, sha256 })
	});
	if (!slot.ok) throw new Error(await problem(slot));
	const { data } = await slot.json();
	const parts = data.multipart ? await sendParts(file, data.multipart.parts, onStatus) : undefined;
	if (data.put) {
		onStatus(`Đang tải lên ${file.name}…`);
		const put = await fetch(data.put.url, { method: 'PUT', headers: data.put.headers, body: file });
		if (!put.ok) throw new Error(await problem(put));
	}
	onStatus('Đang kiểm tra tệp…');
	const done = await fetch(`${target.slots}/${data.upload.id}/complete`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(parts ? { parts } : {})
	});
	if (!done.ok) throw new Error(await problem(done));
	return data.upload.id as string;
}
