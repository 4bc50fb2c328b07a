/**
 * Attachments on messages over HTTP against the built server (file-system
 * store): the upload pipeline with the purpose `attachment` (types by content,
 * the size cap), sending text + files or files alone, who can fetch the bytes
 * (the parties, staff once reported; everyone else the conversation's 404),
 * the headers they come with, refusals that leave nothing half-written, and
 * the unattached sweep leaving sent files alone.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBytes } from '../../src/lib/server/platform/storage/samples/pdf';
import { ask, as, person, productOf, trpcHeaders, type Person } from '../helpers/conversations';
import { advanceClock, request, sql } from '../helpers/http';
import { trpcMutation } from '../helpers/trpc';
import { startServer, type TestServer } from '../helpers/server';

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const MAX_BYTES = 64 * 1024;
const PDF = pdfBytes('Phiếu bài tập', ['Bài 1: Tính 12 + 7.']);

let server: TestServer;
let base: string;

beforeAll(async () => {
	server = await startServer({
		env: { TRUST_PROXY: 'true', MESSAGE_RATE_LIMIT: '100', CONVERSATION_RATE_LIMIT: '50', MESSAGE_ATTACHMENT_MAX_BYTES: String(MAX_BYTES), UPLOAD_UNATTACHED_TTL_HOURS: '2' }
	});
	base = server.url;
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const objectExists = async (uploadId: string) => {
	const [row] = await sql<{ storage_key: string }>(base, 'SELECT storage_key FROM uploads WHERE id = $1', [uploadId]);
	return existsSync(join(server.dataDir, 'files', 'objects', row!.storage_key));
};

function slot(who: Person, bytes: Uint8Array, fileName: string, contentType: string, sizeBytes = bytes.byteLength) {
	return as(base, who, '/api/v1/conversations/attachments', { method: 'POST', json: { fileName, contentType, sizeBytes, sha256: sha256(bytes) } });
}

/** Slot, PUT, complete: the verified attachment's id. */
async function attach(who: Person, bytes: Uint8Array, fileName: string, contentType: string): Promise<string> {
	const s = await slot(who, bytes, fileName, contentType);
	expect(s.status, s.text).toBe(200);
	const put = await fetch(s.body.data.put.url, { method: 'PUT', headers: s.body.data.put.headers, body: Buffer.from(bytes) });
	expect(put.status).toBeLessThan(300);
	const done = await as(base, who, `/api/v1/conversations/attachments/${s.body.data.upload.id}/complete`, { method: 'POST', json: {} });
	expect(done.status, done.text).toBe(200);
	expect(done.body.data).toMatchObject({ status: 'verified', purpose: 'attachment' });
	return s.body.data.upload.id;
}

const send = (who: Person, conversationId: string, json: Record<string, unknown>) => as(base, who, `/api/v1/conversations/${conversationId}/messages`, { method: 'POST', json });
const fetchAs = (who: Person | null, url: string) => fetch(`${base}${url}`, { headers: who ? { cookie: who.cookie, 'x-forwarded-for': who.ip } : {} });

async function conversationBetween(): Promise<{ buyer: Person; author: Person; conversationId: string }> {
	const [buyer, author] = await Promise.all([person(base, { name: 'Thầy Minh' }), person(base, { role: 'author', name: 'Cô Lan' })]);
	const product = await productOf(base, author);
	const started = await ask(base, buyer, { productId: product.id, body: 'Cô xem giúp em trang này ạ.' });
	expect(started.status, started.text).toBe(200);
	return { buyer, author, conversationId: started.body.data.conversation.id };
}

describe('sending attachments', () => {
	it('sends text with an image and a PDF; both parties see them and get the bytes with safe headers', async () => {
		const { buyer, author, conversationId } = await conversationBetween();
		const image = await attach(buyer, PNG, 'ảnh chụp trang 3.png', 'image/png');
		const pdf = await attach(buyer, PDF, 'Phiếu bài tập.pdf', 'application/pdf');

		const sent = await send(buyer, conversationId, { body: 'Trang này bị lỗi font ạ.', attachmentIds: [image, pdf] });
		expect(sent.status, sent.text).toBe(200);
		expect(sent.body.data.attachments).toEqual([
			{ id: image, fileName: 'ảnh chụp trang 3.png', contentType: 'image/png', sizeBytes: PNG.byteLength, url: `/api/v1/conversations/${conversationId}/attachments/${image}` },
			{ id: pdf, fileName: 'Phiếu bài tập.pdf', contentType: 'application/pdf', sizeBytes: PDF.byteLength, url: `/api/v1/conversations/${conversationId}/attachments/${pdf}` }
		]);

		const page = await as(base, author, `/api/v1/conversations/${conversationId}/messages`);
		expect(page.body.data.at(-1)).toMatchObject({ body: 'Trang này bị lỗi font ạ.', mine: false, attachments: sent.body.data.attachments });
		const list = await as(base, author, '/api/v1/conversations');
		expect(list.body.data[0].lastMessage.attachments).toHaveLength(2);

		for (const who of [buyer, author]) {
			const img = await fetchAs(who, sent.body.data.attachments[0].url);
			expect(img.status).toBe(200);
			expect(img.headers.get('content-type')).toBe('image/png');
			expect(img.headers.get('x-content-type-options')).toBe('nosniff');
			expect(img.headers.get('content-disposition')).toMatch(/^inline; filename="anh chup trang 3.png"; filename\*=UTF-8''/);
			expect(img.headers.get('content-security-policy')).toContain('sandbox');
			expect(img.headers.get('cache-control')).toContain('private');
			expect(Buffer.from(await img.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
		}
		const doc = await fetchAs(author, sent.body.data.attachments[1].url);
		expect(doc.status).toBe(200);
		expect(doc.headers.get('content-type')).toBe('application/pdf');
		expect(doc.headers.get('content-disposition')).toMatch(/^attachment; filename="Phieu bai tap.pdf"/);
		expect(Buffer.from(await doc.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
	});

	it('sends a message that is only attachments; text stays 1–4 000 characters when present', async () => {
		const { buyer, author, conversationId } = await conversationBetween();
		const image = await attach(author, PNG, 'dap-an.png', 'image/png');
		const only = await send(author, conversationId, { attachmentIds: [image] });
		expect(only.status, only.text).toBe(200);
		expect(only.body.data).toMatchObject({ body: '', attachments: [expect.objectContaining({ id: image })] });
		// The buyer is told of the reply even without text.
		const [notice] = await sql<{ body: string }>(base, "SELECT body FROM notifications WHERE user_id = $1 AND kind = 'conversation.reply'", [buyer.userId]);
		expect(notice?.body).toBe('Đã gửi 1 tệp đính kèm.');

		const neither = await send(buyer, conversationId, {});
		expect(neither.status).toBe(400);
		expect(neither.body.error.details.fields).toEqual([expect.objectContaining({ path: 'body', message: 'Vui lòng nhập nội dung tin nhắn hoặc đính kèm tệp.' })]);
		const blank = await send(buyer, conversationId, { body: '   ', attachmentIds: [await attach(buyer, PNG, 'a.png', 'image/png')] });
		expect(blank.status).toBe(400);
		expect(blank.body.error.details.fields[0]).toMatchObject({ path: 'body', message: 'Vui lòng nhập nội dung tin nhắn.' });
	});

	it('refuses five files, one sent before, someone else\'s, an unverified one — and writes nothing', async () => {
		const { buyer, author, conversationId } = await conversationBetween();
		const before = await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM conversation_messages WHERE conversation_id = $1', [conversationId]);
		const ids = await Promise.all([0, 1, 2, 3, 4].map((i) => attach(buyer, PNG, `anh-${i}.png`, 'image/png')));
		const five = await send(buyer, conversationId, { body: 'Năm ảnh', attachmentIds: ids });
		expect(five.status).toBe(400);
		expect(five.body.error.details.fields[0]).toMatchObject({ path: 'attachmentIds', message: 'Mỗi tin nhắn đính kèm tối đa 4 tệp.' });

		expect((await send(buyer, conversationId, { body: 'Hai lần', attachmentIds: [ids[0], ids[0]] })).status).toBe(400);
		const theirs = await attach(author, PNG, 'cua-tac-gia.png', 'image/png');
		const stolen = await send(buyer, conversationId, { body: 'Của người khác', attachmentIds: [ids[0], theirs] });
		expect(stolen.status).toBe(400);
		expect(stolen.body.error.message).toContain('Có tệp đính kèm không dùng được');

		const pending = await slot(buyer, PNG, 'chua-gui.png', 'image/png');
		expect((await send(buyer, conversationId, { attachmentIds: [pending.body.data.upload.id] })).status).toBe(400);
		// A studio upload (another purpose) is not an attachment either, even the sender's own.
		const studio = await as(base, author, '/api/v1/studio/uploads', { method: 'POST', json: { purpose: 'cover', fileName: 'bia.png', contentType: 'image/png', sizeBytes: PNG.byteLength, sha256: sha256(PNG) } });
		expect(studio.status, studio.text).toBe(200);
		expect((await as(base, author, `/api/v1/conversations/attachments/${studio.body.data.upload.id}/complete`, { method: 'POST', json: {} })).status).toBe(404);

		const after = await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM conversation_messages WHERE conversation_id = $1', [conversationId]);
		expect(after[0]!.n).toBe(before[0]!.n);
		expect(await sql(base, "SELECT 1 FROM message_attachments WHERE upload_id = ANY(string_to_array($1, ',')::uuid[])", [[...ids, theirs].join(',')])).toHaveLength(0);

		// Sent once, an attachment cannot go with a second message.
		expect((await send(buyer, conversationId, { attachmentIds: [ids[1]] })).status).toBe(200);
		const again = await send(buyer, conversationId, { attachmentIds: [ids[1]] });
		expect(again.status).toBe(400);
	});
});

describe('what may be attached', () => {
	it('takes images and PDFs by content only, up to MESSAGE_ATTACHMENT_MAX_BYTES', async () => {
		const who = await person(base);
		const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
		const declaredHtml = await slot(who, html, 'trang.html', 'text/html');
		expect(declaredHtml.status).toBe(400);
		expect(declaredHtml.body.error.details.reason).toBe('type_not_allowed');
		const svg = await slot(who, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'hinh.svg', 'image/svg+xml');
		expect(svg.status).toBe(400);
		const docx = await slot(who, PNG, 'bai.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
		expect(docx.status).toBe(400);
		const big = await slot(who, PNG, 'lon.png', 'image/png', MAX_BYTES + 1);
		expect(big.status).toBe(400);
		expect(big.body.error.details).toMatchObject({ reason: 'too_large', maxBytes: MAX_BYTES });

		// HTML bytes declared as a PNG are found out on completion and deleted.
		const disguised = await slot(who, html, 'anh.png', 'image/png');
		expect(disguised.status, disguised.text).toBe(200);
		await fetch(disguised.body.data.put.url, { method: 'PUT', headers: disguised.body.data.put.headers, body: Buffer.from(html) });
		const done = await as(base, who, `/api/v1/conversations/attachments/${disguised.body.data.upload.id}/complete`, { method: 'POST', json: {} });
		expect(done.status).toBe(400);
		expect(done.body.error.details.reason).toBe('unknown_type');
		expect(await objectExists(disguised.body.data.upload.id)).toBe(false);

		const anonymous = await request(base, '/api/v1/conversations/attachments', { method: 'POST', json: { fileName: 'a.png', contentType: 'image/png', sizeBytes: 1, sha256: sha256(PNG) }, headers: { origin: base } });
		expect(anonymous.status).toBe(401);
	});
});

describe('who gets the bytes', () => {
	it('answers 404 to anyone but the parties, as for the conversation; staff once it was reported', async () => {
		const { buyer, author, conversationId } = await conversationBetween();
		const image = await attach(author, PNG, 'bang.png', 'image/png');
		const sent = await send(author, conversationId, { body: 'Đây ạ', attachmentIds: [image] });
		const url: string = sent.body.data.attachments[0].url;
		const [outsider, staff] = await Promise.all([person(base), person(base, { role: 'staff' })]);

		for (const who of [outsider, staff]) {
			const res = await fetchAs(who, url);
			expect(res.status).toBe(404);
			const conversation = await as(base, who, `/api/v1/conversations/${conversationId}/messages`);
			expect(conversation.status).toBe(404);
			expect((await res.json()).error).toMatchObject({ code: 'not_found', message: conversation.body.error.message });
		}
		expect((await fetchAs(null, url)).status).toBe(401);
		// An attachment id under another conversation of the same reader is not found there.
		const other = await conversationBetween();
		expect((await fetchAs(author, `/api/v1/conversations/${other.conversationId}/attachments/${image}`)).status).toBe(404);

		const reported = await trpcMutation(base, 'conversations.report', { id: conversationId, messageId: sent.body.data.id, reason: 'Ảnh không phù hợp' }, trpcHeaders(buyer));
		expect(reported.status, JSON.stringify(reported.error)).toBe(200);
		expect((await fetchAs(staff, url)).status).toBe(200);
		expect((await fetchAs(outsider, url)).status).toBe(404);
	});
});

describe('the unattached sweep', () => {
	it('deletes attachments never sent after UPLOAD_UNATTACHED_TTL_HOURS and keeps the ones on messages', async () => {
		const { buyer, conversationId } = await conversationBetween();
		const kept = await attach(buyer, PNG, 'da-gui.png', 'image/png');
		const loose = await attach(buyer, PNG, 'chua-gui.png', 'image/png');
		expect((await send(buyer, conversationId, { attachmentIds: [kept] })).status).toBe(200);
		await advanceClock(base, 3 * 3_600_000);
		const sweep = await request(base, '/api/v1/_test/uploads/sweep', { method: 'POST', json: {} });
		expect(sweep.status, sweep.text).toBe(200);
		const rows = await sql<{ id: string; status: string }>(base, "SELECT id, status FROM uploads WHERE id = ANY(string_to_array($1, ',')::uuid[])", [[kept, loose].join(',')]);
		expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [kept]: 'verified', [loose]: 'expired' });
		expect(await objectExists(kept)).toBe(true);
		expect(await objectExists(loose)).toBe(false);
		expect((await fetchAs(buyer, `/api/v1/conversations/${conversationId}/attachments/${kept}`)).status).toBe(200);
	});
});
