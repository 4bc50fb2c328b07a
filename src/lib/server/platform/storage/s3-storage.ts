/**
 * Production storage (docs/architecture.md#files): any S3-compatible service. Downloads
 * are presigned GETs that carry the attachment name (`response-content-
 * disposition`), so the bytes never pass through the app. Presigning uses the
 * service clock, so the URL's lifetime and the reported `expiresAt` agree.
 */
import {
	AbortMultipartUploadCommand,
	CompleteMultipartUploadCommand,
	CreateMultipartUploadCommand,
	DeleteObjectCommand,
	GetObjectCommand,
	HeadBucketCommand,
	HeadObjectCommand,
	PutObjectCommand,
	S3Client,
	S3ServiceException,
	UploadPartCommand
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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

function isNotFound(error: unknown): boolean {
	if (!(error instanceof S3ServiceException)) return false;
	return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** The origin presigned URLs point at: the endpoint (path style) or the bucket's virtual host on it, AWS's by default. */
export function s3UploadOrigin(o: Pick<S3StorageOptions, 'bucket' | 'endpoint' | 'region' | 'forcePathStyle'>): string {
	const endpoint = new URL(o.endpoint ?? `https://s3.${o.region}.amazonaws.com`);
	return o.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${o.bucket}.${endpoint.host}`;
}

const s3Error = (error: unknown, ...names: string[]) => error instanceof S3ServiceException && names.includes(error.name);

export class S3Storage implements ObjectStorage {
	readonly kind = 's3' as const;
	/** S3's limit for one PutObject or UploadPart. */
	readonly maxPutBytes = 5 * 1024 ** 3;
	readonly uploadOrigin: string;
	private readonly client: S3Client;

	constructor(private readonly options: S3StorageOptions) {
		this.uploadOrigin = s3UploadOrigin(options);
		this.client = new S3Client({
			region: options.region,
			endpoint: options.endpoint,
			forcePathStyle: options.forcePathStyle,
			credentials: options.credentials,
			// Checksums only where S3 demands them: S3-compatible services (and s3rver) reject the newer default trailers.
			requestChecksumCalculation: 'WHEN_REQUIRED',
			responseChecksumValidation: 'WHEN_REQUIRED',
			maxAttempts: 2,
			requestHandler: { connectionTimeout: options.timeoutMs, requestTimeout: options.timeoutMs }
		});
	}

	async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
		assertValidKey(key);
		await this.client.send(
			new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength })
		);
	}

	async delete(key: string): Promise<void> {
		assertValidKey(key);
		await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
	}

	async head(key: string): Promise<StoredObject | null> {
		assertValidKey(key);
		try {
			const out = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
			return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
		} catch (error) {
			if (isNotFound(error)) return null;
			throw error;
		}
	}

	async signedGetUrl(key: string, ttlSeconds: number, downloadName: string): Promise<SignedUrl> {
		assertValidKey(key);
		const signingDate = now();
		const url = await getSignedUrl(
			this.client,
			new GetObjectCommand({
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
		const signingDate = now();
		const url = await getSignedUrl(
			this.client,
			new PutObjectCommand({ Bucket: this.options.bucket, Key: key, ContentType: object.contentType, ContentLength: object.size }),
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
		const created = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.options.bucket, Key: key, ContentType: object.contentType }));
		const uploadId = created.UploadId!;
		const signingDate = now();
		const parts = await Promise.all(
			partSizes(object.size, partBytes).map(async (sizeBytes, i) => ({
				partNumber: i + 1,
				sizeBytes,
				headers: {},
				url: await getSignedUrl(
					this.client,
					new UploadPartCommand({ Bucket: this.options.bucket, Key: key, UploadId: uploadId, PartNumber: i + 1, ContentLength: sizeBytes }),
					{ expiresIn: ttlSeconds, signingDate, signableHeaders: new Set(['content-length']) }
				)
			}))
		);
		const signedAtMs = Math.floor(signingDate.getTime() / 1000) * 1000;
		return { uploadId, parts, expiresAt: new Date(signedAtMs + ttlSeconds * 1000) };
	}

	async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<MultipartCompletion> {
		assertValidKey(key);
		try {
			await this.client.send(
				new CompleteMultipartUploadCommand({
					Bucket: this.options.bucket,
					Key: key,
					UploadId: uploadId,
					MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) }
				})
			);
			return 'completed';
		} catch (error) {
			if (s3Error(error, 'InvalidPart', 'InvalidPartOrder', 'EntityTooSmall')) return 'invalid_part';
			// Gone: either a concurrent completion already made the object, or the upload was aborted.
			if (s3Error(error, 'NoSuchUpload')) return (await this.head(key)) ? 'completed' : 'gone';
			throw error;
		}
	}

	async abortMultipart(key: string, uploadId: string): Promise<void> {
		assertValidKey(key);
		try {
			await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: key, UploadId: uploadId }));
		} catch (error) {
			if (!s3Error(error, 'NoSuchUpload')) throw error;
		}
	}

	async read(key: string): Promise<Readable | null> {
		assertValidKey(key);
		try {
			const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
			return out.Body instanceof Readable ? out.Body : null;
		} catch (error) {
			if (isNotFound(error)) return null;
			throw error;
		}
	}

	async ping(): Promise<void> {
		await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), {
			abortSignal: AbortSignal.timeout(this.options.timeoutMs)
		});
	}

	destroy(): void {
		this.client.destroy();
	}
}
