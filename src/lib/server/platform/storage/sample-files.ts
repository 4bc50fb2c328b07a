/**
 * Real small files for the demo catalog, one kind per product type, so every
 * download in a fresh install returns bytes a teacher's computer can open:
 *
 * - MUSIC: a WAV melody (`.wav`, audio/wav)
 * - LESSON_PLAN: a Word document (`.docx`)
 * - SLIDE: a PowerPoint deck (`.pptx`)
 * - VIDEO: an AVI with uncompressed frames and the melody as soundtrack
 *   (`.avi`); MP4 or WebM would need a real encoder
 * - COMBO: a ZIP bundle holding a guide PDF, a lesson plan and a melody
 */
import type { ProductType } from '../../db/schema/catalog';
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

/** The file name ending each product type's sample gets. */
export const SAMPLE_SUFFIX: Record<ProductType, string> = {
	MUSIC: '.wav',
	LESSON_PLAN: '.docx',
	SLIDE: '.pptx',
	VIDEO: '.avi',
	COMBO: '.zip'
};

export function contentTypeFor(fileName: string): string {
	const ext = /\.[A-Za-z0-9]+$/.exec(fileName)?.[0]?.toLowerCase() ?? '';
	return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** "Bài hát Quê hương" + MUSIC → "Bài hát Quê hương.wav". */
export function sampleFileName(type: ProductType, title: string): string {
	return `${title}${SAMPLE_SUFFIX[type]}`;
}

const GUIDE_LINES = [
	'Tai lieu mau cua hoclieu.vn, tao tu dong cho ban demo.',
	'Muc tieu: hoc sinh nam duoc noi dung chinh cua bai.',
	'Chuan bi: may chieu, loa, phieu hoc tap.',
	'Tien trinh: khoi dong - hinh thanh kien thuc - luyen tap - van dung.'
];

function bytesFor(type: ProductType, title: string): Uint8Array {
	switch (type) {
		case 'MUSIC':
			return wavBytes();
		case 'LESSON_PLAN':
			return docxBytes(title, [
				'Tài liệu mẫu của hoclieu.vn, tạo tự động cho bản demo.',
				'I. Mục tiêu: học sinh nắm được nội dung chính của bài.',
				'II. Chuẩn bị: máy chiếu, loa, phiếu học tập.',
				'III. Tiến trình: khởi động – hình thành kiến thức – luyện tập – vận dụng.'
			]);
		case 'SLIDE':
			return pptxBytes(title, [
				['Mục tiêu bài học', 'Học sinh nắm được nội dung chính của bài.'],
				['Hoạt động', 'Khởi động – hình thành kiến thức – luyện tập – vận dụng.']
			]);
		case 'VIDEO':
			return aviBytes();
		case 'COMBO':
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
 * SAMPLE_SUFFIX), so the name, the bytes and the Content-Type agree.
 */
export async function storeSampleFile(
	storage: ObjectStorage,
	product: { fileKey: string; fileName: string; type: ProductType; title: string }
): Promise<{ size: number; contentType: string }> {
	const suffix = SAMPLE_SUFFIX[product.type];
	if (!product.fileName.endsWith(suffix)) {
		throw new Error(`Sample for ${product.type} is "${suffix}"; product file name "${product.fileName}" does not match.`);
	}
	const file = sampleFile(product.type, product.title);
	await storage.put(product.fileKey, file.bytes, file.contentType);
	return { size: file.bytes.byteLength, contentType: file.contentType };
}
