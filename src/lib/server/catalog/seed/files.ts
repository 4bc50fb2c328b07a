/**
 * Real downloadable bytes for the demo catalog: every seeded product gets a
 * generated sample of its type (WAV, DOCX, PPTX, AVI, ZIP) stored under its
 * `fileKey` in the configured object storage, so downloads return real files.
 */
import { storage } from '../../platform/storage';
import { storeSampleFile } from '../../platform/storage/sample-files';
import type { SeedCatalog } from './generate';

export type SeedFile = Pick<SeedCatalog['products'][number], 'fileKey' | 'fileName' | 'type' | 'title'>;

/** Stores the files a few at a time (the AVI samples take a moment to build). */
export async function storeSeedFiles(files: readonly SeedFile[], onProgress?: (done: number) => void): Promise<void> {
	const target = storage();
	let next = 0;
	let done = 0;
	const worker = async () => {
		while (next < files.length) {
			const file = files[next++]!;
			await storeSampleFile(target, file);
			onProgress?.(++done);
		}
	};
	await Promise.all(Array.from({ length: 4 }, worker));
}
