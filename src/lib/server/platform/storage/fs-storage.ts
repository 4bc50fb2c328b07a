/**
 * The embedded default (docs/architecture.md#files): objects under `<DATA_DIR>/files`,
 * served by the app's `/files/<key>?exp=&n=&sig=` route. Links are HMAC-signed
 * (purpose `file-link`) over key, expiry and download name, so none of them
 * can be changed without the secret; expiry follows the service clock.
 *
 * Layout: bytes at `objects/<key>`, `{ contentType, size }` at `meta/<key>.json`,
 * parts of a multipart upload at `multipart/<uploadId>/<n>` until assembled.
 * Writes go to a temporary file first and are renamed into place, so readers
 * never see half a file.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nowMs } from '../clock';
import { hmac, safeEqual } from '../signing';
import { assertValidKey, isValidKey } from './keys';
import { partSizes, type MultipartCompletion, type ObjectStorage, type SignedMultipartPut, type SignedPut, type SignedUrl, type StoredObject, type UploadedPart } from './types';

export interface FsStorageOptions {
	dir: string;
	/** Public origin the links point at, e.g. `https://hoclieu.vn`. */
	baseUrl: string;
	/** adapter-node's BODY_SIZE_LIMIT: the /files route cannot take a larger PUT, so larger uploads go in parts. */
	maxPutBytes: number;
}

export type LinkCheck = 'ok' | 'invalid' | 'expired';

export type PutLinkCheck =
	| { status: 'invalid' | 'expired' }
	| { status: 'ok'; size: number; contentType: string; part: { uploadId: string; partNumber: number } | null };

export type StreamPutResult = 'stored' | 'too_large' | 'exists';

export type PartPutResult = { status: 'stored'; etag: string } | { status: 'too_large' } | { status: 'too_small' } | { status: 'exists' };

function putPayload(key: string, exp: string, size: string, contentType: string): string {
	return `${key}\n${exp}\n${size}\n${contentType}`;
}

/** A part's link also binds the upload and the part number, so a part cannot be sent as another. */
function partPayload(key: string, uploadId: string, partNumber: string, exp: string, size: string, contentType: string): string {
	return `${key}\n${uploadId}\n${partNumber}\n${exp}\n${size}\n${contentType}`;
}

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The md5 of a part, quoted like S3's ETag. */
const etagOf = (hash: ReturnType<typeof createHash>) => `"${hash.digest('hex')}"`;

class TooLarge extends Error {}

/**
 * A request body's chunks for `pipeline`, each shown to `seen` first; TooLarge
 * once they pass `maxBytes`. However it ends, the body's reader is released,
 * never cancelled: cancelling SvelteKit's request stream destroys the socket
 * before the 413 is written, and the client sees a reset instead. What is left
 * unread is drained after the answer by hooks.server.ts within its budget, or
 * the connection closes after it (rest/body.ts, settleBody).
 */
function chunksUpTo(body: ReadableStream<Uint8Array>, maxBytes: number, seen: (chunk: Uint8Array) => void) {
	return async function* () {
		const reader = body.getReader();
		let received = 0;
		try {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) return;
				received += value.byteLength;
				if (received > maxBytes) throw new TooLarge();
				seen(value);
				yield value;
			}
		} finally {
			reader.releaseLock();
		}
	};
}

function linkPayload(key: string, exp: string, name: string): string {
	return `${key}\n${exp}\n${name}`;
}

export class FsStorage implements ObjectStorage {
	readonly kind = 'fs' as const;
	readonly maxPutBytes: number;
	readonly uploadOrigin = null;
	private readonly objectsDir: string;
	private readonly metaDir: string;
	private readonly partsDir: string;

	constructor(private readonly options: FsStorageOptions) {
		this.objectsDir = resolve(options.dir, 'objects');
		this.metaDir = resolve(options.dir, 'meta');
		this.partsDir = resolve(options.dir, 'multipart');
		this.maxPutBytes = options.maxPutBytes;
	}

	private partsOf(uploadId: string): string {
		if (!UPLOAD_ID.test(uploadId)) throw new Error('not a multipart upload id');
		return this.inside(this.partsDir, uploadId);
	}

	/** Resolves inside `root` or throws; the key grammar already forbids escapes, this is the second lock. */
	private inside(root: string, relative: string): string {
		const full = resolve(root, relative);
		if (!full.startsWith(root + sep)) throw new Error('storage path escapes its directory');
		return full;
	}

	private paths(key: string): { object: string; meta: string } {
		assertValidKey(key);
		return { object: this.inside(this.objectsDir, key), meta: this.inside(this.metaDir, `${key}.json`) };
	}

	private async writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
		await mkdir(dirname(path), { recursive: true });
		const tmp = `${path}.${randomUUID()}.tmp`;
		try {
			await writeFile(tmp, data);
			await rename(tmp, path);
		} catch (error) {
			await rm(tmp, { force: true });
			throw error;
		}
	}

	async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
		const p = this.paths(key);
		await this.writeAtomically(p.object, bytes);
		const meta: StoredObject = { size: bytes.byteLength, contentType };
		await this.writeAtomically(p.meta, JSON.stringify(meta));
	}

	async delete(key: string): Promise<void> {
		const p = this.paths(key);
		await rm(p.meta, { force: true });
		await rm(p.object, { force: true });
	}

	async head(key: string): Promise<StoredObject | null> {
		const p = this.paths(key);
		try {
			const [info, meta] = await Promise.all([stat(p.object), readFile(p.meta, 'utf8')]);
			if (!info.isFile()) return null;
			const parsed = JSON.parse(meta) as Partial<StoredObject>;
			return { size: info.size, contentType: parsed.contentType ?? 'application/octet-stream' };
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
			throw error;
		}
	}

	async signedGetUrl(key: string, ttlSeconds: number, downloadName: string): Promise<SignedUrl> {
		assertValidKey(key);
		const expiresAtMs = nowMs() + ttlSeconds * 1000;
		const exp = String(Math.floor(expiresAtMs / 1000));
		const query = new URLSearchParams({ exp, n: downloadName, sig: hmac('file-link', linkPayload(key, exp, downloadName)) });
		return { url: `${this.options.baseUrl}/files/${key}?${query}`, expiresAt: new Date(Number(exp) * 1000) };
	}

	/** Checks a link's signature, then its expiry against the service clock. */
	verifyLink(key: string, exp: string | null, name: string | null, sig: string | null): LinkCheck {
		if (!isValidKey(key) || exp === null || name === null || sig === null || !/^\d{1,12}$/.test(exp)) return 'invalid';
		if (!safeEqual(sig, hmac('file-link', linkPayload(key, exp, name)))) return 'invalid';
		return Number(exp) * 1000 <= nowMs() ? 'expired' : 'ok';
	}

	/** An upload slot's PUT target: the app's `/files/<key>` route, signed (purpose `upload-link`) over key, expiry, size and type. */
	async signedPutUrl(key: string, ttlSeconds: number, object: StoredObject): Promise<SignedPut> {
		assertValidKey(key);
		const exp = String(Math.floor((nowMs() + ttlSeconds * 1000) / 1000));
		const len = String(object.size);
		const sig = hmac('upload-link', putPayload(key, exp, len, object.contentType));
		const query = new URLSearchParams({ exp, len, ct: object.contentType, sig });
		return {
			url: `${this.options.baseUrl}/files/${key}?${query}`,
			method: 'PUT',
			headers: { 'content-type': object.contentType },
			expiresAt: new Date(Number(exp) * 1000)
		};
	}

	verifyPutLink(key: string, q: URLSearchParams): PutLinkCheck {
		const [exp, len, ct, sig] = [q.get('exp'), q.get('len'), q.get('ct'), q.get('sig')];
		const [uploadId, partNumber] = [q.get('upload'), q.get('part')];
		if (!isValidKey(key) || !exp || !len || !ct || !sig || !/^\d{1,12}$/.test(exp) || !/^\d{1,13}$/.test(len)) {
			return { status: 'invalid' };
		}
		const isPart = uploadId !== null || partNumber !== null;
		if (isPart && (!uploadId || !UPLOAD_ID.test(uploadId) || !partNumber || !/^[1-9]\d{0,4}$/.test(partNumber))) return { status: 'invalid' };
		const expected = isPart ? hmac('upload-part-link', partPayload(key, uploadId!, partNumber!, exp, len, ct)) : hmac('upload-link', putPayload(key, exp, len, ct));
		if (!safeEqual(sig, expected)) return { status: 'invalid' };
		if (Number(exp) * 1000 <= nowMs()) return { status: 'expired' };
		return { status: 'ok', size: Number(len), contentType: ct, part: isPart ? { uploadId: uploadId!, partNumber: Number(partNumber) } : null };
	}

	/** No state until the first part arrives: the upload id only names the folder its parts go to. */
	async signedMultipartPut(key: string, ttlSeconds: number, object: StoredObject, partBytes: number): Promise<SignedMultipartPut> {
		assertValidKey(key);
		const uploadId = randomUUID();
		const exp = String(Math.floor((nowMs() + ttlSeconds * 1000) / 1000));
		const parts = partSizes(object.size, partBytes).map((sizeBytes, i) => {
			const [part, len] = [String(i + 1), String(sizeBytes)];
			const sig = hmac('upload-part-link', partPayload(key, uploadId, part, exp, len, object.contentType));
			const query = new URLSearchParams({ upload: uploadId, part, exp, len, ct: object.contentType, sig });
			// adapter-node hands a route no body at all without a Content-Type.
			return { partNumber: i + 1, sizeBytes, url: `${this.options.baseUrl}/files/${key}?${query}`, headers: { 'content-type': 'application/octet-stream' } };
		});
		return { uploadId, parts, expiresAt: new Date(Number(exp) * 1000) };
	}

	/**
	 * Streams one part into `multipart/<uploadId>/<n>`: exactly `size` bytes or
	 * nothing is kept. A part may be sent again (the newer one wins), as on S3.
	 */
	async putPart(key: string, uploadId: string, partNumber: number, body: ReadableStream<Uint8Array>, size: number, contentType: string): Promise<PartPutResult> {
		if (await this.head(key)) return { status: 'exists' };
		const dir = this.partsOf(uploadId);
		await mkdir(dir, { recursive: true });
		await writeFile(join(dir, 'content-type'), contentType);
		const target = join(dir, String(partNumber));
		const tmp = `${target}.${randomUUID()}.tmp`;
		const hash = createHash('md5');
		let received = 0;
		const source = chunksUpTo(body, size, (chunk) => {
			received += chunk.byteLength;
			hash.update(chunk);
		});
		try {
			await pipeline(source, createWriteStream(tmp, { flags: 'wx' }));
			if (received < size) {
				await rm(tmp, { force: true });
				return { status: 'too_small' };
			}
			await rename(tmp, target);
		} catch (error) {
			await rm(tmp, { force: true });
			if (error instanceof TooLarge) return { status: 'too_large' };
			throw error;
		}
		return { status: 'stored', etag: etagOf(hash) };
	}

	async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<MultipartCompletion> {
		const p = this.paths(key);
		if (await this.head(key)) return 'completed';
		const dir = this.partsOf(uploadId);
		const contentType = await readFile(join(dir, 'content-type'), 'utf8').catch(() => null);
		if (contentType === null) return 'invalid_part';
		await mkdir(dirname(p.object), { recursive: true });
		const tmp = `${p.object}.${randomUUID()}.tmp`;
		const out = createWriteStream(tmp, { flags: 'wx' });
		let size = 0;
		try {
			for (const part of parts) {
				const hash = createHash('md5');
				try {
					for await (const chunk of createReadStream(join(dir, String(part.partNumber))) as AsyncIterable<Buffer>) {
						hash.update(chunk);
						size += chunk.byteLength;
						if (!out.write(chunk)) await once(out, 'drain');
					}
				} catch (error) {
					// A concurrent completion may have assembled and removed the parts already.
					if ((error as NodeJS.ErrnoException).code === 'ENOENT') return (await this.head(key)) ? 'completed' : 'invalid_part';
					throw error;
				}
				if (etagOf(hash) !== part.etag) return 'invalid_part';
			}
			out.end();
			await once(out, 'finish');
			await rename(tmp, p.object);
		} finally {
			out.destroy();
			await rm(tmp, { force: true });
		}
		await this.writeAtomically(p.meta, JSON.stringify({ size, contentType } satisfies StoredObject));
		await rm(dir, { recursive: true, force: true });
		return 'completed';
	}

	async abortMultipart(key: string, uploadId: string): Promise<void> {
		assertValidKey(key);
		await rm(this.partsOf(uploadId), { recursive: true, force: true });
	}

	/**
	 * Streams a request body into place: a temporary file, renamed only when the
	 * whole body arrived within `maxBytes`, so an interrupted or oversized upload
	 * leaves nothing behind. An existing object is never replaced, so bytes
	 * cannot change under a verification that already ran.
	 */
	async putStream(key: string, body: ReadableStream<Uint8Array>, maxBytes: number, contentType: string): Promise<StreamPutResult> {
		const p = this.paths(key);
		if (await this.head(key)) return 'exists';
		await mkdir(dirname(p.object), { recursive: true });
		const tmp = `${p.object}.${randomUUID()}.tmp`;
		let received = 0;
		const source = chunksUpTo(body, maxBytes, (chunk) => (received += chunk.byteLength));
		try {
			await pipeline(source, createWriteStream(tmp, { flags: 'wx' }));
			await rename(tmp, p.object);
		} catch (error) {
			await rm(tmp, { force: true });
			if (error instanceof TooLarge) return 'too_large';
			throw error;
		}
		await this.writeAtomically(p.meta, JSON.stringify({ size: received, contentType } satisfies StoredObject));
		return 'stored';
	}

	async read(key: string): Promise<Readable | null> {
		const opened = await this.open(key);
		return opened?.stream ?? null;
	}

	/** The object's bytes as a stream, with its metadata; null when missing. */
	async open(key: string): Promise<{ stream: Readable; object: StoredObject } | null> {
		const p = this.paths(key);
		// One handle for size and bytes, so a concurrent replace cannot make Content-Length lie.
		const handle = await open(p.object, 'r').catch((error: NodeJS.ErrnoException) => {
			if (error.code === 'ENOENT') return null;
			throw error;
		});
		if (!handle) return null;
		try {
			const info = await handle.stat();
			const meta = JSON.parse(await readFile(p.meta, 'utf8')) as Partial<StoredObject>;
			if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
			const object = { size: info.size, contentType: meta.contentType ?? 'application/octet-stream' };
			return { stream: handle.createReadStream({ autoClose: true }), object };
		} catch (error) {
			await handle.close();
			if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
			throw error;
		}
	}

	async ping(): Promise<void> {
		await mkdir(this.objectsDir, { recursive: true });
		await access(this.objectsDir, constants.W_OK);
	}
}
