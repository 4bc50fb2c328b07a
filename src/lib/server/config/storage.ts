/** Where files are kept (docs/architecture.md#files): S3_BUCKET set → S3, unset → files under DATA_DIR/files. */
import { join } from 'node:path';
import { z } from 'zod';
import { bool, ConfigError, positiveInt, setting, type EnvOf } from './kit';
import type { ConfigContext } from './server';

export const storageVariables = {
	S3_BUCKET: setting(
		z.string().min(3).max(63).optional(),
		'set to store files in S3 (or any S3-compatible service); downloads become presigned S3 URLs',
		'unset → files under `$DATA_DIR/files`'
	),
	S3_ENDPOINT: setting(z.url().optional(), 'endpoint of an S3-compatible service, e.g. `https://<account>.r2.cloudflarestorage.com`', 'AWS'),
	S3_REGION: setting(z.string().min(1).default('us-east-1'), 'bucket region'),
	S3_ACCESS_KEY_ID: setting(z.string().min(1).optional(), 'static credentials (with `S3_SECRET_ACCESS_KEY`: both or neither)', 'unset → AWS default credential chain'),
	S3_SECRET_ACCESS_KEY: setting(z.string().min(1).optional(), 'the secret of those credentials', 'unset → AWS default credential chain'),
	S3_FORCE_PATH_STYLE: setting(bool.default(false), '`true` for services without virtual-hosted buckets (MinIO, s3rver)'),
	S3_TIMEOUT_MS: setting(positiveInt.default(5_000), 'connect and request timeout of each S3 call; an unreachable store answers 503'),
	BODY_SIZE_LIMIT: setting(
		z.string().optional(),
		"adapter-node's own request body limit (bytes, or with K, M or G); it also bounds each PUT to the `/files` upload route, so the file-system store cuts uploads into parts no larger",
		'`512K` (adapter-node)'
	)
};

export type StorageConfig =
	| { kind: 'fs'; dir: string; maxPutBytes: number }
	| {
			kind: 's3';
			bucket: string;
			endpoint: string | undefined;
			region: string;
			/** Unset → the AWS SDK's default credential chain (instance role, env, profile). */
			credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
			forcePathStyle: boolean;
			timeoutMs: number;
	  };

/**
 * adapter-node's BODY_SIZE_LIMIT, parsed as it parses it (bytes with an
 * optional K/M/G suffix, 512K when unset). It bounds every request body the
 * app sees, so the file-system store cuts uploads into parts no larger.
 */
export function adapterBodyLimit(value: string | undefined): number {
	const raw = value ?? '512K';
	const multiplier = ({ K: 1024, M: 1024 ** 2, G: 1024 ** 3 } as Record<string, number>)[raw.at(-1)?.toUpperCase() ?? ''];
	const bytes = multiplier ? Number(raw.slice(0, -1)) * multiplier : Number(raw);
	if (!Number.isFinite(bytes) && bytes !== Infinity) throw new ConfigError(`BODY_SIZE_LIMIT=${raw} is not a size (bytes, or with K, M or G).`);
	return bytes > 0 ? bytes : Infinity;
}

export function storageSettings(env: EnvOf<typeof storageVariables>, ctx: ConfigContext): { storage: StorageConfig; adapterBodyLimitBytes: number } {
	if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
		throw new ConfigError('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (default AWS credential chain).');
	}
	if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
		throw new ConfigError('S3_* variables are set but S3_BUCKET is not: set S3_BUCKET to use S3 storage.');
	}
	const storage: StorageConfig = env.S3_BUCKET
		? {
				kind: 's3',
				bucket: env.S3_BUCKET,
				endpoint: env.S3_ENDPOINT,
				region: env.S3_REGION,
				credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } : undefined,
				forcePathStyle: env.S3_FORCE_PATH_STYLE,
				timeoutMs: env.S3_TIMEOUT_MS
			}
		: { kind: 'fs', dir: join(ctx.dataDir, 'files'), maxPutBytes: adapterBodyLimit(env.BODY_SIZE_LIMIT) };
	/** The limit adapter-node reads request bodies under; the front reads the writes it answers under the same (../http/front.ts). */
	return { storage, adapterBodyLimitBytes: adapterBodyLimit(env.BODY_SIZE_LIMIT) };
}
