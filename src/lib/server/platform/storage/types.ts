/**
 * The one object-storage interface (docs/architecture.md#files). Products, purchases and
 * music downloads reference files only by key; which backend holds the bytes
 * (S3 in production, the file system by default) is configuration.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
	size: number;
	contentType: string;
}

export interface SignedUrl {
	/** Absolute URL that serves the object until `expiresAt`, as an attachment named `downloadName`. */
	url: string;
	expiresAt: Date;
}

/** Where and how a client uploads one object directly (an upload slot's PUT). */
export interface SignedPut {
	url: string;
	method: 'PUT';
	/** Headers the client must send with exactly these values (they are part of the signature). */
	headers: Record<string, string>;
	expiresAt: Date;
}

/** One part of a multipart upload: PUT exactly `sizeBytes` bytes to `url`; its answer's ETag header goes back at completion. */
export interface SignedPart {
	partNumber: number;
	sizeBytes: number;
	url: string;
	headers: Record<string, string>;
}

/** An upload in parts (S3 multipart semantics): parts go up separately, in any order, and are assembled once all arrived. */
export interface SignedMultipartPut {
	uploadId: string;
	parts: SignedPart[];
	expiresAt: Date;
}

export interface UploadedPart {
	partNumber: number;
	etag: string;
}

/** `invalid_part`: a part is missing, or its ETag is not the stored one (the client may send it again); `gone`: the multipart upload no longer exists. */
export type MultipartCompletion = 'completed' | 'invalid_part' | 'gone';

/** Most parts one multipart upload may have (S3's limit, kept for both stores). */
export const MAX_PARTS = 10_000;

/** The sizes of the parts a `size`-byte object is cut into: all `partBytes` but the last. */
export function partSizes(size: number, partBytes: number): number[] {
	const count = Math.max(1, Math.ceil(size / partBytes));
	return Array.from({ length: count }, (_, i) => (i < count - 1 ? partBytes : size - partBytes * (count - 1)));
}

export interface ObjectStorage {
	readonly kind: 'fs' | 's3';
	/** Largest body one PUT may carry: 5 GiB on S3; for the app's own /files route, adapter-node's BODY_SIZE_LIMIT. */
	readonly maxPutBytes: number;
	/** Origin browsers PUT upload bytes to when it is not this app's (null: the app's own /files route). */
	readonly uploadOrigin: string | null;
	put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
	/** Deleting a missing key is not an error. */
	delete(key: string): Promise<void>;
	/** Null when no object is stored under the key. */
	head(key: string): Promise<StoredObject | null>;
	signedGetUrl(key: string, ttlSeconds: number, downloadName: string): Promise<SignedUrl>;
	/** A URL that accepts one PUT of exactly `size` bytes of `contentType` until it expires. */
	signedPutUrl(key: string, ttlSeconds: number, object: StoredObject): Promise<SignedPut>;
	/** Starts a multipart upload of `object` under `key` and signs a PUT for each `partBytes` part. */
	signedMultipartPut(key: string, ttlSeconds: number, object: StoredObject, partBytes: number): Promise<SignedMultipartPut>;
	/** Assembles the parts, in order, into the object; completing an upload that already became the object answers `completed`. */
	completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<MultipartCompletion>;
	/** Drops the parts received so far; an unknown upload is not an error. */
	abortMultipart(key: string, uploadId: string): Promise<void>;
	/** The object's bytes as a stream; null when no object is stored under the key. */
	read(key: string): Promise<Readable | null>;
	/** Cheap reachability probe (health checks, start-up diagnostics). */
	ping(): Promise<void>;
}

