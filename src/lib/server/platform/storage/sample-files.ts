/**
 * Real small files for the demo catalog, so every download in a fresh install returns bytes a
 * teacher's computer can open. Which kind a product type gets is its `sample` in
 * src/lib/product-types.ts:
 *
 * - `.wav`: a WAV melody (audio/wav)
 * - `.docx`: a Word document
 * - `.pptx`: a PowerPoint deck
 * - `.avi`: uncompressed frames with the melody as soundtrack (MP4 or WebM would need a real encoder)
 * - `.zip`: a bundle holding a guide PDF, a lesson plan and a melody
 */
import type { ProductType } from '../../db/schema/catalog';
import { productTypeInfo, type SampleKind } from '../../../product-types';
import { aviBytes } from './samples/avi';
import { docxBytes, pptxBytes } from './samples/ooxml';
import { pdfBytes } from './samples/pdf';
import { wavBytes } from './samples/wav';
import { zipBytes } from './samples/zip';
import type { ObjectStorage } from './types';

export interface SampleFile {
	fileName: string;
	contentType: string;
	bytes: Uint8Array;
}

const CONTENT_TYPES: Record<string, string> = {
	'.wav': 'audio/wav',
	'.avi': 'video/x-msvideo',
	'.pdf': 'application/pdf',
	'.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	'.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	'.zip': 'application/zip'
};

/** The file name ending each product type's sample gets (its `sample` in src/lib/product-types.ts). */
export const sampleSuffix = (type: ProductType): SampleKind => productTypeInfo[type].sample;

export function contentTypeFor(fileName: string): string {
	const ext = /\.[A-Za-z0-9]+$/.exec(fileName)?.[0]?.toLowerCase() ?? '';
	return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** "Bài hát Quê hương" + MUSIC → "Bài hát Quê hương.wav". */
export function sampleFileName(type: ProductType, title: string): string {
	return `${title}${sampleSuffix(type)}`;
}

const GUIDE_LINES = [
	'Tai lieu mau cua hoclieu.vn, tao tu dong cho ban demo.',
	'Muc tieu: hoc sinh nam duoc noi dung chinh cua bai.',
	'Chuan bi: may chieu, loa, phieu hoc tap.',
	'Tien trinh: khoi dong - hinh thanh kien thuc - luyen tap - van dung.'
];

function bytesFor(type: ProductType, title: string): Uint8Array {
	switch (sampleSuffix(type)) {
		case '.wav':
			return wavBytes();
		case '.docx':
			return docxBytes(title, [
				'Tài liệu mẫu của hoclieu.vn, tạo tự động cho bản demo.',
				'I. Mục tiêu: học sinh nắm được nội dung chính của bài.',
				'II. Chuẩn bị: máy chiếu, loa, phiếu học tập.',
				'III. Tiến trình: khởi động – hình thành kiến thức – luyện tập – vận dụng.'
			]);
		case '.pptx':
			return pptxBytes(title, [
				['Mục tiêu bài học', 'Học sinh nắm được nội dung chính của bài.'],
				['Hoạt động', 'Khởi động – hình thành kiến thức – luyện tập – vận dụng.']
			]);
		case '.avi':
			return aviBytes();
		case '.zip':
			return zipBytes([
				{ name: `${title} - hướng dẫn.pdf`, data: pdfBytes(title, GUIDE_LINES) },
				{ name: `${title} - giáo án.docx`, data: docxBytes(title, ['Giáo án mẫu trong bộ tài liệu.']) },
				{ name: `${title} - giai điệu.wav`, data: wavBytes() }
			]);
	}
}

export function sampleFile(type: ProductType, title: string): SampleFile {
	const fileName = sampleFileName(type, title);
	return { fileName, contentType: contentTypeFor(fileName), bytes: bytesFor(type, title) };
}

/**
 * Generates the sample for a product and stores it under `fileKey`. The
 * product's `fileName` must end the way its type's sample does (see
 * sampleSuffix), so the name, the bytes and the Content-Type agree.
 */
export async function storeSampleFile(
	storage: ObjectStorage,
	product: { fileKey: string; fileName: string; type: ProductType; title: string }
): Promise<{ size: number; contentType: string }> {
	const suffix = sampleSuffix(product.type);
	if (!product.fileName.endsWith(suffix)) {
		throw new Error(`Sample for ${product.type} is "${suffix}"; product file name "${product.fileName}" does not match.`);
	}
	const file = sampleFile(product.type, product.title);
	await storage.put(product.fileKey, file.bytes, file.contentType);
	return { size: file.bytes.byteLength, contentType: file.contentType };
}
