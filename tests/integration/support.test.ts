/**
 * "Hỗ trợ" over real HTTP against the built server, mail delivered over real
 * SMTP: a visitor (with an email) or a signed-in buyer (answered at the
 * account's own address) sends a request, validated in Vietnamese and rate
 * limited; staff list the queue by status and answer once, which mails the
 * answer, marks the ticket answered and writes the audit row together (a
 * refused mail changes nothing).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfWindowEdge, createUser, HOUR_WINDOW, request, sql, type TestUser } from '../helpers/http';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { fieldErrors, trpcMutation, trpcQuery } from '../helpers/trpc';

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;
let staff: TestUser;
let buyer: TestUser;

const ip = () => `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const asUser = (u: TestUser, from = ip()) => ({ cookie: u.cookie, 'x-forwarded-for': from });
const request_ = (extra: Record<string, unknown> = {}) => ({
	subject: 'Không tải được giáo án',
	message: 'Tôi đã thanh toán đơn DH100123 nhưng bấm Tải về không được, xin hỗ trợ.',
	...extra
});

interface Ticket {
	id: string;
	status: 'open' | 'answered';
	userId: string | null;
	email: string;
	name: string | null;
	subject: string;
	message: string;
	answer: string | null;
	answeredByEmail: string | null;
	answeredAt: string | null;
}

const list = async (status?: string) => (await trpcQuery<{ items: Ticket[]; hasMore: boolean }>(base, 'admin.support.list', status ? { status } : {}, asUser(staff))).data.items;

beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', SUPPORT_RATE_LIMIT: '3', SUPPORT_RATE_LIMIT_IP: '100' } });
	base = server.url;
	[staff, buyer] = await Promise.all([createUser(base, { role: 'staff' }), createUser(base, { name: 'Thầy Minh' })]);
}, 120_000);
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
});

describe('sending a support request', () => {
	it('a visitor gives an email; a signed-in buyer is answered at the account address', async () => {
		const guest = await trpcMutation(base, 'support.create', request_({ email: ' Co.Hanh@Truong.edu.vn ', name: 'Cô Hạnh' }), { 'x-forwarded-for': ip() });
		expect(guest.status, JSON.stringify(guest.error)).toBe(200);
		expect(guest.data).toMatchObject({ status: 'open' });
		// The account's address wins over whatever the form says: a signed-in form cannot send staff mail elsewhere.
		const mine = await trpcMutation(base, 'support.create', request_({ email: 'someone-else@example.vn', subject: 'Xuất  hoá đơn\ncho trường' }), asUser(buyer));
		expect(mine.status, JSON.stringify(mine.error)).toBe(200);

		const [g] = await sql<Record<string, unknown>>(base, 'SELECT user_id, email, name, status FROM support_tickets WHERE id = $1', [guest.data.id]);
		expect(g).toEqual({ user_id: null, email: 'co.hanh@truong.edu.vn', name: 'Cô Hạnh', status: 'open' });
		const [m] = await sql<Record<string, unknown>>(base, 'SELECT user_id, email, name, subject FROM support_tickets WHERE id = $1', [mine.data.id]);
		expect(m).toEqual({ user_id: buyer.userId, email: buyer.email, name: 'Thầy Minh', subject: 'Xuất hoá đơn cho trường' });
	});

	it('refuses bad input with Vietnamese field messages and writes nothing', async () => {
		const before = (await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM support_tickets'))[0]!.n;
		const noEmail = await trpcMutation(base, 'support.create', request_(), { 'x-forwarded-for': ip() });
		expect(noEmail.status).toBe(400);
		expect(fieldErrors(noEmail).email).toBe('Vui lòng nhập email để chúng tôi trả lời bạn.');
		const bad = await trpcMutation(base, 'support.create', { email: 'không-phải-email', subject: 'ab', message: 'ngắn' }, { 'x-forwarded-for': ip() });
		expect(bad.status).toBe(400);
		expect(bad.error?.data.appCode).toBe('validation_error');
		expect(fieldErrors(bad)).toMatchObject({
			email: 'Email không hợp lệ.',
			subject: 'Tiêu đề cần ít nhất 3 ký tự.',
			message: 'Vui lòng mô tả vấn đề ít nhất 10 ký tự.'
		});
		const long = await trpcMutation(base, 'support.create', request_({ email: 'a@b.vn', message: 'x'.repeat(5001) }), { 'x-forwarded-for': ip() });
		expect(fieldErrors(long).message).toBe('Nội dung tối đa 5000 ký tự.');
		expect((await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM support_tickets'))[0]!.n).toBe(before);
	});

	it('is rate limited per account (and per address when signed out)', async () => {
		await clearOfWindowEdge(base, HOUR_WINDOW);
		const u = await createUser(base);
		const statuses: number[] = [];
		let last;
		for (let i = 0; i < 4; i++) {
			last = await trpcMutation(base, 'support.create', request_({ subject: `Câu hỏi số ${i}` }), asUser(u));
			statuses.push(last.status);
		}
		expect(statuses).toEqual([200, 200, 200, 429]);
		expect(last!.error?.data.appCode).toBe('rate_limited');
		expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
		// Another person, elsewhere, is not affected.
		expect((await trpcMutation(base, 'support.create', request_({ email: 'khac@truong.edu.vn' }), { 'x-forwarded-for': ip() })).status).toBe(200);
	});

	it('the form at /ho-tro works for visitors and prefills nothing secret', async () => {
		const page = await request(base, '/ho-tro');
		expect(page.status).toBe(200);
		expect(page.text).toContain('Email để nhận trả lời');
		const signedIn = await request(base, '/ho-tro', { headers: { cookie: buyer.cookie } });
		expect(signedIn.text).toContain(buyer.email);
		expect(signedIn.text).not.toContain('Email để nhận trả lời');

		const subject = `Hỏi về phiếu thu ${randomUUID().slice(0, 6)}`;
		const posted = await request(base, '/ho-tro', {
			method: 'POST',
			body: new URLSearchParams({ email: 'phu.huynh@example.vn', subject, message: 'Cho tôi hỏi phiếu thu có ghi tên trường được không?' }).toString(),
			headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-sveltekit-action': 'true', 'x-forwarded-for': ip() }
		});
		expect(posted.status).toBe(200);
		expect(posted.body.type).toBe('success');
		expect((await sql(base, 'SELECT email FROM support_tickets WHERE subject = $1', [subject]))).toEqual([{ email: 'phu.huynh@example.vn' }]);
	});
});

describe('the staff queue', () => {
	it('lists waiting requests first, filters by status, and is for staff only', async () => {
		const subject = `Thanh toán chưa nhận ${randomUUID().slice(0, 6)}`;
		const created = await trpcMutation(base, 'support.create', request_({ subject }), asUser(buyer));
		const open = await list('open');
		expect(open.map((t) => t.id)).toContain(created.data.id);
		expect(open.every((t) => t.status === 'open')).toBe(true);
		expect((await list('answered')).map((t) => t.id)).not.toContain(created.data.id);
		expect((await trpcQuery(base, 'admin.support.list', {}, asUser(buyer))).status).toBe(403);
		expect((await trpcQuery(base, 'admin.support.list', {}, {})).status).toBe(401);
		expect((await trpcQuery(base, 'admin.support.list', { status: 'closed' }, asUser(staff))).status).toBe(400);

		const page = await request(base, '/quan-tri/ho-tro?trang-thai=open', { headers: { cookie: staff.cookie } });
		expect(page.status).toBe(200);
		expect(page.text).toContain(subject);
		expect((await request(base, '/quan-tri/ho-tro', { headers: { cookie: buyer.cookie } })).status).toBe(403);
	});

	it('answering mails the answer, marks the request answered and audits it, once', async () => {
		const subject = `Không tải được video ${randomUUID().slice(0, 6)}`;
		const created = await trpcMutation(base, 'support.create', request_({ subject, email: 'co.thu@truong.edu.vn', name: 'Cô Thu' }), { 'x-forwarded-for': ip() });
		const id = created.data.id;

		const tooShort = await trpcMutation(base, 'admin.support.answer', { id, answer: 'Ok' }, asUser(staff));
		expect(tooShort.status).toBe(400);
		expect(fieldErrors(tooShort).answer).toBe('Câu trả lời cần ít nhất 10 ký tự.');
		expect((await trpcMutation(base, 'admin.support.answer', { id, answer: 'Chúng tôi đã gửi lại liên kết tải.' }, asUser(buyer))).status).toBe(403);

		// A mail server that refuses leaves everything as it was: still open, no audit row.
		smtp.refuse(true);
		try {
			const refused = await trpcMutation(base, 'admin.support.answer', { id, answer: 'Chúng tôi đã gửi lại liên kết tải.' }, asUser(staff));
			expect(refused.status).toBe(503);
			expect(refused.error?.data.appCode).toBe('service_unavailable');
		} finally {
			smtp.refuse(false);
		}
		expect((await sql(base, 'SELECT status FROM support_tickets WHERE id = $1', [id]))).toEqual([{ status: 'open' }]);
		expect((await sql(base, `SELECT 1 FROM audit_log WHERE target_type = 'support_ticket' AND target_id = $1`, [id])).length).toBe(0);

		const since = smtp.messages.length;
		const answer = 'Chào cô Thu, chúng tôi đã gửi lại liên kết tải video vào email của cô.\nCô thử lại giúp chúng tôi nhé.';
		const answered = await trpcMutation<Ticket>(base, 'admin.support.answer', { id, answer }, asUser(staff));
		expect(answered.status, JSON.stringify(answered.error)).toBe(200);
		expect(answered.data).toMatchObject({ status: 'answered', answer, answeredByEmail: staff.email });
		expect(answered.data.answeredAt).not.toBeNull();

		const mail = await smtp.next('co.thu@truong.edu.vn', since);
		expect(mail.subject).toBe(`Trả lời: ${subject}`);
		expect(mail.text).toContain('Xin chào Cô Thu,');
		expect(mail.text).toContain('chúng tôi đã gửi lại liên kết tải video');
		expect(mail.text).toContain('Tôi đã thanh toán đơn DH100123');

		const audit = await sql<{ action: string; actor_user_id: string; summary: { after: { status: string } } }>(
			base,
			`SELECT action, actor_user_id, summary FROM audit_log WHERE target_type = 'support_ticket' AND target_id = $1`,
			[id]
		);
		expect(audit).toEqual([expect.objectContaining({ action: 'support.answer', actor_user_id: staff.userId })]);
		expect(audit[0]!.summary.after.status).toBe('answered');

		const again = await trpcMutation(base, 'admin.support.answer', { id, answer: 'Một câu trả lời thứ hai.' }, asUser(staff));
		expect(again.status).toBe(409);
		expect(again.error?.data.appCode).toBe('conflict');
		expect(smtp.messages.slice(since).filter((m) => m.to.includes('co.thu@truong.edu.vn'))).toHaveLength(1);
		expect((await list('answered')).map((t) => t.id)).toContain(id);

		const detail = await request(base, `/quan-tri/ho-tro/${id}`, { headers: { cookie: staff.cookie } });
		expect(detail.status).toBe(200);
		expect(detail.text).toContain('Đã trả lời');
		expect(detail.text).toContain('support.answer');
		expect((await trpcMutation(base, 'admin.support.answer', { id: randomUUID(), answer: 'Không có yêu cầu này đâu.' }, asUser(staff))).status).toBe(404);
	});

	it('the console form answers through the same procedure', async () => {
		const created = await trpcMutation(base, 'support.create', request_({ email: 'thay.nam@truong.edu.vn' }), { 'x-forwarded-for': ip() });
		const since = smtp.messages.length;
		const posted = await request(base, `/quan-tri/ho-tro/${created.data.id}?/answer`, {
			method: 'POST',
			body: new URLSearchParams({ answer: 'Thầy vui lòng đăng nhập lại rồi vào Thư viện của tôi.' }).toString(),
			headers: { cookie: staff.cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-sveltekit-action': 'true' }
		});
		expect(posted.body.type, posted.text).toBe('success');
		expect((await smtp.next('thay.nam@truong.edu.vn', since)).text).toContain('Thư viện của tôi');
		expect((await sql(base, 'SELECT status FROM support_tickets WHERE id = $1', [created.data.id]))).toEqual([{ status: 'answered' }]);
	});
});
