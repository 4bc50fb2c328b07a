/**
 * The upload pipeline over HTTP against the built server (file-system store):
 * slot → signed PUT → completion, with the stored bytes checked for size,
 * SHA-256 and type by content, failures leaving no object behind, and
 * duplicates of another author's file refused and listed for staff.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxBytes } from '../../src/lib/server/platform/storage/samples/ooxml';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import { noiseWav } from '../helpers/noise-wav';
import { startServer, type TestServer } from '../helpers/server';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

let server: TestServer;
let author: TestUser;
let otherAuthor: TestUser;
let staff: TestUser;
let buyer: TestUser;

beforeAll(async () => {
	server = await startServer({ env: { UPLOAD_MAX_IMAGE_BYTES: '2048' } });
	[author, otherAuthor, staff, buyer] = await Promise.all([
		createUser(server.url, { role: 'author' }),
		createUser(server.url, { role: 'author' }),
		createUser(server.url, { role: 'staff' }),
		createUser(server.url)
	]);
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function api(who: TestUser | null, path: string, json?: unknown, method = 'POST') {
	return request(server.url, path, { method, ...(json !== undefined ? { json } : {}), headers: { origin: server.url, ...(who ? { cookie: who.cookie } : {}) } });
}

interface Declared {
	purpose?: 'file' | 'cover' | 'preview';
	fileName: string;
	contentType: string;
	sizeBytes?: number;
	sha256?: string;
}

async function slot(who: TestUser, bytes: Uint8Array, d: Declared, prefix = '/api/v1/studio') {
	const res = await api(who, `${prefix}/uploads`, { purpose: 'file', sizeBytes: bytes.byteLength, sha256: sha256(bytes), ...d });
	expect(res.status, res.text).toBe(200);
	return res.body.data as { upload: { id: string; status: string }; put: { url: string; method: string; headers: Record<string, string>; expiresAt: string } };
}

function put(s: { put: { url: string; headers: Record<string, string> } }, bytes: Uint8Array, url = s.put.url) {
	return fetch(url, { method: 'PUT', headers: s.put.headers, body: Buffer.from(bytes) });
}

async function keyOf(id: string): Promise<string> {
	const [row] = await sql<{ storage_key: string }>(server.url, 'SELECT storage_key FROM uploads WHERE id = $1', [id]);
	return row!.storage_key;
}
const objectExists = (key: string) => existsSync(join(server.dataDir, 'files', 'objects', key));

async function upload(who: TestUser, bytes: Uint8Array, d: Declared, prefix = '/api/v1/studio') {
	const s = await slot(who, bytes, d, prefix);
	const sent = await put(s, bytes);
	expect(sent.status, await sent.clone().text()).toBe(200);
	return { slot: s, complete: await api(who, `${prefix}/uploads/${s.upload.id}/complete`) };
}

describe('upload slot → PUT → complete', () => {
	it('verifies a real PDF and a real DOCX, and the stored bytes are the sent ones', async () => {
		const pdf = pdfBytes('Giáo án Toán 6', ['Bài 1: Tập hợp', 'Bài 2: Số tự nhiên']);
		const { slot: s, complete } = await upload(author, pdf, { fileName: 'giao-an-toan-6.pdf', contentType: 'application/pdf' });
		expect(s.put.method).toBe('PUT');
		expect(Date.parse(s.put.expiresAt)).toBeGreaterThan(Date.now());
		expect(complete.status, complete.text).toBe(200);
		expect(complete.body.data).toMatchObject({ id: s.upload.id, status: 'verified', detectedType: 'application/pdf', sizeBytes: pdf.byteLength, sha256: sha256(pdf) });
		const key = await keyOf(s.upload.id);
		expect(objectExists(key)).toBe(true);
		// Completing again answers the same verified slot.
		expect((await api(author, `/api/v1/studio/uploads/${s.upload.id}/complete`)).body.data.status).toBe('verified');
		// A verified object cannot be replaced through its (still valid) PUT URL.
		expect((await put(s, pdf)).status).toBe(409);

		const docx = docxBytes('Phiếu học tập', ['Câu 1', 'Câu 2']);
		const d = await upload(author, docx, { fileName: 'phieu-hoc-tap.docx', contentType: DOCX });
		expect(d.complete.status, d.complete.text).toBe(200);
		expect(d.complete.body.data).toMatchObject({ status: 'verified', detectedType: DOCX });
	});

	it('refuses a PNG named .pdf with a Vietnamese message and deletes its bytes', async () => {
		const { slot: s, complete } = await upload(author, PNG, { fileName: 'bai-giang.pdf', contentType: 'application/pdf' });
		expect(complete.status, complete.text).toBe(400);
		expect(complete.body.error.code).toBe('validation_error');
		expect(complete.body.error.details.reason).toBe('type_mismatch');
		expect(complete.body.error.details.detectedType).toBe('image/png');
		expect(complete.body.error.message).toMatch(/không khớp/);
		expect(objectExists(await keyOf(s.upload.id))).toBe(false);
		const [row] = await sql<{ status: string; failure_reason: string }>(server.url, 'SELECT status, failure_reason FROM uploads WHERE id = $1', [s.upload.id]);
		expect(row).toEqual({ status: 'failed', failure_reason: 'type_mismatch' });
		// A failed slot stays failed.
		expect((await api(author, `/api/v1/studio/uploads/${s.upload.id}/complete`)).status).toBe(409);
	});

	it('refuses at slot creation a file over the limit, a type not allowed for the purpose, and a wrong extension', async () => {
		const big = await api(author, '/api/v1/studio/uploads', { purpose: 'cover', fileName: 'bia.png', contentType: 'image/png', sizeBytes: 4096, sha256: sha256(PNG) });
		expect(big.status).toBe(400);
		expect(big.body.error.details.reason).toBe('too_large');
		expect(big.body.error.message).toMatch(/quá lớn/);
		const huge = await api(author, '/api/v1/studio/uploads', { purpose: 'file', fileName: 'a.pdf', contentType: 'application/pdf', sizeBytes: 600 * 1024 ** 2, sha256: sha256(PNG) });
		expect(huge.body.error.details.reason).toBe('too_large');
		const pdfAsCover = await api(author, '/api/v1/studio/uploads', { purpose: 'cover', fileName: 'a.pdf', contentType: 'application/pdf', sizeBytes: 10, sha256: sha256(PNG) });
		expect(pdfAsCover.body.error.details.reason).toBe('type_not_allowed');
		const wrongExt = await api(author, '/api/v1/studio/uploads', { purpose: 'file', fileName: 'a.exe', contentType: 'application/pdf', sizeBytes: 10, sha256: sha256(PNG) });
		expect(wrongExt.body.error.details.reason).toBe('type_mismatch');
		const [{ n }] = (await sql<{ n: number }>(server.url, 'SELECT count(*)::int AS n FROM uploads WHERE owner_id = $1 AND file_name IN ($2, $3)', [author.userId, 'a.pdf', 'a.exe'])) as [{ n: number }];
		expect(n).toBe(0);
	});

	it('refuses bytes whose SHA-256 is not the declared one', async () => {
		const pdf = pdfBytes('Đề kiểm tra', ['Câu hỏi']);
		const { slot: s, complete } = await upload(author, pdf, { fileName: 'de.pdf', contentType: 'application/pdf', sha256: sha256(PNG) });
		expect(complete.status).toBe(400);
		expect(complete.body.error.details.reason).toBe('hash_mismatch');
		expect(complete.body.error.message).toMatch(/SHA-256/);
		expect(objectExists(await keyOf(s.upload.id))).toBe(false);
	});

	it('answers 403 to a tampered or expired PUT URL and cuts off a body larger than the slot', async () => {
		const pdf = pdfBytes('Sách', ['Trang 1']);
		const s = await slot(author, pdf, { fileName: 'sach.pdf', contentType: 'application/pdf' });
		const tampered = s.put.url.replace(/len=\d+/, `len=${pdf.byteLength * 10}`);
		const t = await put(s, pdf, tampered);
		expect(t.status).toBe(403);
		expect(((await t.json()) as any).error.code).toBe('forbidden');

		const bigger = new Uint8Array(pdf.byteLength + 1000);
		bigger.set(pdf);
		const cut = await put(s, bigger);
		expect(cut.status).toBe(413);
		expect(objectExists(await keyOf(s.upload.id))).toBe(false);
		// Streamed without a length up front, and far past it: still cut off at the declared size, and the
		// client reads the 413 (the rest is drained, not answered with a reset).
		const chunk = new Uint8Array(64 * 1024);
		const streamed = await fetch(s.put.url, {
			method: 'PUT',
			headers: s.put.headers,
			body: new ReadableStream({
				start(c) {
					c.enqueue(bigger);
					for (let i = 0; i < 16; i++) c.enqueue(chunk);
					c.close();
				}
			}),
			duplex: 'half'
		} as RequestInit);
		expect(streamed.status).toBe(413);
		expect(objectExists(await keyOf(s.upload.id))).toBe(false);
		expect((await api(author, `/api/v1/studio/uploads/${s.upload.id}/complete`)).body.error.details.reason).toBe('missing');

		// A refused slot's URL stays valid until it expires, so bytes sent again land; the sweep removes them.
		const wrongHash = await upload(author, pdf, { fileName: 'sach-2.pdf', contentType: 'application/pdf', sha256: sha256(PNG) });
		expect(wrongHash.complete.body.error.details.reason).toBe('hash_mismatch');
		expect((await put(wrongHash.slot, pdf)).status).toBe(200);
		const refusedKey = await keyOf(wrongHash.slot.upload.id);
		expect(objectExists(refusedKey)).toBe(true);

		await advanceClock(server.url, 2 * 3600 * 1000);
		const expired = await put(s, pdf);
		expect(expired.status).toBe(403);
		expect(((await expired.json()) as any).error.message).toMatch(/hết hạn/);
		// The sweep removes the expired slot (and would remove any bytes it had).
		const sweep = await request(server.url, '/api/v1/_test/uploads/sweep', { method: 'POST', json: {} });
		expect(sweep.body.data.expired).toBeGreaterThanOrEqual(1);
		const [row] = await sql<{ status: string }>(server.url, 'SELECT status FROM uploads WHERE id = $1', [s.upload.id]);
		expect(row!.status).toBe('expired');
		expect(objectExists(refusedKey)).toBe(false);
		const [refused] = await sql<{ status: string; swept: boolean }>(server.url, 'SELECT status, swept_at IS NOT NULL AS swept FROM uploads WHERE id = $1', [wrongHash.slot.upload.id]);
		expect(refused).toEqual({ status: 'failed', swept: true });
		// Nothing is left for a second pass.
		expect((await request(server.url, '/api/v1/_test/uploads/sweep', { method: 'POST', json: {} })).body.data.expired).toBe(0);
	});
});

interface MultipartSlot {
	upload: { id: string };
	put: null;
	multipart: { partBytes: number; parts: { partNumber: number; sizeBytes: number; url: string; headers: Record<string, string> }[] };
}

describe('multipart uploads (file-system store)', () => {
	it('cuts a file larger than one PUT to /files (BODY_SIZE_LIMIT, 512 KiB) into parts, sent in any order and assembled byte for byte', async () => {
		const wav = noiseWav(1_300_000);
		const s = (await slot(author, wav, { fileName: 'bai-hat-dai.wav', contentType: 'audio/wav' })) as unknown as MultipartSlot;
		expect(s.put).toBeNull();
		expect(s.multipart.partBytes).toBe(512 * 1024);
		expect(s.multipart.parts.map((p) => [p.partNumber, p.sizeBytes])).toEqual([
			[1, 524_288],
			[2, 524_288],
			[3, 1_300_000 - 2 * 524_288]
		]);
		const slice = (n: number) => Buffer.from(wav.subarray((n - 1) * 524_288, (n - 1) * 524_288 + s.multipart.parts[n - 1]!.sizeBytes));
		const sendPart = (n: number, body = slice(n)) => fetch(s.multipart.parts[n - 1]!.url, { method: 'PUT', headers: s.multipart.parts[n - 1]!.headers, body });
		const md5 = (b: Uint8Array) => `"${createHash('md5').update(b).digest('hex')}"`;
		const etags: Record<number, string> = {};
		for (const n of [3, 1]) {
			const res = await sendPart(n);
			expect(res.status, await res.clone().text()).toBe(200);
			etags[n] = res.headers.get('etag')!;
			expect(etags[n]).toBe(md5(slice(n)));
		}
		// A part must be exactly its size; a shorter one is not kept.
		const short = await sendPart(2, slice(2).subarray(0, 1000));
		expect(short.status).toBe(400);
		expect((await short.json()).error.message).toMatch(/đúng 524288 byte/);
		// Another part's link cannot carry this part: the part number is signed.
		const forged = s.multipart.parts[0]!.url.replace('part=1', 'part=2');
		expect((await fetch(forged, { method: 'PUT', headers: s.multipart.parts[0]!.headers, body: slice(2) })).status).toBe(403);

		const complete = (parts: unknown) => api(author, `/api/v1/studio/uploads/${s.upload.id}/complete`, { parts });
		const missingList = await complete([{ partNumber: 1, etag: etags[1] }, { partNumber: 3, etag: etags[3] }]);
		expect(missingList.status).toBe(400);
		expect(missingList.body.error.details.reason).toBe('parts_missing');
		expect(missingList.body.error.message).toMatch(/đủ 3 phần/);
		// Part 2 was never stored: the slot stays open.
		const notSent = await complete([1, 2, 3].map((n) => ({ partNumber: n, etag: etags[n] ?? md5(slice(n)) })));
		expect(notSent.status).toBe(400);
		expect(notSent.body.error.details.reason).toBe('parts_missing');
		const [row] = await sql<{ status: string }>(server.url, 'SELECT status FROM uploads WHERE id = $1', [s.upload.id]);
		expect(row!.status).toBe('pending');

		etags[2] = (await sendPart(2)).headers.get('etag')!;
		const wrongTag = await complete([1, 2, 3].map((n) => ({ partNumber: n, etag: n === 1 ? md5(slice(2)) : etags[n] })));
		expect(wrongTag.status).toBe(400);
		const done = await complete([3, 1, 2].map((n) => ({ partNumber: n, etag: etags[n] })));
		expect(done.status, done.text).toBe(200);
		expect(done.body.data).toMatchObject({ status: 'verified', detectedType: 'audio/wav', sizeBytes: wav.byteLength, sha256: sha256(wav) });
		const stored = readFileSync(join(server.dataDir, 'files', 'objects', await keyOf(s.upload.id)));
		expect(sha256(stored)).toBe(sha256(wav));
		expect(existsSync(join(server.dataDir, 'files', 'multipart'))).toBe(true);
		expect(readdirSync(join(server.dataDir, 'files', 'multipart'))).not.toContain(s.upload.id);
		// Assembled: its parts are gone and no part can be sent any more.
		expect((await sendPart(1)).status).toBe(409);
	});

	it('refuses to complete a multipart slot without its parts, and sweeps the parts of one never completed', async () => {
		const wav = noiseWav(600_000);
		const s = (await slot(author, wav, { fileName: 'bai-hat.wav', contentType: 'audio/wav' })) as unknown as MultipartSlot;
		expect(s.multipart.parts).toHaveLength(2);
		const bare = await api(author, `/api/v1/studio/uploads/${s.upload.id}/complete`, {});
		expect(bare.status).toBe(400);
		expect(bare.body.error.details.fields[0].path).toBe('parts');
		expect((await fetch(s.multipart.parts[0]!.url, { method: 'PUT', headers: s.multipart.parts[0]!.headers, body: Buffer.from(wav.subarray(0, 524_288)) })).status).toBe(200);
		const [row] = await sql<{ multipart_upload_id: string }>(server.url, 'SELECT multipart_upload_id FROM uploads WHERE id = $1', [s.upload.id]);
		const partsDir = join(server.dataDir, 'files', 'multipart', row!.multipart_upload_id);
		expect(existsSync(partsDir)).toBe(true);
		await advanceClock(server.url, 2 * 3600_000);
		const sweep = await request(server.url, '/api/v1/_test/uploads/sweep', { method: 'POST', json: {} });
		expect(sweep.body.data.expired).toBeGreaterThanOrEqual(1);
		expect(existsSync(partsDir)).toBe(false);
		const [after] = await sql<{ status: string }>(server.url, 'SELECT status FROM uploads WHERE id = $1', [s.upload.id]);
		expect(after!.status).toBe('expired');
	});
});

describe('duplicates', () => {
	it('refuses another author\'s file (409) and lists it for staff; the same author may upload it again', async () => {
		const pdf = pdfBytes('Tài liệu gốc', ['Nội dung độc quyền', String(Math.random())]);
		const first = await upload(author, pdf, { fileName: 'goc.pdf', contentType: 'application/pdf' });
		expect(first.complete.body.data.status).toBe('verified');
		const again = await upload(author, pdf, { fileName: 'goc-ban-2.pdf', contentType: 'application/pdf' });
		expect(again.complete.body.data.status).toBe('verified');

		const copy = await upload(otherAuthor, pdf, { fileName: 'sao-chep.pdf', contentType: 'application/pdf' });
		expect(copy.complete.status).toBe(409);
		expect(copy.complete.body.error.code).toBe('duplicate_file');
		expect(copy.complete.body.error.message).toMatch(/tác giả khác/);
		expect(objectExists(await keyOf(copy.slot.upload.id))).toBe(false);

		const flagged = await api(staff, '/api/v1/admin/uploads?flag=duplicate', undefined, 'GET');
		expect(flagged.status, flagged.text).toBe(200);
		const entry = flagged.body.data.find((u: any) => u.id === copy.slot.upload.id);
		expect(entry).toMatchObject({ ownerId: otherAuthor.userId, status: 'failed', failureReason: 'duplicate', duplicateOfId: first.slot.upload.id });
		expect(flagged.body.data.every((u: any) => u.duplicateOfId !== null)).toBe(true);
	});
});

describe('who may upload', () => {
	it('studio routes: anonymous 401, buyers 403; staff use the admin twin, audited', async () => {
		const decl = { purpose: 'file', fileName: 'a.pdf', contentType: 'application/pdf', sizeBytes: 10, sha256: sha256(PNG) };
		const anon = await api(null, '/api/v1/studio/uploads', decl);
		expect(anon.status).toBe(401);
		expect(anon.body.error.code).toBe('unauthenticated');
		const asBuyer = await api(buyer, '/api/v1/studio/uploads', decl);
		expect(asBuyer.status).toBe(403);
		expect(asBuyer.body.error.code).toBe('forbidden');
		const id = '3c9e1f2a-0000-4000-8000-000000000000';
		expect((await api(null, `/api/v1/studio/uploads/${id}/complete`)).status).toBe(401);
		expect((await api(buyer, `/api/v1/studio/uploads/${id}/complete`)).status).toBe(403);

		const cover = await upload(staff, PNG, { purpose: 'cover', fileName: 'bia.png', contentType: 'image/png' }, '/api/v1/admin');
		expect(cover.complete.status, cover.complete.text).toBe(200);
		expect(cover.complete.body.data.detectedType).toBe('image/png');
		const audit = await sql<{ action: string }>(server.url, 'SELECT action FROM audit_log WHERE target_id = $1', [cover.slot.upload.id]);
		expect(audit.map((a) => a.action)).toEqual(['upload.verify']);
		// An author cannot complete someone else's slot: it looks missing.
		const mine = await slot(author, PNG, { purpose: 'preview', fileName: 'xem-truoc.png', contentType: 'image/png' });
		expect((await api(otherAuthor, `/api/v1/studio/uploads/${mine.upload.id}/complete`)).status).toBe(404);
	});
});
