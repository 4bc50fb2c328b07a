// The part of s3rver 3.7's API the storage tests use (the package ships no types).
declare module 's3rver' {
	export interface S3rverOptions {
		address?: string;
		port?: number;
		directory?: string;
		silent?: boolean;
		resetOnClose?: boolean;
		configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
	}
	export default class S3rver {
		constructor(options?: S3rverOptions);
		run(): Promise<{ address: string; port: number }>;
		close(): Promise<void>;
	}
}
