/**
 * The one object-storage interface (architecture D6). Products, purchases and
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

export interface ObjectStorage {
	readonly kind: 'fs' | 's3';
	put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
	/** Deleting a missing key is not an error. */
	delete(key: string): Promise<void>;
	/** Null when no object is stored under the key. */
	head(key: string): Promise<StoredObject | null>;
	signedGetUrl(key: string, ttlSeconds: number, downloadName: string): Promise<SignedUrl>;
	/** A URL that accepts one PUT of exactly `size` bytes of `contentType` until it expires. */
	signedPutUrl(key: string, ttlSeconds: number, object: StoredObject): Promise<SignedPut>;
	/** The object's bytes as a stream; null when no object is stored under the key. */
	read(key: string): Promise<Readable | null>;
	/** Cheap reachability probe (health checks, start-up diagnostics). */
	ping(): Promise<void>;
}

