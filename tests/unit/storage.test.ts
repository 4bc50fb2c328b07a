import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-storage-unit-'));
process.env.DATA_DIR = dataDir; // the signing secret is generated under it, never in the repository

const { asciiFileName, attachmentDisposition } = await import('../../src/lib/server/platform/storage/content-disposition');
const { isValidKey } = await import('../../src/lib/server/platform/storage/keys');
const { FsStorage } = await import('../../src/lib/server/platform/storage/fs-storage');
const { advanceClock, resetClock } = await import('../../src/lib/server/platform/clock');

afterAll(() => {
	resetClock();
	rmSync(dataDir, { recursive: true, force: true });
});

describe('Content-Disposition (RFC 6266 / 5987)', () => {
	it('gives an ASCII fallback and the exact UTF-8 name', () => {
		expect(attachmentDisposition('Bài hát Quê hương.mp3')).toBe(
			`attachment; filename="Bai hat Que huong.mp3"; filename*=UTF-8''B%C3%A0i%20h%C3%A1t%20Qu%C3%AA%20h%C6%B0%C6%A1ng.mp3`
		);
	});
	it('folds đ/Đ and neutralises quotes, slashes and control characters', () => {
		expect(asciiFileName('Đàn đá "Tây Nguyên".wav')).toBe('Dan da _Tay Nguyen_.wav');
		const header = attachmentDisposition('../../etc/pass\r\nwd "x".pdf');
		expect(header).not.toMatch(/[\r\n]/);
		expect(header).toContain('filename=".._.._etc_pass__wd _x_.pdf"');
		expect(header).toContain("filename*=UTF-8''.._.._etc_pass__wd%20%22x%22.pdf");
	});
	it('survives lone surrogates and over-long names', () => {
		expect(attachmentDisposition('a\ud800b.wav')).toBe(`attachment; filename="a_b.wav"; filename*=UTF-8''a_b.wav`);
		const long = attachmentDisposition('🎵'.repeat(300));
		expect(decodeURIComponent(long.split("''")[1]!)).toBe('🎵'.repeat(200));
	});
	it("percent-encodes RFC 5987's reserved characters", () => {
		expect(attachmentDisposition("It's (1)*.pdf")).toContain("filename*=UTF-8''It%27s%20%281%29%2A.pdf");
	});
});

describe('storage keys', () => {
	it.each(['products/abc/bai-hat.wav', 'a', 'x/y/z_1.2-3'])('accepts %s', (key) => expect(isValidKey(key)).toBe(true));
	it.each(['', '../x', 'a/../b', '/etc/passwd', 'a\\b', 'a//b', '.hidden', 'a/./b', 'a/', 'bài.wav', 'a b', 'a%2e%2e', 'x'.repeat(513)])(
		'rejects %j',
		(key) => expect(isValidKey(key)).toBe(false)
	);
});

describe('FsStorage', () => {
	let fs: InstanceType<typeof FsStorage>;
	const dir = join(dataDir, 'files');
	beforeAll(() => {
		fs = new FsStorage({ dir, baseUrl: 'https://hoclieu.test', maxPutBytes: 512 * 1024 });
	});

	it('puts, heads, opens and deletes objects', async () => {
		const bytes = new TextEncoder().encode('xin chào');
		await fs.put('k/one.txt', bytes, 'text/plain; charset=utf-8');
		expect(await fs.head('k/one.txt')).toEqual({ size: bytes.byteLength, contentType: 'text/plain; charset=utf-8' });
		const opened = await fs.open('k/one.txt');
		const chunks: Buffer[] = [];
		for await (const c of opened!.stream) chunks.push(c as Buffer);
		expect(Buffer.concat(chunks).toString('utf8')).toBe('xin chào');
		await fs.delete('k/one.txt');
		expect(await fs.head('k/one.txt')).toBeNull();
		expect(await fs.open('k/one.txt')).toBeNull();
		await fs.delete('k/one.txt'); // deleting twice is fine
		expect(readdirSync(join(dir, 'objects', 'k'))).toEqual([]); // no temporary files left behind
	});

	it('refuses keys that could leave the directory', async () => {
		for (const key of ['../escape.txt', '/abs.txt', 'a\\..\\b', 'a/../../b']) {
			await expect(fs.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow(/invalid storage key/);
			await expect(fs.signedGetUrl(key, 60, 'x')).rejects.toThrow(/invalid storage key/);
		}
	});

	it('signs links over key, expiry and name; any change or expiry invalidates them', async () => {
		const { url, expiresAt } = await fs.signedGetUrl('k/song.wav', 300, 'Bài hát.wav');
		const u = new URL(url);
		expect(u.origin + u.pathname).toBe('https://hoclieu.test/files/k/song.wav');
		const exp = u.searchParams.get('exp')!;
		const n = u.searchParams.get('n')!;
		const sig = u.searchParams.get('sig')!;
		expect(n).toBe('Bài hát.wav');
		expect(Number(exp) * 1000).toBe(expiresAt.getTime());
		expect(fs.verifyLink('k/song.wav', exp, n, sig)).toBe('ok');
		expect(fs.verifyLink('k/other.wav', exp, n, sig)).toBe('invalid');
		expect(fs.verifyLink('k/song.wav', String(Number(exp) + 3600), n, sig)).toBe('invalid');
		expect(fs.verifyLink('k/song.wav', exp, 'Khác.wav', sig)).toBe('invalid');
		expect(fs.verifyLink('k/song.wav', exp, n, sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA'))).toBe('invalid');
		expect(fs.verifyLink('k/song.wav', exp, n, null)).toBe('invalid');
		expect(fs.verifyLink('../k/song.wav', exp, n, sig)).toBe('invalid');
		advanceClock(301_000);
		expect(fs.verifyLink('k/song.wav', exp, n, sig)).toBe('expired');
		resetClock();
	});
});

describe('multipart planning and the upload origin', async () => {
	const { partSizes } = await import('../../src/lib/server/platform/storage/types');
	const { s3UploadOrigin } = await import('../../src/lib/server/platform/storage/s3-storage');
	const { adapterBodyLimit } = await import('../../src/lib/server/config');
	const { applySecurityHeaders } = await import('../../src/lib/server/http/security-headers');

	it('cuts an object into full parts and a shorter last one', () => {
		expect(partSizes(10, 4)).toEqual([4, 4, 2]);
		expect(partSizes(8, 4)).toEqual([4, 4]);
		expect(partSizes(3, 4)).toEqual([3]);
	});

	it('reads BODY_SIZE_LIMIT as adapter-node does', () => {
		expect(adapterBodyLimit(undefined)).toBe(512 * 1024);
		expect(adapterBodyLimit('10M')).toBe(10 * 1024 ** 2);
		expect(adapterBodyLimit('2g')).toBe(2 * 1024 ** 3);
		expect(adapterBodyLimit('65536')).toBe(65536);
		expect(adapterBodyLimit('Infinity')).toBe(Infinity);
		expect(() => adapterBodyLimit('lots')).toThrow(/BODY_SIZE_LIMIT/);
	});

	it('names the origin presigned URLs point at, and pages may connect to it', () => {
		expect(s3UploadOrigin({ bucket: 'hoclieu', region: 'ap-southeast-1', endpoint: undefined, forcePathStyle: false })).toBe('https://hoclieu.s3.ap-southeast-1.amazonaws.com');
		expect(s3UploadOrigin({ bucket: 'hoclieu', region: 'auto', endpoint: 'https://minio.hoclieu.vn:9000', forcePathStyle: true })).toBe('https://minio.hoclieu.vn:9000');
		const page = new Headers({ 'content-security-policy': "default-src 'self'; connect-src 'self'; img-src 'self'" });
		applySecurityHeaders(page, { production: false, uploadOrigin: 'https://hoclieu.s3.ap-southeast-1.amazonaws.com' });
		expect(page.get('content-security-policy')).toBe("default-src 'self'; connect-src 'self' https://hoclieu.s3.ap-southeast-1.amazonaws.com; img-src 'self'");
		const api = new Headers();
		applySecurityHeaders(api, { production: false, uploadOrigin: 'https://hoclieu.s3.ap-southeast-1.amazonaws.com' });
		expect(api.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
	});
});
