/**
 * The safety side of conversations over HTTP: limits per account and per
 * address (429 with Retry-After), "Chặn" (a blocked person cannot write to
 * the blocker), "Báo cáo" (staff can then read the conversation and close it,
 * audited, both parties told), and the console page of reported ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, as, notificationRows, person, productOf, reply, trpcHeaders, type Person } from '../helpers/conversations';
import { clearOfWindowEdge, HOUR_WINDOW, MINUTE_WINDOW, request } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';
import { trpcMutation, trpcQuery } from '../helpers/trpc';

let server: TestServer;
let base: string;
let staff: Person;

beforeAll(async () => {
	server = await startServer({
		env: { TRUST_PROXY: 'true', CONVERSATION_RATE_LIMIT: '3', CONVERSATION_RATE_LIMIT_IP: '5', MESSAGE_RATE_LIMIT: '6', MESSAGE_RATE_LIMIT_IP: '10' }
	});
	base = server.url;
	staff = await person(base, { role: 'staff', name: 'Nhân viên Hà' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

function expectLimited(res: { status: number; headers: Headers; body: any; text: string }) {
	expect(res.status, res.text).toBe(429);
	expect(res.body.error.code).toBe('rate_limited');
	expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

async function conversationBetween(buyer: Person, author: Person): Promise<string> {
	const product = await productOf(base, author);
	const res = await ask(base, buyer, { productId: product.id, body: 'Cho mình hỏi một chút' });
	expect(res.status, res.text).toBe(200);
	return res.body.data.conversation.id;
}

describe('limits', () => {
	it('answer 429 with Retry-After per account and per address, for new conversations and for messages', async () => {
		// Messages count per minute, conversations per hour; an hour's edge is a minute's too.
		await clearOfWindowEdge(base, MINUTE_WINDOW);
		await clearOfWindowEdge(base, HOUR_WINDOW);
		const shared = '203.0.113.77';
		const [a, b, author] = await Promise.all([person(base, { ip: shared }), person(base, { ip: shared }), person(base, { role: 'author' })]);
		const product = await productOf(base, author);
		for (let i = 0; i < 3; i++) expect((await ask(base, a, { productId: product.id, body: `Lần ${i}` })).status).toBe(200);
		expectLimited(await ask(base, a, { productId: product.id, body: 'Lần thứ tư' }));
		// A request the account budget refused never reached the address budget: the address has spent 3 of its 5, so b gets two.
		for (let i = 0; i < 2; i++) expect((await ask(base, b, { productId: product.id, body: `Mình cũng hỏi ${i}` })).status).toBe(200);
		expectLimited(await ask(base, b, { productId: product.id, body: 'Hỏi tiếp' }));

		const [c, d] = await Promise.all([person(base, { ip: '203.0.113.78' }), person(base, { ip: '203.0.113.78' })]);
		const id = await conversationBetween(c, author);
		for (let i = 0; i < 6; i++) expect((await reply(base, c, id, `Tin ${i}`)).status).toBe(200);
		expectLimited(await reply(base, c, id, 'Tin thứ bảy'));
		// Same address, another account: 4 left of the address's budget of 10 a minute.
		const other = await conversationBetween(d, author);
		for (let i = 0; i < 4; i++) expect((await reply(base, d, other, `Tin ${i}`)).status).toBe(200);
		expectLimited(await reply(base, d, other, 'Quá nhiều'));
	});
});

describe('blocking', () => {
	it('stops the blocked person writing to the blocker (403), and the blocker until they unblock (409)', async () => {
		const [buyer, author] = await Promise.all([person(base), person(base, { role: 'author' })]);
		const id = await conversationBetween(buyer, author);
		const blocked = await trpcMutation(base, 'conversations.block', { id, blocked: true }, trpcHeaders(author));
		expect(blocked.status, JSON.stringify(blocked.error)).toBe(200);

		const refused = await reply(base, buyer, id, 'Bạn còn đó không?');
		expect(refused.status).toBe(403);
		expect(refused.body.error).toMatchObject({ code: 'forbidden', message: 'Người này đã chặn tin nhắn từ bạn nên bạn không thể gửi thêm.' });
		// Not through a new question about another of the author's products either.
		const product = await productOf(base, author);
		expect((await ask(base, buyer, { productId: product.id, body: 'Hỏi sản phẩm khác' })).status).toBe(403);

		const own = await reply(base, author, id, 'Tôi trả lời nhé');
		expect(own.status).toBe(409);
		expect(own.body.error).toMatchObject({ code: 'conflict', message: 'Bạn đã chặn người này. Hãy bỏ chặn để gửi tin nhắn.' });
		const list = await as(base, author, '/api/v1/conversations');
		expect(list.body.data.find((c: { id: string }) => c.id === id).blocked).toBe(true);

		expect((await trpcMutation(base, 'conversations.block', { id, blocked: false }, trpcHeaders(author))).status).toBe(200);
		expect((await reply(base, buyer, id, 'Cảm ơn bạn')).status).toBe(200);
		// Only the parties can block: anyone else learns nothing.
		const stranger = await person(base);
		expect((await trpcMutation(base, 'conversations.block', { id, blocked: true }, trpcHeaders(stranger))).status).toBe(404);
	});
});

describe('reports', () => {
	it('let staff read the reported conversation and close it, audited, with both parties told', async () => {
		const [buyer, author] = await Promise.all([person(base, { name: 'Người mua' }), person(base, { role: 'author', name: 'Tác giả' })]);
		const id = await conversationBetween(buyer, author);
		const rude = await reply(base, author, id, 'Một tin nhắn khiếm nhã');
		expect(rude.status).toBe(200);

		// Not yet reported: staff get the same 404 as anyone.
		expect((await as(base, staff, `/api/v1/conversations/${id}/messages`)).status).toBe(404);
		expect((await trpcQuery(base, 'conversations.staff.get', { id }, trpcHeaders(staff))).status).toBe(404);

		// Nobody reports their own message; the other party can.
		expect((await trpcMutation(base, 'conversations.report', { id, messageId: rude.body.data.id, reason: 'Tự báo cáo' }, trpcHeaders(author))).status).toBe(409);
		const reported = await trpcMutation(base, 'conversations.report', { id, messageId: rude.body.data.id, reason: 'Lời lẽ xúc phạm' }, trpcHeaders(buyer));
		expect(reported.status, JSON.stringify(reported.error)).toBe(200);
		expect(await notificationRows(base, staff.userId)).toContainEqual(expect.objectContaining({ kind: 'staff.message_report', link: `/quan-tri/tin-nhan/${id}`, body: 'Lời lẽ xúc phạm' }));

		const queue = await trpcQuery(base, 'conversations.staff.reported', { status: 'open' }, trpcHeaders(staff));
		expect(queue.status).toBe(200);
		expect(queue.data.items.find((c: { id: string }) => c.id === id)).toMatchObject({ status: 'open', starter: { id: buyer.userId }, recipient: { id: author.userId }, reports: [{ messageId: rude.body.data.id, reason: 'Lời lẽ xúc phạm', reporterName: 'Người mua' }] });
		const messages = await as(base, staff, `/api/v1/conversations/${id}/messages`);
		expect(messages.status).toBe(200);
		expect(messages.body.data.map((m: { body: string }) => m.body)).toEqual(['Cho mình hỏi một chút', 'Một tin nhắn khiếm nhã']);
		// Staff read a reported conversation; they do not write into it.
		expect((await reply(base, staff, id, 'Nhân viên chen vào')).status).toBe(403);
		// A buyer cannot reach the console.
		expect((await trpcQuery(base, 'conversations.staff.reported', {}, trpcHeaders(buyer))).status).toBe(403);

		const page = await request(base, `/quan-tri/tin-nhan/${id}`, { headers: { cookie: staff.cookie } });
		expect(page.status).toBe(200);
		expect(page.text).toContain('Một tin nhắn khiếm nhã');
		expect(page.text).toContain('Lời lẽ xúc phạm');

		const closed = await trpcMutation(base, 'conversations.staff.close', { id, note: 'Vi phạm quy tắc ứng xử' }, trpcHeaders(staff));
		expect(closed.status, JSON.stringify(closed.error)).toBe(200);
		expect(closed.data.conversation.status).toBe('closed');
		expect((await trpcMutation(base, 'conversations.staff.close', { id, note: 'Đóng lần nữa' }, trpcHeaders(staff))).status).toBe(409);

		const audit = await as(base, staff, `/api/v1/admin/audit?action=conversation.close&targetId=${id}`);
		expect(audit.body.data).toEqual([expect.objectContaining({ action: 'conversation.close', actorId: staff.userId, summary: expect.objectContaining({ note: 'Vi phạm quy tắc ứng xử', after: expect.objectContaining({ status: 'closed' }) }) })]);
		for (const party of [buyer, author]) {
			expect(await notificationRows(base, party.userId)).toContainEqual(expect.objectContaining({ kind: 'conversation.closed', group: 'reports', body: 'Ghi chú của nhân viên: Vi phạm quy tắc ứng xử' }));
			const refused = await reply(base, party, id, 'Còn gửi được không?');
			expect(refused.status).toBe(409);
			expect(refused.body.error.message).toBe('Cuộc trò chuyện này đã bị đóng, không thể gửi thêm tin nhắn.');
		}
		// Asking about the same product again opens a new conversation (the closed one stays closed).
		const stillOther = await as(base, buyer, '/api/v1/conversations');
		expect(stillOther.body.data.find((c: { id: string }) => c.id === id).status).toBe('closed');
	});
});
