/**
 * Conversations over HTTP against the built server: where a question goes
 * (the product's author, or the staff inbox for a house product and for
 * support), that asking again continues the open conversation, that nobody
 * but the two parties can see one (404 on every route), exact unread counts
 * under 50 concurrent messages, /api/v1/me/unread, validation in the
 * contract's envelope, and the notifications each message writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, as, notificationRows, person, productOf, reply, unread, type Person } from '../helpers/conversations';
import { request } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: Person;

beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: 'true', MESSAGE_RATE_LIMIT: '100', CONVERSATION_RATE_LIMIT: '50' } });
	base = server.url;
	staff = await person(base, { role: 'staff', name: 'Nhân viên Hà' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

describe('asking about a product', () => {
	it('goes to its author, who is notified; asking again continues the open conversation', async () => {
		const [buyer, author] = await Promise.all([person(base, { name: 'Thầy Minh' }), person(base, { role: 'author', name: 'Cô Lan' })]);
		const product = await productOf(base, author);

		const first = await ask(base, buyer, { productId: product.id, body: '  Tài liệu có file Word không ạ?  ' });
		expect(first.status, first.text).toBe(200);
		const { conversation, message, created } = first.body.data;
		expect(created).toBe(true);
		expect(message).toMatchObject({ body: 'Tài liệu có file Word không ạ?', mine: true, fromStaff: false });
		expect(conversation).toMatchObject({ kind: 'product', status: 'open', otherParty: { id: author.userId, name: 'Cô Lan', isStaff: false }, product: { id: product.id, title: product.title }, unreadCount: 0 });

		expect(await notificationRows(base, author.userId)).toEqual([
			expect.objectContaining({ kind: 'conversation.question', group: 'studio', title: `Câu hỏi mới về “${product.title}”`, body: 'Tài liệu có file Word không ạ?', link: `/tin-nhan?c=${conversation.id}` })
		]);

		const again = await ask(base, buyer, { productId: product.id, body: 'Dùng cho bộ Cánh diều được không?' });
		expect(again.status, again.text).toBe(200);
		expect(again.body.data.created).toBe(false);
		expect(again.body.data.conversation.id).toBe(conversation.id);

		const authorList = await as(base, author, '/api/v1/conversations');
		expect(authorList.status, authorList.text).toBe(200);
		expect(authorList.body.data).toHaveLength(1);
		expect(authorList.body.data[0]).toMatchObject({ id: conversation.id, otherParty: { id: buyer.userId, name: 'Thầy Minh' }, unreadCount: 2, lastMessage: { body: 'Dùng cho bộ Cánh diều được không?', mine: false } });

		const answered = await reply(base, author, conversation.id, 'Có ạ, mình gửi kèm file Word.');
		expect(answered.status, answered.text).toBe(200);
		expect(await notificationRows(base, buyer.userId)).toEqual([
			expect.objectContaining({ kind: 'conversation.reply', group: 'messages', title: `Cô Lan đã trả lời về “${product.title}”`, link: `/tin-nhan?c=${conversation.id}` })
		]);
		// A second reply while the first notice is unread adds no second row: one "new messages" notice per conversation.
		expect((await reply(base, author, conversation.id, 'Bạn cần thêm gì cứ hỏi nhé.')).status).toBe(200);
		expect(await notificationRows(base, buyer.userId)).toHaveLength(1);

		const page = await as(base, buyer, `/api/v1/conversations/${conversation.id}/messages`);
		expect(page.status, page.text).toBe(200);
		expect(page.body.data.map((m: { body: string; mine: boolean }) => [m.mine, m.body])).toEqual([
			[true, 'Tài liệu có file Word không ạ?'],
			[true, 'Dùng cho bộ Cánh diều được không?'],
			[false, 'Có ạ, mình gửi kèm file Word.'],
			[false, 'Bạn cần thêm gì cứ hỏi nhé.']
		]);
		// Polling with `after` answers only what is newer.
		const after = await as(base, buyer, `/api/v1/conversations/${conversation.id}/messages?after=${page.body.data[2].id}`);
		expect(after.body.data.map((m: { body: string }) => m.body)).toEqual(['Bạn cần thêm gì cứ hỏi nhé.']);
		// Paging back with a cursor.
		const newest = await as(base, buyer, `/api/v1/conversations/${conversation.id}/messages?pageSize=3`);
		expect(newest.body).toMatchObject({ hasMore: true });
		const older = await as(base, buyer, `/api/v1/conversations/${conversation.id}/messages?pageSize=3&cursor=${encodeURIComponent(newest.body.nextCursor)}`);
		expect(older.body.data.map((m: { body: string }) => m.body)).toEqual(['Tài liệu có file Word không ạ?']);
		expect(older.body.hasMore).toBe(false);
	});

	it('opens one conversation when first questions about the same product race', async () => {
		const [buyer, author] = await Promise.all([person(base), person(base, { role: 'author' })]);
		const product = await productOf(base, author);
		const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => ask(base, buyer, { productId: product.id, body: `Câu hỏi cùng lúc ${i}` })));
		expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
		expect(new Set(answers.map((a) => a.body.data.conversation.id)).size).toBe(1);
		expect(answers.filter((a) => a.body.data.created)).toHaveLength(1);
		const id = answers[0]!.body.data.conversation.id;
		expect((await as(base, buyer, `/api/v1/conversations/${id}/messages`)).body.data).toHaveLength(5);
		// One "new question" for the author, however many arrived at once.
		expect((await notificationRows(base, author.userId)).filter((n) => n.kind === 'conversation.question')).toHaveLength(1);
	});

	it('goes to the staff inbox for a house-catalog product (no author), and staff are notified', async () => {
		const buyer = await person(base);
		const product = await productOf(base);
		const res = await ask(base, buyer, { productId: product.id, body: 'Học liệu này dùng cho lớp mấy?' });
		expect(res.status, res.text).toBe(200);
		const conversation = res.body.data.conversation;
		expect(conversation.otherParty).toEqual({ id: null, name: 'Hỗ trợ hoclieu', isStaff: true });
		expect(await notificationRows(base, staff.userId)).toContainEqual(
			expect.objectContaining({ kind: 'staff.product_question', group: 'staff', title: `Câu hỏi mới về “${product.title}” (học liệu của hoclieu)`, link: `/tin-nhan?c=${conversation.id}` })
		);
		const inbox = await as(base, staff, '/api/v1/conversations?pageSize=50');
		expect(inbox.body.data.map((c: { id: string }) => c.id)).toContain(conversation.id);
		const answer = await reply(base, staff, conversation.id, 'Dành cho lớp 1 ạ.');
		expect(answer.status, answer.text).toBe(200);
		expect(answer.body.data.fromStaff).toBe(true);
		const seen = await as(base, buyer, `/api/v1/conversations/${conversation.id}/messages`);
		expect(seen.body.data.at(-1)).toMatchObject({ body: 'Dành cho lớp 1 ạ.', fromStaff: true, mine: false });
	});
});

describe('support', () => {
	it('becomes a conversation with the staff inbox; staff hear of it and their answers are audited', async () => {
		const buyer = await person(base, { name: 'Cô Hoa' });
		const res = await ask(base, buyer, { toSupport: true, body: 'Tôi chưa nhận được mail hoá đơn.' });
		expect(res.status, res.text).toBe(200);
		const id = res.body.data.conversation.id;
		expect(res.body.data.conversation).toMatchObject({ kind: 'support', product: null, otherParty: { id: null, isStaff: true } });
		expect(await notificationRows(base, staff.userId)).toContainEqual(expect.objectContaining({ kind: 'staff.support_conversation', title: 'Cuộc trò chuyện hỗ trợ mới từ Cô Hoa' }));
		expect((await ask(base, buyer, { toSupport: true, body: 'Bổ sung: đơn DH100227.' })).body.data).toMatchObject({ created: false, conversation: { id } });

		expect((await reply(base, staff, id, 'Chúng tôi đã gửi lại hoá đơn.')).status).toBe(200);
		const audit = await as(base, staff, `/api/v1/admin/audit?action=conversation.staff_message&targetId=${id}`);
		expect(audit.status, audit.text).toBe(200);
		expect(audit.body.data).toEqual([expect.objectContaining({ action: 'conversation.staff_message', targetType: 'conversation', targetId: id, actorId: staff.userId })]);
		expect(await notificationRows(base, buyer.userId)).toEqual([expect.objectContaining({ kind: 'conversation.reply', title: 'Hỗ trợ hoclieu đã trả lời bạn' })]);
	});
});

describe('who can see a conversation', () => {
	it('answers 404 to a third account (and to staff while it is not reported) on every conversation route', async () => {
		const [buyer, author, stranger] = await Promise.all([person(base), person(base, { role: 'author' }), person(base)]);
		const product = await productOf(base, author);
		const id = (await ask(base, buyer, { productId: product.id, body: 'Xin chào tác giả' })).body.data.conversation.id;
		for (const outsider of [stranger, staff]) {
			const routes = [
				as(base, outsider, `/api/v1/conversations/${id}/messages`),
				as(base, outsider, `/api/v1/conversations/${id}/messages?after=1`),
				as(base, outsider, `/api/v1/conversations/${id}/messages`, { method: 'POST', json: { body: 'Chen ngang' } }),
				as(base, outsider, `/api/v1/conversations/${id}/read`, { method: 'POST', json: {} })
			];
			for (const res of await Promise.all(routes)) {
				expect(res.status, res.text).toBe(404);
				expect(res.body.error).toMatchObject({ code: 'not_found', message: 'Không tìm thấy cuộc trò chuyện.' });
			}
			const list = await as(base, outsider, '/api/v1/conversations?pageSize=50');
			expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(id);
		}
		// An unknown id answers the very same.
		const unknown = await as(base, stranger, `/api/v1/conversations/${crypto.randomUUID()}/messages`);
		expect(unknown.status).toBe(404);
		expect(unknown.body.error.message).toBe('Không tìm thấy cuộc trò chuyện.');
		// Signed out: 401.
		expect((await fetch(`${base}/api/v1/conversations`)).status).toBe(401);
	});
});

describe('unread counts', () => {
	it('are exact after 50 concurrent messages, and reading clears them', async () => {
		const [buyer, author] = await Promise.all([person(base), person(base, { role: 'author' })]);
		const product = await productOf(base, author);
		const id = (await ask(base, buyer, { productId: product.id, body: 'Câu hỏi số 0' })).body.data.conversation.id;
		const before = await unread(base, author);
		expect(before.messages).toBe(1);

		const sent = await Promise.all(Array.from({ length: 50 }, (_, i) => reply(base, buyer, id, `Câu hỏi số ${i + 1}`)));
		expect(sent.map((r) => r.status)).toEqual(Array(50).fill(200));
		expect(new Set(sent.map((r) => r.body.data.id)).size).toBe(50);

		expect((await unread(base, author)).messages).toBe(51);
		expect((await unread(base, buyer)).messages).toBe(0);
		const list = await as(base, author, '/api/v1/conversations');
		expect(list.body.data.find((c: { id: string }) => c.id === id).unreadCount).toBe(51);

		const messages = await as(base, author, `/api/v1/conversations/${id}/messages?pageSize=100`);
		expect(messages.body.data).toHaveLength(51);
		const upTo = messages.body.data[9].id;
		const partly = await as(base, author, `/api/v1/conversations/${id}/read`, { method: 'POST', json: { upTo } });
		expect(partly.status, partly.text).toBe(200);
		expect(partly.body.data).toEqual({ unreadCount: 41, totalUnread: 41 });
		const all = await as(base, author, `/api/v1/conversations/${id}/read`, { method: 'POST', json: {} });
		expect(all.body.data).toEqual({ unreadCount: 0, totalUnread: 0 });
		// Reading to the end also reads the notice that pointed at it.
		expect(await unread(base, author)).toEqual({ messages: 0, notifications: 0 });
	});
});

describe('validation', () => {
	it('refuses an empty message, 4 001 characters and an unknown product in the contract envelope', async () => {
		const [buyer, author] = await Promise.all([person(base), person(base, { role: 'author' })]);
		const product = await productOf(base, author);

		const empty = await ask(base, buyer, { productId: product.id, body: '   \n ' });
		expect(empty.status).toBe(400);
		expect(empty.body.error).toMatchObject({ code: 'validation_error' });
		expect(empty.body.error.details.fields).toContainEqual(expect.objectContaining({ path: 'body', message: 'Vui lòng nhập nội dung tin nhắn.' }));

		const long = await ask(base, buyer, { productId: product.id, body: 'a'.repeat(4001) });
		expect(long.status).toBe(400);
		expect(long.body.error.details.fields).toContainEqual(expect.objectContaining({ path: 'body', message: 'Tin nhắn tối đa 4000 ký tự.' }));
		// Exactly 4 000 (after trimming, NFC) is fine.
		const exact = await ask(base, buyer, { productId: product.id, body: ` ${'ă'.normalize('NFD').repeat(4000)} ` });
		expect(exact.status, exact.text).toBe(200);
		expect(exact.body.data.message.body).toBe('ă'.repeat(4000));

		const unknown = await ask(base, buyer, { productId: crypto.randomUUID(), body: 'Còn bán không?' });
		expect(unknown.status).toBe(404);
		expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'Không tìm thấy học liệu này hoặc học liệu không còn được bán.' });

		const neither = await ask(base, buyer, { body: 'Gửi ai?' });
		expect(neither.status).toBe(400);
		expect(neither.body.error.code).toBe('validation_error');

		const own = await ask(base, author, { productId: product.id, body: 'Tự hỏi mình' });
		expect(own.status).toBe(409);
		expect(own.body.error).toMatchObject({ code: 'conflict' });

		const id = exact.body.data.conversation.id;
		const blank = await reply(base, buyer, id, '');
		expect(blank.status).toBe(400);
		expect(blank.body.error.code).toBe('validation_error');
		// Never HTML: markup is stored and answered as the text it is.
		const markup = await reply(base, buyer, id, '<b>đậm</b> https://example.vn');
		expect(markup.body.data.body).toBe('<b>đậm</b> https://example.vn');
	});
});

describe('pages', () => {
	const formPost = (path: string, who: Person | null, fields: Record<string, string>) =>
		request(base, path, {
			method: 'POST',
			body: new URLSearchParams(fields).toString(),
			headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-sveltekit-action': 'true', ...(who ? { cookie: who.cookie, 'x-forwarded-for': who.ip } : {}) }
		});

	it('"Hỏi tác giả" sends a signed-out visitor to sign in and back; signed in, the question opens /tin-nhan', async () => {
		const [buyer, author] = await Promise.all([person(base), person(base, { role: 'author', name: 'Cô Mai' })]);
		const product = await productOf(base, author);
		const signedOut = await request(base, `/tin-nhan/hoi?sp=${product.id}`, { redirect: 'manual' });
		expect(signedOut.status).toBe(303);
		expect(signedOut.headers.get('location')).toContain(encodeURIComponent(`/tin-nhan/hoi?sp=${product.id}`));

		const form = await request(base, `/tin-nhan/hoi?sp=${product.id}`, { headers: { cookie: buyer.cookie } });
		expect(form.status).toBe(200);
		expect(form.text).toContain(product.title);
		expect(form.text).toContain('Hỏi tác giả');

		const posted = await formPost(`/tin-nhan/hoi?sp=${product.id}`, buyer, { productId: product.id, body: 'Xem giúp https://example.vn/a <b>x</b>' });
		expect(posted.body).toMatchObject({ type: 'redirect', status: 303 });
		const location = posted.body.location as string;
		expect(location).toMatch(/^\/tin-nhan\?c=[0-9a-f-]{36}$/);

		const page = await request(base, location, { headers: { cookie: buyer.cookie } });
		expect(page.status).toBe(200);
		expect(page.text).toContain('Cô Mai');
		// The address is a link, the markup stays text.
		expect(page.text).toContain('href="https://example.vn/a"');
		expect(page.text).toContain('&lt;b>x&lt;/b>');
		expect(page.text).not.toContain('<b>x</b>');

		// The author's page shows it unread until opened.
		const list = await request(base, '/tin-nhan', { headers: { cookie: author.cookie } });
		expect(list.text).toContain('data-testid="conversation-unread"');
	});

	it('a signed-in /ho-tro request becomes a support conversation; a visitor keeps the mailed ticket', async () => {
		const buyer = await person(base);
		const posted = await formPost('/ho-tro', buyer, { subject: 'Hoá đơn cho trường', message: 'Cho tôi xin hoá đơn có tên trường ạ.' });
		expect(posted.body).toMatchObject({ type: 'redirect', status: 303 });
		const id = (posted.body.location as string).replace('/tin-nhan?c=', '');
		const messages = await as(base, buyer, `/api/v1/conversations/${id}/messages`);
		expect(messages.body.data).toEqual([expect.objectContaining({ body: 'Hoá đơn cho trường\n\nCho tôi xin hoá đơn có tên trường ạ.', mine: true })]);
		expect((await as(base, buyer, '/api/v1/conversations')).body.data[0]).toMatchObject({ id, kind: 'support' });

		const visitor = await formPost('/ho-tro', null, { email: 'phu.huynh@example.vn', subject: 'Câu hỏi của khách', message: 'Tôi chưa có tài khoản, hỏi về giá.' });
		expect(visitor.body.type).toBe('success');
	});
});
