/**
 * The upload pipeline with S3 storage (s3rver): the slot answers a presigned
 * PUT straight to the bucket, completion reads the object back from S3 and
 * verifies it, and a refused file is deleted from the bucket.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../src/lib/server/platform/storage/s3-storage';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { wavBytes } from '../../src/lib/server/platform/storage/samples/wav';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { noiseWav } from '../helpers/noise-wav';
import { freePort, startServer, type TestServer } from '../helpers/server';

const BUCKET = 'hoclieu-uploads';
let s3: S3rver;
let s3Dir: string;
let bucket: S3Storage;
let server: TestServer;
let author: TestUser;

beforeAll(async () => {
	const port = await freePort();
	s3Dir = mkdtempSync(join(tmpdir(), 'hoclieu-s3rver-'));
	s3 = new S3rver({ address: '127.0.0.1', port, directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
	await s3.run();
	const endpoint = `http://127.0.0.1:${port}`;
	const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
	bucket = new S3Storage({ bucket: BUCKET, endpoint, region: 'us-east-1', credentials, forcePathStyle: true, timeoutMs: 2_000 });
	server = await startServer({
		env: {
			S3_BUCKET: BUCKET,
			S3_ENDPOINT: endpoint,
			S3_REGION: 'us-east-1',
			S3_ACCESS_KEY_ID: credentials.accessKeyId,
			S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
			S3_FORCE_PATH_STYLE: 'true',
			// S3's smallest part, so a multipart upload fits in a test.
			UPLOAD_MULTIPART_THRESHOLD_BYTES: String(5 * 1024 ** 2),
			UPLOAD_PART_BYTES: String(5 * 1024 ** 2)
		}
	});
	author = await createUser(server.url, { role: 'author' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
	bucket?.destroy();
	await s3?.close().catch(() => {});
	rmSync(s3Dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const post = (path: string, json?: unknown) =>
	request(server.url, path, { method: 'POST', ...(json !== undefined ? { json } : {}), headers: { origin: server.url, cookie: author.cookie } });

async function uploadViaS3(bytes: Uint8Array, fileName: string, contentType: string) {
	const slot = await post('/api/v1/studio/uploads', { purpose: 'file', fileName, contentType, sizeBytes: bytes.byteLength, sha256: sha256(bytes) });
	expect(slot.status, slot.text).toBe(200);
	const { upload, put } = slot.body.data;
	const url = new URL(put.url);
	expect(url.pathname).toMatch(new RegExp(`^/${BUCKET}/uploads/${author.userId}/${upload.id}$`));
	expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
	const sent = await fetch(put.url, { method: 'PUT', headers: put.headers, body: Buffer.from(bytes) });
	expect(sent.status, await sent.clone().text()).toBe(200);
	const [row] = await sql<{ storage_key: string }>(server.url, 'SELECT storage_key FROM uploads WHERE id = $1', [upload.id]);
	return { id: upload.id as string, key: row!.storage_key, complete: await post(`/api/v1/studio/uploads/${upload.id}/complete`) };
}

describe('uploads with S3 storage', () => {
	it('verifies a PDF sent with the presigned PUT, reading it back from the bucket', async () => {
		const pdf = pdfBytes('Giáo án Vật lý 8', ['Bài 1: Chuyển động']);
		const { key, complete } = await uploadViaS3(pdf, 'vat-ly-8.pdf', 'application/pdf');
		expect(complete.status, complete.text).toBe(200);
		expect(complete.body.data).toMatchObject({ status: 'verified', detectedType: 'application/pdf', sha256: sha256(pdf) });
		expect(await bucket.head(key)).toEqual({ size: pdf.byteLength, contentType: 'application/pdf' });
	});

	it('refuses a WAV declared as a PDF and deletes it from the bucket', async () => {
		const wav = wavBytes();
		const { key, complete } = await uploadViaS3(wav, 'bai-hat.pdf', 'application/pdf');
		expect(complete.status).toBe(400);
		expect(complete.body.error.details).toMatchObject({ reason: 'type_mismatch', detectedType: 'audio/wav' });
		expect(await bucket.head(key)).toBeNull();
	});

	it('sends a file over the threshold as presigned parts and assembles them in the bucket', async () => {
		const wav = noiseWav(11 * 1024 ** 2 + 123);
		const slot = await post('/api/v1/studio/uploads', { purpose: 'file', fileName: 'bai-hat-dai.wav', contentType: 'audio/wav', sizeBytes: wav.byteLength, sha256: sha256(wav) });
		expect(slot.status, slot.text).toBe(200);
		const { upload, put, multipart } = slot.body.data;
		expect(put).toBeNull();
		expect(multipart.parts.map((p: { sizeBytes: number }) => p.sizeBytes)).toEqual([5 * 1024 ** 2, 5 * 1024 ** 2, 1024 ** 2 + 123]);
		const parts: { partNumber: number; etag: string }[] = [];
		let offset = 0;
		for (const part of multipart.parts as { partNumber: number; sizeBytes: number; url: string; headers: Record<string, string> }[]) {
			const url = new URL(part.url);
			expect(url.searchParams.get('partNumber')).toBe(String(part.partNumber));
			expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
			const res = await fetch(part.url, { method: 'PUT', headers: part.headers, body: Buffer.from(wav.subarray(offset, offset + part.sizeBytes)) });
			expect(res.status, await res.clone().text()).toBe(200);
			parts.push({ partNumber: part.partNumber, etag: res.headers.get('etag')! });
			offset += part.sizeBytes;
		}
		const incomplete = await post(`/api/v1/studio/uploads/${upload.id}/complete`, { parts: parts.slice(0, 2) });
		expect(incomplete.status).toBe(400);
		expect(incomplete.body.error.details.reason).toBe('parts_missing');
		const complete = await post(`/api/v1/studio/uploads/${upload.id}/complete`, { parts: parts.reverse() });
		expect(complete.status, complete.text).toBe(200);
		expect(complete.body.data).toMatchObject({ status: 'verified', detectedType: 'audio/wav', sizeBytes: wav.byteLength, sha256: sha256(wav) });
		const [row] = await sql<{ storage_key: string }>(server.url, 'SELECT storage_key FROM uploads WHERE id = $1', [upload.id]);
		expect(await bucket.head(row!.storage_key)).toEqual({ size: wav.byteLength, contentType: 'audio/wav' });
	});
});
