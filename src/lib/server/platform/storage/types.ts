/**
 * The one object-storage interface (architecture D6). Products, purchases and
 * music downloads reference files only by key; which backend holds the bytes
 * (S3 in production, the file system by default) is configuration.
 */
export interface StoredObject {
	size: number;
	contentType: string;
}

export interface SignedUrl {
	/** Absolute URL that serves the object until `expiresAt`, as an attachment named `downloadName`. */
	url: string;
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
	/** Cheap reachability probe (health checks, start-up diagnostics). */
	ping(): Promise<void>;
}

