/**
 * Several files per product (README "Several files per product"), over HTTP
 * against the built server: an author attaches, reorders and removes verified
 * files (at most PRODUCT_MAX_FILES), submits; the product page and detail list
 * them; a buyer downloads each and all of them as one ZIP, byte for byte
 * (SHA-256) and with every CRC-32 right; a refund and an upheld takedown refuse
 * every file and the ZIP; and the ZIP is streamed: serving one of a file far
 * larger than the server's memory headroom leaves its RSS bounded.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxBytes } from '../../src/lib/server/platform/storage/samples/ooxml';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { insertCategory, insertProducts, type CategoryFixture } from '../helpers/catalog';
import { checkout, tokenOf } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { noiseWav } from '../helpers/noise-wav';
import { startServer, type TestServer } from '../helpers/server';
import { readZip } from '../helpers/zip-reader';

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let server: TestServer;
let staff: TestUser;
let category: CategoryFixture;

beforeAll(async () => {
	server = await startServer({ env: { PRODUCT_MAX_FILES: '3' } });
	staff = await createUser(server.url, { role: 'staff' });
	category = await insertCategory(server.url, { name: 'Tiếng Anh lớp 6', slug: `tieng-anh-${randomUUID().slice(0, 6)}` });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

function api(who: TestUser | null, path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST') {
	return request(server.url, path, { method, ...(json !== undefined ? { json } : {}), headers: { origin: server.url, ...(who ? { cookie: who.cookie } : {}) } });
}

async function author(): Promise<TestUser> {
	const user = await createUser(server.url);
	await sql(server.url, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [user.userId]);
	const res = await api(user, '/api/v1/studio/application', { displayName: 'Cô Hà', bankName: 'Vietcombank', bankAccountNumber: '0123456789', bankAccountHolder: 'LE THU HA' });
	expect(res.status, res.text).toBe(200);
	return user;
}

async function upload(who: TestUser, bytes: Uint8Array, purpose: 'file' | 'cover', fileName: string, contentType: string): Promise<string> {
	const slot = await api(who, '/api/v1/studio/uploads', { purpose, fileName, contentType, sizeBytes: bytes.byteLength, sha256: sha256(bytes) });
	expect(slot.status, slot.text).toBe(200);
	const put = await fetch(slot.body.data.put.url, { method: 'PUT', headers: slot.body.data.put.headers, body: Buffer.from(bytes) });
	expect(put.status).toBe(200);
	const done = await api(who, `/api/v1/studio/uploads/${slot.body.data.upload.id}/complete`, {});
	expect(done.status, done.text).toBe(200);
	return slot.body.data.upload.id;
}

interface Sold {
	name: string;
	contentType: string;
	bytes: Uint8Array;
}

function soldFiles(tag: string): Sold[] {
	return [
		{ name: 'Giáo án Unit 1.pdf', contentType: 'application/pdf', bytes: pdfBytes(`Unit 1 ${tag}`, ['Lesson 1: Greetings']) },
		{ name: 'Phiếu bài tập.docx', contentType: DOCX, bytes: docxBytes(`Phiếu ${tag}`, ['Bài 1. Điền từ còn thiếu.']) },
		{ name: 'Bài nghe.wav', contentType: 'audio/wav', bytes: noiseWav(200_000) }
	];
}

/** An author's product of `files`, approved and on sale; answers the upload ids in the files' order. */
async function onSale(files: Sold[]) {
	const a = await author();
	const ids = [];
	for (const f of files) ids.push(await upload(a, f.bytes, 'file', f.name, f.contentType));
	const coverUploadId = await upload(a, PNG, 'cover', 'bia.png', 'image/png');
	const draft = await api(a, '/api/v1/studio/products', {
		title: `Trọn bộ Unit 1 ${randomUUID().slice(0, 6)}`,
		categoryId: category.id,
		type: 'LESSON_PLAN',
		priceVnd: '30000',
		fileUploadIds: ids,
		coverUploadId
	});
	expect(draft.status, draft.text).toBe(200);
	expect((await api(a, `/api/v1/studio/products/${draft.body.data.id}/submit`, {})).status).toBe(200);
	const approved = await api(staff, `/api/v1/admin/products/${draft.body.data.id}/approve`, {});
	expect(approved.status, approved.text).toBe(200);
	return { author: a, product: approved.body.data, ids };
}

async function buy(productId: string) {
	const buyer = await createUser(server.url);
	await creditWallet(server.url, buyer.userId, '30000');
	const order = await checkout(server.url, { productId, paymentMethod: 'wallet' }, { user: buyer });
	expect(order.status, order.text).toBe(200);
	return { buyer, order: order.body.data, token: tokenOf(order.body.data.downloadUrl) };
}

const exchange = (json: Record<string, unknown>) => request(server.url, '/api/v1/downloads/by-token', { method: 'POST', json });

async function fetchBytes(url: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
	const res = await fetch(url);
	return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

describe('the studio', () => {
	it('attaches several verified files, reorders and removes them, and refuses more than PRODUCT_MAX_FILES or the same file twice', async () => {
		const a = await author();
		const files = soldFiles(randomUUID());
		const ids: string[] = [];
		for (const f of files) ids.push(await upload(a, f.bytes, 'file', f.name, f.contentType));
		const draft = await api(a, '/api/v1/studio/products', { title: 'Bộ tài liệu Unit 2', categoryId: category.id, type: 'LESSON_PLAN', priceVnd: '20000', fileUploadIds: ids });
		expect(draft.status, draft.text).toBe(200);
		expect(draft.body.data.files.map((f: any) => f.fileName)).toEqual(files.map((f) => f.name));
		// The single-file field is the first of the list.
		expect(draft.body.data.file).toMatchObject({ id: ids[0], fileName: 'Giáo án Unit 1.pdf' });
		const id = draft.body.data.id;

		const reordered = await api(a, `/api/v1/studio/products/${id}`, { fileUploadIds: [ids[2], ids[0]] }, 'PATCH');
		expect(reordered.status, reordered.text).toBe(200);
		expect(reordered.body.data.files.map((f: any) => f.id)).toEqual([ids[2], ids[0]]);
		expect(reordered.body.data.file.id).toBe(ids[2]);
		// The single-file contract replaces the first file and keeps the rest.
		const replaced = await api(a, `/api/v1/studio/products/${id}`, { fileUploadId: ids[1] }, 'PATCH');
		expect(replaced.body.data.files.map((f: any) => f.id)).toEqual([ids[1], ids[0]]);

		const fourth = await upload(a, pdfBytes(`Đáp án ${randomUUID()}`, ['Đáp án']), 'file', 'Đáp án.pdf', 'application/pdf');
		const tooMany = await api(a, `/api/v1/studio/products/${id}`, { fileUploadIds: [...ids, fourth] }, 'PATCH');
		expect(tooMany.status).toBe(400);
		expect(tooMany.body.error).toMatchObject({ code: 'validation_error', message: 'Một học liệu có tối đa 3 tệp bán.', details: { reason: 'too_many_files' } });
		const twice = await api(a, `/api/v1/studio/products/${id}`, { fileUploadIds: [ids[0], ids[0]] }, 'PATCH');
		expect(twice.status).toBe(400);
		expect(twice.body.error.message).toBe('Một tệp đã tải lên chỉ được đính kèm một lần.');
		const cover = await upload(a, PNG, 'cover', 'bia.png', 'image/png');
		const wrongPurpose = await api(a, `/api/v1/studio/products/${id}`, { fileUploadIds: [ids[0], cover] }, 'PATCH');
		expect(wrongPurpose.status).toBe(400);
		expect(wrongPurpose.body.error.details.fields).toEqual([{ path: 'fileUploadIds.1', message: 'Tệp này được tải lên cho mục đích "cover", không dùng được ở đây.' }]);
		const conflicting = await api(a, `/api/v1/studio/products/${id}`, { fileUploadId: ids[0], fileUploadIds: [ids[1]] }, 'PATCH');
		expect(conflicting.status).toBe(400);
		expect(conflicting.body.error.message).toMatch(/fileUploadId phải là tệp đầu tiên/);
		// Refused requests changed nothing.
		expect((await api(a, `/api/v1/studio/products/${id}`)).body.data.files.map((f: any) => f.id)).toEqual([ids[1], ids[0]]);

		const removed = await api(a, `/api/v1/studio/products/${id}`, { fileUploadIds: [ids[0]] }, 'PATCH');
		expect(removed.body.data.files.map((f: any) => f.id)).toEqual([ids[0]]);
		const none = await api(a, `/api/v1/studio/products/${id}`, { fileUploadId: null }, 'PATCH');
		expect(none.body.data).toMatchObject({ files: [], file: null });
		await api(a, `/api/v1/studio/products/${id}`, { coverUploadId: cover }, 'PATCH');
		const incomplete = await api(a, `/api/v1/studio/products/${id}/submit`, {});
		expect(incomplete.status).toBe(400);
		expect(incomplete.body.error.message).toBe('Chưa thể gửi duyệt: còn thiếu tệp bán.');
	});

	it('submits every file, each with its own preview job, the first as the product file', async () => {
		const files = soldFiles(randomUUID());
		const { author: a, product } = await onSale(files);
		const rows = await sql<{ position: number; file_name: string; content_type: string; size_bytes: string; sha256: string; preview_status: string; file_key: string }>(
			server.url,
			'SELECT position, file_name, content_type, size_bytes::text, sha256, preview_status, file_key FROM product_files WHERE product_id = $1 ORDER BY position',
			[product.id]
		);
		expect(rows.map((r) => [r.position, r.file_name, r.content_type, Number(r.size_bytes), r.sha256])).toEqual(
			files.map((f, i) => [i, f.name, f.contentType, f.bytes.byteLength, sha256(f.bytes)])
		);
		const [p] = await sql<{ file_key: string; file_name: string; file_sha256: string }>(server.url, 'SELECT file_key, file_name, file_sha256 FROM products WHERE id = $1', [product.id]);
		expect(p).toEqual({ file_key: rows[0]!.file_key, file_name: 'Giáo án Unit 1.pdf', file_sha256: sha256(files[0]!.bytes) });
		const jobs = await sql<{ file_key: string }>(server.url, 'SELECT j.file_key FROM preview_jobs j JOIN product_files f ON f.file_key = j.file_key WHERE f.product_id = $1', [product.id]);
		expect(jobs).toHaveLength(3);
		const studio = (await api(a, `/api/v1/studio/products/${product.id}`)).body.data;
		expect(studio.soldFiles.map((f: any) => [f.fileName, f.preview.status])).toEqual(files.map((f) => [f.name, 'queued']));

		// The reviewer opens each file, not only the primary one.
		for (const [i, f] of studio.soldFiles.entries()) {
			const link = await api(staff, `/api/v1/admin/products/${product.id}/file?fileId=${f.id}`);
			expect(link.status, link.text).toBe(200);
			const got = await fetch(link.body.data.url);
			expect(sha256(Buffer.from(await got.arrayBuffer()))).toBe(sha256(files[i]!.bytes));
		}
		const primary = await api(staff, `/api/v1/admin/products/${product.id}/file`);
		expect(sha256(Buffer.from(await (await fetch(primary.body.data.url)).arrayBuffer()))).toBe(sha256(files[0]!.bytes));
		const unknown = await api(staff, `/api/v1/admin/products/${product.id}/file?fileId=${randomUUID()}`);
		expect(unknown.status).toBe(404);
		expect(unknown.body.error.message).toBe('Học liệu này không có tệp nào với mã đã gửi.');

	});
});

describe('the product page and detail', () => {
	it('list every file in order, and the worker writes each file its own facts', async () => {
		const files = soldFiles(randomUUID());
		const { product } = await onSale(files);
		const detail = await api(null, `/api/v1/catalog/products/${product.fullPath}`);
		expect(detail.status, detail.text).toBe(200);
		expect(detail.body.data.product.files.map((f: any) => [f.fileName, f.format, f.contentType, f.sizeBytes])).toEqual(
			files.map((f) => [f.name, f.name.split('.').pop()!.toUpperCase(), f.contentType, f.bytes.byteLength])
		);
		expect(detail.body.data.product.preview.format).toBe('PDF');

		// What the preview worker writes by file key lands on that file only (and drops the cached detail).
		const [second] = await sql<{ file_key: string }>(server.url, 'SELECT file_key FROM product_files WHERE product_id = $1 AND position = 1', [product.id]);
		await sql(server.url, "UPDATE product_files SET preview_status = 'ready', page_count = 2 WHERE file_key = $1", [second!.file_key]);
		const after = (await api(null, `/api/v1/catalog/products/${product.fullPath}`)).body.data.product.files;
		expect(after.map((f: any) => [f.preview.status, f.pageCount])).toEqual([['queued', null], ['ready', 2], ['queued', null]]);

		const html = await (await fetch(`${server.url}/san-pham/${product.fullPath}`)).text();
		expect(html).toContain('Tệp trong học liệu (3)');
		for (const f of files) expect(html).toContain(f.name);
	});

	it('a product written the single-file way (the seed, staff) still has its one file listed', async () => {
		const [id] = await insertProducts(server.url, [{ categoryId: category.id, title: 'Đề kiểm tra', slug: `de-${randomUUID().slice(0, 8)}` }]);
		await sql(server.url, "UPDATE products SET file_key = $1, file_name = 'Đề kiểm tra.pdf' WHERE id = $2", [`products/${id}/file.pdf`, id]);
		const rows = await sql(server.url, 'SELECT position, file_key, file_name, content_type FROM product_files WHERE product_id = $1', [id]);
		expect(rows).toEqual([{ position: 0, file_key: `products/${id}/file.pdf`, file_name: 'Đề kiểm tra.pdf', content_type: 'application/pdf' }]);
		// Replacing the file replaces the primary row; no second row appears.
		await sql(server.url, 'UPDATE products SET file_key = $1, file_name = $2 WHERE id = $3', [`products/${id}/v2.docx`, 'Đề kiểm tra.docx', id]);
		const replaced = await sql(server.url, 'SELECT position, file_name, content_type FROM product_files WHERE product_id = $1', [id]);
		expect(replaced).toEqual([{ position: 0, file_name: 'Đề kiểm tra.docx', content_type: DOCX }]);
	});
});

describe('downloads', () => {
	it('each file and a ZIP of all, byte for byte, through one token', async () => {
		const files = soldFiles(randomUUID());
		const { product } = await onSale(files);
		const { token } = await buy(product.id);

		const first = await exchange({ token });
		expect(first.status, first.text).toBe(200);
		expect(first.body.data.fileName).toBe('Giáo án Unit 1.pdf');
		const listed = first.body.data.files;
		expect(listed.map((f: any) => [f.fileName, f.contentType, f.sizeBytes])).toEqual(files.map((f) => [f.name, f.contentType, f.bytes.byteLength]));
		for (const [i, f] of listed.entries()) {
			const one = await exchange({ token, fileId: f.id });
			expect(one.status, one.text).toBe(200);
			const got = await fetchBytes(one.body.data.url);
			expect(got.status).toBe(200);
			expect(sha256(got.bytes)).toBe(sha256(files[i]!.bytes));
		}

		const all = await exchange({ token, all: true });
		expect(all.status, all.text).toBe(200);
		expect(all.body.data.url).toMatch(/\/files\/zip\//);
		expect(all.body.data.fileName).toBe(`${product.title}.zip`);
		const zip = await fetchBytes(all.body.data.url);
		expect(zip.status).toBe(200);
		expect(zip.headers.get('content-type')).toBe('application/zip');
		expect(Number(zip.headers.get('content-length'))).toBe(zip.bytes.byteLength);
		expect(zip.headers.get('content-disposition')).toContain(encodeURIComponent(`${product.title}.zip`));
		const entries = readZip(zip.bytes);
		expect(entries.map((e) => [e.name, sha256(e.bytes)])).toEqual(files.map((f) => [f.name, sha256(f.bytes)]));
		// UTF-8 names (Vietnamese) and data descriptors.
		expect(entries.every((e) => e.flags === 0x0808)).toBe(true);
	});

	it('refuses a file id of another product, and both fileId and all', async () => {
		const { product } = await onSale(soldFiles(randomUUID()));
		const other = await onSale(soldFiles(randomUUID()));
		const { token } = await buy(product.id);
		const [otherFile] = await sql<{ id: string }>(server.url, 'SELECT id FROM product_files WHERE product_id = $1', [other.product.id]);
		const foreign = await exchange({ token, fileId: otherFile!.id });
		expect(foreign.status).toBe(404);
		expect(foreign.body.error.message).toBe('Học liệu này không có tệp nào với mã đã gửi.');
		const both = await exchange({ token, fileId: otherFile!.id, all: true });
		expect(both.status).toBe(400);
		expect(both.body.error.details.fields[0].message).toBe('Chọn một tệp (fileId) hoặc tất cả (all), không chọn cả hai.');
		const badId = await exchange({ token, fileId: 'abc' });
		expect(badId.status).toBe(400);
		expect(badId.body.error.details.fields[0].message).toBe('Mã tệp không hợp lệ.');
		const tampered = await fetch(`${server.url}/files/zip/eyJ2IjoxfQ.c2ln`);
		expect(tampered.status).toBe(403);
		expect((await tampered.json()).error.message).toBe('Liên kết tải xuống không hợp lệ.');
	});

	it('a refund refuses every file and the ZIP, even a ZIP link handed out before it', async () => {
		const { product } = await onSale(soldFiles(randomUUID()));
		const { order, token } = await buy(product.id);
		const zipLink = (await exchange({ token, all: true })).body.data.url;
		const listed = (await exchange({ token })).body.data.files;
		const refund = await request(server.url, `/api/v1/admin/orders/${order.id}/refund`, { method: 'POST', headers: { origin: server.url, cookie: staff.cookie }, json: { reason: 'Khách mua nhầm học liệu' } });
		expect(refund.status, refund.text).toBe(200);
		for (const f of listed) expect((await exchange({ token, fileId: f.id })).status).toBe(403);
		expect((await exchange({ token, all: true })).status).toBe(403);
		const zip = await fetch(zipLink);
		expect(zip.status).toBe(403);
		expect((await zip.json()).error.message).toBe('Liên kết tải xuống không hợp lệ hoặc đã hết hạn.');
	});

	it('an upheld takedown refuses every file and the ZIP; a report still under review does not', async () => {
		const { product } = await onSale(soldFiles(randomUUID()));
		const { token } = await buy(product.id);
		const zipLink = (await exchange({ token, all: true })).body.data.url;
		const listed = (await exchange({ token })).body.data.files;
		const reportId = randomUUID();
		await sql(
			server.url,
			`INSERT INTO product_reports (id, product_id, kind, reporter_name, reporter_email, original_work, message, sworn_at, status, created_at)
			 VALUES ($1, $2, 'copyright', 'NXB Giáo dục', 'banquyen@example.com', 'Sách giáo khoa Tiếng Anh 6', 'Sao chép nguyên văn sách của chúng tôi.', now(), 'suspended', now())`,
			[reportId, product.id]
		);
		expect((await exchange({ token, fileId: listed[1].id })).status).toBe(200);
		await sql(server.url, "UPDATE product_reports SET status = 'upheld', decided_at = now() WHERE id = $1", [reportId]);
		for (const f of listed) {
			const refused = await exchange({ token, fileId: f.id });
			expect(refused.status).toBe(403);
			expect(refused.body.error.message).toMatch(/^Học liệu này đã bị gỡ sau khiếu nại bản quyền/);
		}
		expect((await fetch(zipLink)).status).toBe(403);
	});
});

/** Resident set of a process, from /proc (Linux): what the server really holds, heap and buffers alike. */
function rssBytes(pid: number): number {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
	return Number(/(\d+)/.exec(line)![1]) * 1024;
}

describe('the ZIP is streamed', () => {
	it('serving a ZIP of a file many times the RSS bound never holds the file: peak RSS growth stays under a third of its size', async () => {
		const SIZE = 192 * 1024 ** 2;
		const [id] = await insertProducts(server.url, [{ categoryId: category.id, title: 'Video bài giảng', slug: `video-${randomUUID().slice(0, 8)}` }]);
		const key = `products/${id}/lon.wav`;
		// Written straight into the file store (FsStorage layout: objects/ and meta/), so the server never touched the bytes before.
		const object = join(server.dataDir, 'files', 'objects', key);
		mkdirSync(dirname(object), { recursive: true });
		const hash = createHash('sha256');
		await new Promise<void>((resolve, reject) => {
			const out = createWriteStream(object);
			out.on('error', reject);
			const chunk = Buffer.alloc(1024 ** 2);
			let written = 0;
			const more = () => {
				while (written < SIZE) {
					chunk.fill(written / 1024 ** 2);
					hash.update(chunk);
					written += chunk.length;
					if (!out.write(chunk)) return void out.once('drain', more);
				}
				out.end(resolve);
			};
			more();
		});
		mkdirSync(dirname(join(server.dataDir, 'files', 'meta', key)), { recursive: true });
		writeFileSync(join(server.dataDir, 'files', 'meta', `${key}.json`), JSON.stringify({ size: SIZE, contentType: 'audio/wav' }));
		await sql(server.url, "UPDATE products SET file_key = $1, file_name = 'Bài giảng.wav' WHERE id = $2", [key, id]);
		const buyer = await createUser(server.url);
		await sql(server.url, "INSERT INTO product_ownerships (user_id, product_id, source) VALUES ($1, $2, 'grant')", [buyer.userId, id]);
		const owned = await request(server.url, '/api/trpc/storefront.ownedDownload?input=' + encodeURIComponent(JSON.stringify({ productId: id })), { headers: { cookie: buyer.cookie } });
		expect(owned.status, owned.text).toBe(200);
		const token = new URL(owned.body.result.data.url, server.url).searchParams.get('token');
		const all = await exchange({ token, all: true });
		expect(all.status, all.text).toBe(200);

		const pid = server.child.pid!;
		const before = rssBytes(pid);
		let peak = before;
		const res = await fetch(all.body.data.url);
		expect(res.status).toBe(200);
		// The entry's bytes sit between its local header (30 bytes and the name) and its data descriptor.
		const from = 30 + Buffer.byteLength('Bài giảng.wav');
		const received = createHash('sha256');
		let total = 0;
		let tail = Buffer.alloc(0);
		const reader = res.body!.getReader();
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			const start = Math.max(0, from - total);
			const end = Math.min(value.byteLength, from + SIZE - total);
			if (end > start) received.update(value.subarray(start, end));
			total += value.byteLength;
			tail = Buffer.concat([tail, value]).subarray(-256);
			peak = Math.max(peak, rssBytes(pid));
		}
		expect(total).toBe(Number(res.headers.get('content-length')));
		expect(received.digest('hex')).toBe(hash.digest('hex'));
		expect(tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
		// Buffering the file would add all of it; streaming adds what is in flight (about 30 MB here, mostly garbage not yet collected).
		expect(peak - before).toBeLessThan(SIZE / 3);
	}, 120_000);
});
