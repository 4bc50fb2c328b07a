/**
 * Storage entry point: one process-wide `ObjectStorage`, chosen by
 * configuration (S3_BUCKET set → S3, else the file system under DATA_DIR).
 */
import { config } from '../../config';
import { FsStorage } from './fs-storage';
import { S3Storage } from './s3-storage';
import type { ObjectStorage } from './types';

export type { ObjectStorage, SignedPut, SignedUrl, StoredObject } from './types';
export { FsStorage } from './fs-storage';
export { S3Storage } from './s3-storage';

let configured: ObjectStorage | undefined;
let current: ObjectStorage | undefined;

function fromConfig(): ObjectStorage {
	const cfg = config();
	const s = cfg.storage;
	if (s.kind === 'fs') return new FsStorage({ dir: s.dir, baseUrl: cfg.origin, maxPutBytes: s.maxPutBytes });
	return new S3Storage({
		bucket: s.bucket,
		endpoint: s.endpoint,
		region: s.region,
		credentials: s.credentials,
		forcePathStyle: s.forcePathStyle,
		timeoutMs: s.timeoutMs
	});
}

function configuredStorage(): ObjectStorage {
	configured ??= fromConfig();
	return configured;
}

export function storage(): ObjectStorage {
	return current ?? configuredStorage();
}

/** The file-system backend whose links the `/files/…` route serves; null when S3 is configured. */
export function fileServer(): FsStorage | null {
	const s = configuredStorage();
	return s instanceof FsStorage ? s : null;
}

/** Test hooks wrap the configured storage (fault injection); nothing else replaces it. */
export function replaceStorage(wrap: ((configured: ObjectStorage) => ObjectStorage) | null): void {
	current = wrap ? wrap(configuredStorage()) : undefined;
}
