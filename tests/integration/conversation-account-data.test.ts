/**
 * Conversations and the person's own data, over HTTP against the built
 * server: the data export holds their conversations with every message (sent
 * and received, attachments named), their reports, blocks and notifications;
 * deleting the account keeps the other party's thread readable ("Tài khoản đã
 * xoá", the person's text emptied, their attachment files gone from storage,
 * open conversations closed) and leaves nothing of theirs behind. Also the
 * answer mail of a signed-out support request, whose link continues it as a
 * support conversation for the account with that verified address only.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, as, person, productOf, trpcHeaders, type Person } from '../helpers/conversations';
import { createUser, request, sql } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { trpcMutation } from '../helpers/trpc';

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const PASSWORD = 'Mùa thu lớp học 2025';

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;

beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', MESSAGE_RATE_LIMIT: '100', CONVERSATION_RATE_LIMIT: '50', SUPPORT_RATE_LIMIT_IP: '100' } });
	base = server.url;
}, 120_000);
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A customer with a password (deleting an account asks for it). */
async function signUp(name: string, email = `gv-${randomUUID().slice(0, 8)}@truong.edu.vn`): Promise<Person> {
	const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
	const res = await request(base, '/api/auth/sign-up/email', { method: 'POST', json: { email, password: PASSWORD, name }, headers: { 'x-forwarded-for': ip } });
	expect(res.status, res.text).toBe(200);
	const raw = res.headers.getSetCookie().find((c) => c.startsWith('auth.session_data='))!;
	const cookie = raw.split(';')[0]!;
	const who = await request(base, '/api/auth/session', { headers: { cookie } });
	return { userId: who.body.user.id, email, cookie, ip };
}

async function attach(who: Person, fileName: string): Promise<string> {
	const s = await as(base, who, '/api/v1/conversations/attachments', { method: 'POST', json: { fileName, contentType: 'image/png', sizeBytes: PNG.byteLength, sha256: sha256(PNG) } });
	expect(s.status, s.text).toBe(200);
	await fetch(s.body.data.put.url, { method: 'PUT', headers: s.body.data.put.headers, body: Buffer.from(PNG) });
	const done = await as(base, who, `/api/v1/conversations/attachments/${s.body.data.upload.id}/complete`, { method: 'POST', json: {} });
	expect(done.status, done.text).toBe(200);
	return s.body.data.upload.id;
}

const objectPath = async (uploadId: string) => {
	const [row] = await sql<{ storage_key: string }>(base, 'SELECT storage_key FROM uploads WHERE id = $1', [uploadId]);
	return join(server.dataDir, 'files', 'objects', row!.storage_key);
};

describe('the data export and account deletion', () => {
	it('exports the conversations; deleting keeps the other side readable and removes what the person wrote and attached', async () => {
		const buyer = await signUp('Thầy Minh');
		const author = await person(base, { role: 'author', name: 'Cô Lan' });
		const product = await productOf(base, author);
		const started = await ask(base, buyer, { productId: product.id, body: 'Số điện thoại của em là 0912 345 678 ạ.' });
		expect(started.status, started.text).toBe(200);
		const conversationId: string = started.body.data.conversation.id;
		const image = await attach(buyer, 'bai-lam.png');
		expect((await as(base, buyer, `/api/v1/conversations/${conversationId}/messages`, { method: 'POST', json: { body: 'Bài làm của con em', attachmentIds: [image] } })).status).toBe(200);
		const answer = await as(base, author, `/api/v1/conversations/${conversationId}/messages`, { method: 'POST', json: { body: 'Cô đã xem, bài làm tốt.' } });
		expect(answer.status, answer.text).toBe(200);
		// The buyer blocks nobody, but reports the author's message and has a support conversation too.
		expect((await trpcMutation(base, 'conversations.report', { id: conversationId, messageId: answer.body.data.id, reason: 'Thử báo cáo' }, trpcHeaders(buyer))).status).toBe(200);
		const support = await ask(base, buyer, { toSupport: true, body: 'Cho em hỏi về hoá đơn.' });
		expect(support.status).toBe(200);
		const filePath = await objectPath(image);
		expect(existsSync(filePath)).toBe(true);

		const exported = await fetch(`${base}/tai-khoan/du-lieu`, { headers: { cookie: buyer.cookie } });
		expect(exported.status).toBe(200);
		const data = await exported.json();
		expect(data.conversations).toEqual([
			expect.objectContaining({ id: conversationId, kind: 'product', status: 'open', startedByMe: true, product: { id: product.id, title: product.title }, with: 'Cô Lan' }),
			expect.objectContaining({ id: support.body.data.conversation.id, kind: 'support', with: 'Hỗ trợ hoclieu' })
		]);
		expect(data.messages.map((m: { conversationId: string; from: string; body: string; attachments: unknown[] }) => [m.conversationId === conversationId, m.from, m.body, m.attachments])).toEqual([
			[true, 'Tôi', 'Số điện thoại của em là 0912 345 678 ạ.', []],
			[true, 'Tôi', 'Bài làm của con em', [{ fileName: 'bai-lam.png', contentType: 'image/png', sizeBytes: PNG.byteLength }]],
			[true, 'Cô Lan', 'Cô đã xem, bài làm tốt.', []],
			[false, 'Tôi', 'Cho em hỏi về hoá đơn.', []]
		]);
		expect(data.messageReports).toEqual([expect.objectContaining({ messageId: answer.body.data.id, conversationId, reason: 'Thử báo cáo' })]);
		expect(data.blocked).toEqual([]);
		expect(data.notifications).toEqual([expect.objectContaining({ kind: 'conversation.reply', group: 'messages', title: `Cô Lan đã trả lời về “${product.title}”` })]);
		// The author's side: the buyer's question is in their notifications, and they block the buyer.
		expect((await trpcMutation(base, 'conversations.block', { id: conversationId, blocked: true }, trpcHeaders(author))).status).toBe(200);
		const authorExport = await (await fetch(`${base}/tai-khoan/du-lieu`, { headers: { cookie: author.cookie } })).json();
		expect(authorExport.blocked).toEqual([expect.objectContaining({ name: 'Thầy Minh' })]);
		expect(authorExport.messages.filter((m: { mine: boolean }) => !m.mine).map((m: { from: string }) => m.from)).toEqual(['Thầy Minh', 'Thầy Minh']);

		const deleted = await trpcMutation(base, 'account.delete', { password: PASSWORD, confirm: 'XOA' }, trpcHeaders(buyer));
		expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);

		// The author's thread stays, with the person as "Tài khoản đã xoá" and their words and files gone.
		const list = await as(base, author, '/api/v1/conversations');
		expect(list.body.data[0]).toMatchObject({ id: conversationId, status: 'closed', otherParty: { name: 'Tài khoản đã xoá' }, blocked: false });
		const thread = await as(base, author, `/api/v1/conversations/${conversationId}/messages`);
		expect(thread.status, thread.text).toBe(200);
		expect(thread.body.data.map((m: { mine: boolean; body: string; attachments: unknown[] }) => [m.mine, m.body, m.attachments.length])).toEqual([
			[false, '', 0],
			[false, '', 0],
			[true, 'Cô đã xem, bài làm tốt.', 0]
		]);
		expect((await as(base, author, `/api/v1/conversations/${conversationId}/attachments/${image}`)).status).toBe(404);
		expect(existsSync(filePath)).toBe(false);
		expect(await sql(base, 'SELECT 1 FROM uploads WHERE owner_id = $1', [buyer.userId])).toHaveLength(0);
		// Closed: nobody writes into an account that no longer exists.
		expect((await as(base, author, `/api/v1/conversations/${conversationId}/messages`, { method: 'POST', json: { body: 'Còn đó không?' } })).status).toBe(409);
		// The author's notice about the question no longer quotes it.
		const [notice] = await sql<{ body: string }>(base, "SELECT body FROM notifications WHERE user_id = $1 AND kind = 'conversation.question'", [author.userId]);
		expect(notice).toEqual({ body: '' });
		for (const table of ['notifications', 'live_events', 'conversation_reads', 'message_reports']) {
			const column = table === 'message_reports' ? 'reporter_id' : 'user_id';
			expect(await sql(base, `SELECT 1 FROM ${table} WHERE ${column} = $1`, [buyer.userId]), table).toHaveLength(0);
		}
		expect(await sql(base, 'SELECT 1 FROM conversation_blocks WHERE blocker_id = $1 OR blocked_id = $2', [buyer.userId, buyer.userId])).toHaveLength(0);
		expect(await sql(base, "SELECT 1 FROM live_events WHERE type = 'message' AND data->'message'->>'senderId' = $1", [buyer.userId])).toHaveLength(0);
	});
});

describe('continuing a signed-out support request', () => {
	it('the answer mail links to a support conversation with the history, for the verified address only', async () => {
		const email = `co.hanh.${randomUUID().slice(0, 6)}@truong.edu.vn`;
		const created = await trpcMutation(base, 'support.create', { email, name: 'Cô Hạnh', subject: 'Không tải được giáo án', message: 'Tôi đã thanh toán nhưng không tải được, xin hỗ trợ.' }, { 'x-forwarded-for': '10.9.8.7' });
		expect(created.status, JSON.stringify(created.error)).toBe(200);
		const staff = await person(base, { role: 'staff', name: 'Nhân viên Hà' });
		const since = smtp.messages.length;
		const answered = await trpcMutation(base, 'admin.support.answer', { id: created.data.id, answer: 'Chúng tôi đã gửi lại liên kết tải cho cô.' }, trpcHeaders(staff));
		expect(answered.status, JSON.stringify(answered.error)).toBe(200);
		const mail = await smtp.next(email, since);
		const link = mail.text.match(/https?:\/\/\S+\/ho-tro\/tiep-tuc\?t=\S+/)?.[0];
		expect(link, mail.text).toBeTruthy();
		const path = new URL(link!).pathname + new URL(link!).search;

		// Signed out: sign in first, then back here.
		const signedOut = await fetch(`${base}${path}`, { redirect: 'manual' });
		expect(signedOut.status).toBe(303);
		expect(signedOut.headers.get('location')).toBe(`/dang-nhap?returnTo=${encodeURIComponent(path)}`);

		// Someone else's account is refused, on the page and on the button.
		const other = await createUser(base, { name: 'Người khác' });
		const otherPage = await request(base, path, { headers: { cookie: other.cookie, accept: 'text/html' } });
		expect(otherPage.status).toBe(200);
		expect(otherPage.text).toContain('không phải email của tài khoản bạn đang dùng');
		const token = new URL(link!).searchParams.get('t')!;
		const refused = await trpcMutation(base, 'support.continue', { token }, { cookie: other.cookie });
		expect(refused.status).toBe(403);
		// The right address, not yet verified: refused too.
		const owner = await createUser(base, { email, name: 'Cô Hạnh' });
		expect((await trpcMutation(base, 'support.continue', { token }, { cookie: owner.cookie })).status).toBe(403);
		await sql(base, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [owner.userId]);
		// A forged or altered token is the same 404 as an unknown one.
		expect((await trpcMutation(base, 'support.continue', { token: `${token}x` }, { cookie: owner.cookie })).status).toBe(404);

		const page = await request(base, path, { headers: { cookie: owner.cookie, accept: 'text/html' } });
		expect(page.text).toContain('Tiếp tục trong Tin nhắn');
		const pressed = await request(base, `${path}`, { method: 'POST', body: new URLSearchParams({}), headers: { cookie: owner.cookie, origin: base, accept: 'text/html' } });
		expect(pressed.status).toBe(303);
		const conversationId = new URL(pressed.headers.get('location')!, base).searchParams.get('c')!;
		expect(pressed.headers.get('location')).toBe(`/tin-nhan?c=${conversationId}`);

		const ownerPerson = { ...owner, ip: '10.9.8.8' };
		const thread = await as(base, ownerPerson, `/api/v1/conversations/${conversationId}/messages`);
		expect(thread.body.data.map((m: { mine: boolean; fromStaff: boolean; body: string }) => [m.mine, m.fromStaff, m.body])).toEqual([
			[true, false, 'Không tải được giáo án\n\nTôi đã thanh toán nhưng không tải được, xin hỗ trợ.'],
			[false, true, 'Chúng tôi đã gửi lại liên kết tải cho cô.']
		]);
		const [conversation] = (await as(base, ownerPerson, '/api/v1/conversations')).body.data;
		expect(conversation).toMatchObject({ id: conversationId, kind: 'support', unreadCount: 0, otherParty: { name: 'Hỗ trợ hoclieu' } });
		// Staff see it in the shared inbox, the question unread.
		const inbox = (await as(base, staff, '/api/v1/conversations')).body.data.find((c: { id: string }) => c.id === conversationId);
		expect(inbox).toMatchObject({ unreadCount: 1 });
		// The person writes on in it; pressing again leads to the same conversation.
		expect((await as(base, ownerPerson, `/api/v1/conversations/${conversationId}/messages`, { method: 'POST', json: { body: 'Cảm ơn, tôi tải được rồi.' } })).status).toBe(200);
		const again = await trpcMutation(base, 'support.continue', { token }, { cookie: owner.cookie });
		expect(again.data).toEqual({ conversationId });
		expect((await as(base, ownerPerson, `/api/v1/conversations/${conversationId}/messages`)).body.data).toHaveLength(3);
		const [ticket] = await sql<{ conversation_id: string; user_id: string }>(base, 'SELECT conversation_id, user_id FROM support_tickets WHERE id = $1', [created.data.id]);
		expect(ticket).toEqual({ conversation_id: conversationId, user_id: owner.userId });
	});
});
