/**
 * Production storage (docs/architecture.md#files): any S3-compatible service. Downloads
 * are presigned GETs that carry the attachment name (`response-content-
 * disposition`), so the bytes never pass through the app. Presigning uses the
 * service clock, so the URL's lifetime and the reported `expiresAt` agree.
 *
 * The AWS SDK is loaded at the first call, not when the module is: it was a fifth of the modules
 * every process loaded at start-up, and a process on file storage (the embedded default, every
 * test server) never uses it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { now } from '../clock';
import { attachmentDisposition } from './content-disposition';
import { assertValidKey } from './keys';
import { partSizes, type MultipartCompletion, type ObjectStorage, type SignedMultipartPut, type SignedPut, type SignedUrl, type StoredObject, type UploadedPart } from './types';

export interface S3StorageOptions {
	bucket: string;
	endpoint?: string;
	region: string;
	credentials?: { accessKeyId: string; secretAccessKey: string };
	forcePathStyle: boolean;
	timeoutMs: number;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

interface Loaded {
	s3: S3Sdk;
	client: S3Client;
	presign: (typeof import('@aws-sdk/s3-request-presigner'))['getSignedUrl'];
}

function isNotFound(s3: S3Sdk, error: unknown): boolean {
	if (!(error instanceof s3.S3ServiceException)) return false;
	return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** The origin presigned URLs point at: the endpoint (path style) or the bucket's virtual host on it, AWS's by default. */
export function s3UploadOrigin(o: Pick<S3StorageOptions, 'bucket' | 'endpoint' | 'region' | 'forcePathStyle'>): string {
	const endpoint = new URL(o.endpoint ?? `https://s3.${o.region}.amazonaws.com`);
	return o.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${o.bucket}.${endpoint.host}`;
}

const s3Error = (s3: S3Sdk, error: unknown, ...names: string[]) => error instanceof s3.S3ServiceException && names.includes(error.name);

export class S3Storage implements ObjectStorage {
	readonly kind = 's3' as const;
	/** S3's limit for one PutObject or UploadPart. */
	readonly maxPutBytes = 5 * 1024 ** 3;
	readonly uploadOrigin: string;
	private loaded: Promise<Loaded> | undefined;

	constructor(private readonly options: S3StorageOptions) {
		this.uploadOrigin = s3UploadOrigin(options);
	}

	/** The SDK and the one client, made at the first call (see the top of this file). */
	private sdk(): Promise<Loaded> {
		this.loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([s3, presigner]) => ({
			s3,
			presign: presigner.getSignedUrl,
			client: new s3.S3Client({
				region: this.options.region,
				endpoint: this.options.endpoint,
				forcePathStyle: this.options.forcePathStyle,
				credentials: this.options.credentials,
				// Checksums only where S3 demands them: S3-compatible services (and s3rver) reject the newer default trailers.
				requestChecksumCalculation: 'WHEN_REQUIRED',
				responseChecksumValidation: 'WHEN_REQUIRED',
				maxAttempts: 2,
				requestHandler: { connectionTimeout: this.options.timeoutMs, requestTimeout: this.options.timeoutMs }
			})
		}));
		return this.loaded;
	}

	async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
		assertValidKey(key);
		const { s3, client } = await this.sdk();
		await client.send(
			new s3.PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength })
		);
	}

	async delete(key: string): Promise<void> {
		assertValidKey(key);
		const { s3, client } = await this.sdk();
		await client.send(new s3.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
	}

	async head(key: string): Promise<StoredObject | null> {
		assertValidKey(key);
		const { s3, client } = await this.sdk();
		try {
			const out = await client.send(new s3.HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
			return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
		} catch (error) {
			if (isNotFound(s3, error)) return null;
			throw error;
		}
	}

	async signedGetUrl(key: string, ttlSeconds: number, downloadName: string): Promise<SignedUrl> {
		assertValidKey(key);
		const { s3, client, presign } = await this.sdk();
		const signingDate = now();
		const url = await presign(
			client,
			new s3.GetObjectCommand({
				Bucket: this.options.bucket,
				Key: key,
				ResponseContentDisposition: attachmentDisposition(downloadName)
			}),
			{ expiresIn: ttlSeconds, signingDate }
		);
		// SigV4 dates have whole-second precision; report the expiry the URL really has.
		const signedAtMs = Math.floor(signingDate.getTime() / 1000) * 1000;
		return { url, expiresAt: new Date(signedAtMs + ttlSeconds * 1000) };
	}

	/** Presigned PUT; Content-Type and Content-Length are signed, so S3 refuses any other type or size. */
	async signedPutUrl(key: string, ttlSeconds: number, object: StoredObject): Promise<SignedPut> {
		assertValidKey(key);
		const { s3, client, presign } = await this.sdk();
		const signingDate = now();
		const url = await presign(
			client,
			new s3.PutObjectCommand({ Bucket: this.options.bucket, Key: key, ContentType: object.contentType, ContentLength: object.size }),
			{ expiresIn: ttlSeconds, signingDate, signableHeaders: new Set(['content-type', 'content-length']) }
		);
		const signedAtMs = Math.floor(signingDate.getTime() / 1000) * 1000;
		return { url, method: 'PUT', headers: { 'content-type': object.contentType }, expiresAt: new Date(signedAtMs + ttlSeconds * 1000) };
	}

	/**
	 * CreateMultipartUpload, then one presigned UploadPart per part with its
	 * Content-Length signed. Browsers read each part's ETag only if the bucket's
	 * CORS rule exposes it (README "Uploads").
	 */
	async signedMultipartPut(key: string, ttlSeconds: number, object: StoredObject, partBytes: number): Promise<SignedMultipartPut> {
		assertValidKey(key);
		const { s3, client, presign } = await this.sdk();
		const created = await client.send(new s3.CreateMultipartUploadCommand({ Bucket: this.options.bucket, Key: key, ContentType: object.contentType }));
		const uploadId = created.UploadId!;
		const signingDate = now();
		const parts = await Promise.all(
			partSizes(object.size, partBytes).map(async (sizeBytes, i) => ({
				partNumber: i + 1,
				sizeBytes,
				headers: {},
				url: await presign(
					client,
					new s3.UploadPartCommand({ Bucket: this.options.bucket, Key: key, UploadId: uploadId, PartNumber: i + 1, ContentLength: sizeBytes }),
					{ expiresIn: ttlSeconds, signingDate, signableHeaders: new Set(['content-length']) }
				)
			}))
		);
		const signedAtMs = Math.floor(signingDate.getTime() / 1000) * 1000;
		return { uploadId, parts, expiresAt: new Date(signedAtMs + ttlSeconds * 1000) };
	}

	async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<MultipartCompletion> {
		assertValidKey(key);
		const { s3, client } = await this.sdk();
		try {
			await client.send(
				new s3.CompleteMultipartUploadCommand({
					Bucket: this.options.bucket,
					Key: key,
					UploadId: uploadId,
					MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) }
				})
			);
			return 'completed';
		} catch (error) {
			if (s3Error(s3, error, 'InvalidPart', 'InvalidPartOrder', 'EntityTooSmall')) return 'invalid_part';
			// Gone: either a concurrent completion already made the object, or the upload was aborted.
			if (s3Error(s3, error, 'NoSuchUpload')) return (await this.head(key)) ? 'completed' : 'gone';
			throw error;
		}
	}

	async abortMultipart(key: string, uploadId: string): Promise<void> {
		assertValidKey(key);
		const { s3, client } = await this.sdk();
		try {
			await client.send(new s3.AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: key, UploadId: uploadId }));
		} catch (error) {
			if (!s3Error(s3, error, 'NoSuchUpload')) throw error;
		}
	}

	async read(key: string): Promise<Readable | null> {
		assertValidKey(key);
		const { s3, client } = await this.sdk();
		try {
			const out = await client.send(new s3.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
			return out.Body instanceof Readable ? out.Body : null;
		} catch (error) {
			if (isNotFound(s3, error)) return null;
			throw error;
		}
	}

	async ping(): Promise<void> {
		const { s3, client } = await this.sdk();
		await client.send(new s3.HeadBucketCommand({ Bucket: this.options.bucket }), {
			abortSignal: AbortSignal.timeout(this.options.timeoutMs)
		});
	}

	destroy(): void {
		void this.loaded?.then(({ client }) => client.destroy());
	}
}
