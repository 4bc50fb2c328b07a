/**
 * S3Storage against a real S3 endpoint: s3rver, started here on a free port
 * with a temporary directory. First the storage class on its own (put, head,
 * presigned GET fetched over HTTP, delete), then the built server configured
 * with S3_* variables serving music downloads from it. s3rver's signature
 * checks are not trusted to prove anything about signing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, request, sql } from '../helpers/http';
import { createProduct, storeFile } from '../helpers/music-fixtures';
import { freePort, startServer, type TestServer } from '../helpers/server';
import { S3Storage } from '../../src/lib/server/platform/storage/s3-storage';
import { sampleFile } from '../../src/lib/server/platform/storage/sample-files';

const BUCKET = 'hoclieu-test';
const HEALTH_TOKEN = 'h'.repeat(40);
const song = sampleFile('MUSIC', 'Bài hát Quê hương');
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let storage: S3Storage;

beforeAll(async () => {
	const port = await freePort();
	s3Dir = mkdtempSync(join(tmpdir(), 'hoclieu-s3rver-'));
	s3 = new S3rver({ address: '127.0.0.1', port, directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
	await s3.run();
	endpoint = `http://127.0.0.1:${port}`;
	storage = new S3Storage({
		bucket: BUCKET,
		endpoint,
		region: 'us-east-1',
		credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
		forcePathStyle: true,
		timeoutMs: 2_000
	});
});

afterAll(async () => {
	storage?.destroy();
	await s3?.close().catch(() => {});
	rmSync(s3Dir, { recursive: true, force: true });
});

describe('S3Storage against s3rver', () => {
	it('puts an object, presigns a GET that returns its bytes as a named attachment, and deletes it', async () => {
		const key = 'samples/que-huong.wav';
		await storage.put(key, song.bytes, song.contentType);
		expect(await storage.head(key)).toEqual({ size: song.bytes.byteLength, contentType: 'audio/wav' });

		const signed = await storage.signedGetUrl(key, 120, 'Bài hát Quê hương.wav');
		const u = new URL(signed.url);
		expect(u.origin).toBe(endpoint);
		expect(u.pathname).toBe(`/${BUCKET}/${key}`);
		expect(u.searchParams.get('X-Amz-Expires')).toBe('120');
		expect(signed.expiresAt.getTime() - Date.now()).toBeGreaterThan(110_000);

		const res = await fetch(signed.url);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-disposition')).toBe(
			`attachment; filename="Bai hat Que huong.wav"; filename*=UTF-8''B%C3%A0i%20h%C3%A1t%20Qu%C3%AA%20h%C6%B0%C6%A1ng.wav`
		);
		expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(song.bytes))).toBe(true);

		await storage.delete(key);
		expect(await storage.head(key)).toBeNull();
		expect((await fetch((await storage.signedGetUrl(key, 120, 'x.wav')).url)).status).toBe(404);
		await storage.delete(key); // deleting a missing key is not an error
		await storage.ping();
	});
});

describe('music downloads with S3 storage', () => {
	let server: TestServer;
	beforeAll(async () => {
		server = await startServer({
			env: {
				S3_BUCKET: BUCKET,
				S3_ENDPOINT: endpoint,
				S3_REGION: 'us-east-1',
				S3_ACCESS_KEY_ID: 'S3RVER',
				S3_SECRET_ACCESS_KEY: 'S3RVER',
				S3_FORCE_PATH_STYLE: 'true',
				S3_TIMEOUT_MS: '1000',
				HEALTH_TOKEN: HEALTH_TOKEN
			}
		});
	});
	afterAll(async () => {
		await server?.stop();
	});

	it('reports the bucket in the health probe', async () => {
		const health = await request(server.url, '/api/health', { headers: { 'x-health-token': HEALTH_TOKEN } });
		expect(health.status).toBe(200);
		expect(health.body.checks.storage.ok).toBe(true);
	});

	it('grants a presigned S3 URL that returns the stored file', async () => {
		const id = await createProduct(server.url, { priceVnd: '0' });
		const [row] = await sql<{ file_key: string }>(server.url, 'SELECT file_key FROM products WHERE id = $1', [id]);
		await storeFile(server.url, row!.file_key, song.bytes, song.contentType);
		expect(await storage.head(row!.file_key)).toEqual({ size: song.bytes.byteLength, contentType: 'audio/wav' });

		const user = await createUser(server.url);
		const res = await request(server.url, `/api/v1/music/${id}/download`, { method: 'POST', headers: { cookie: user.cookie } });
		expect(res.status).toBe(200);
		expect(new URL(res.body.signedUrl).origin).toBe(endpoint);
		const file = await fetch(res.body.signedUrl);
		expect(file.status).toBe(200);
		expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(song.bytes))).toBe(true);
		expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''B%C3%A0i%20h%C3%A1t");

		// The app's own file route only serves FsStorage links.
		const local = await fetch(`${server.url}/files/${row!.file_key}?exp=9999999999&n=x&sig=x`);
		expect(local.status).toBe(404);
	});

	it('answers 503 and uses no quota when S3 cannot be reached', async () => {
		const id = await createProduct(server.url, { priceVnd: '0' });
		const user = await createUser(server.url);
		await s3.close();
		const started = Date.now();
		const res = await request(server.url, `/api/v1/music/${id}/download`, { method: 'POST', headers: { cookie: user.cookie } });
		expect(res.status).toBe(503);
		expect(res.body.error.code).toBe('service_unavailable');
		expect(Date.now() - started).toBeLessThan(5_000);
		const q = await request(server.url, '/api/v1/music/quota', { headers: { cookie: user.cookie } });
		expect(q.body.used).toBe(0);

		const health = await request(server.url, '/api/health', { headers: { 'x-health-token': HEALTH_TOKEN } });
		expect(health.status).toBe(503);
		expect(health.body.status).toBe('degraded');
		expect(health.body.checks.storage.ok).toBe(false);
		expect(health.body.checks.storage.latencyMs).toBeLessThan(1_500);
		expect(health.body.checks.database.ok).toBe(true);
	});
});
