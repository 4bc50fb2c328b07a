/**
 * Notifications over HTTP against the built server, with mail through a real
 * SMTP receiver: a staff refund, a rejection, a report decision, a payout and
 * a short transfer each write the right rows (read back through
 * GET /api/v1/notifications) and send the right mail, every one with the
 * RFC 8058 one-click unsubscribe headers. Money mails go out at once and
 * cannot be switched off; the rest wait for a digest, at most one per
 * NOTIFY_DIGEST_MINUTES, and an unsubscribed address gets none.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkout, eventually, getOrder, sellable } from '../helpers/checkout';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { creditWallet } from '../helpers/money';
import { payReference, postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { mailHeader, startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../helpers/smtp';

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;
let staff: TestUser;

beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({
		env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000', REPORT_RATE_LIMIT_IP: '100', NOTIFY_MAIL_INTERVAL_MS: '200', NOTIFY_DIGEST_MINUTES: '60' }
	});
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
});

const as = (who: TestUser, path: string, init: { method?: string; json?: unknown } = {}) => request(base, path, { ...init, headers: { origin: base, cookie: who.cookie } });

async function notificationsOf(who: TestUser) {
	const res = await as(who, '/api/v1/notifications');
	expect(res.status, res.text).toBe(200);
	return res.body as { data: any[]; unreadCount: number; hasMore: boolean };
}

const rowsOf = (userId: string) =>
	sql<{ kind: string; group: string; title: string; body: string; link: string; mail_state: string }>(
		base,
		'SELECT kind, "group", title, body, link, mail_state FROM notifications WHERE user_id = $1 ORDER BY id',
		[userId]
	);

const mailTo = (address: string, subject: string | ((s: string) => boolean)) =>
	smtp.waitFor((m) => m.to.includes(address.toLowerCase()) && (typeof subject === 'string' ? m.subject === subject : subject(m.subject)));

/** Every notification mail: the one-click headers, and the same link in the text. */
function expectUnsubscribe(mail: ReceivedMail): string {
	const header = mailHeader(mail, 'List-Unsubscribe');
	expect(header).toMatch(/^<https?:\/\/[^>]+\/huy-nhan-thu\?t=[^>]+>$/);
	expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
	const url = header!.slice(1, -1);
	expect(mail.text).toContain(url);
	return url;
}

async function authoredProduct(author: TestUser, priceVnd: string) {
	const product = await sellable(base, { priceVnd });
	// A title of its own, so a mail about it is told apart from mails about the author's other products.
	const title = `Giáo án thử ${crypto.randomUUID().slice(0, 8)}`;
	await sql(base, 'UPDATE products SET author_id = $1, title = $2 WHERE id = $3', [author.userId, title, product.id]);
	return { ...product, title };
}

async function paidQrOrder(buyer: TestUser, productId: string, amount: number) {
	const created = await checkout(base, { productId, paymentMethod: 'qr_direct' }, { user: buyer });
	expect(created.status, created.text).toBe(200);
	expect((await payReference(base, created.body.data.paymentRef, amount)).body.status).toBe('matched');
	return (await getOrder(base, created.body.data.id, buyer.cookie)).body.data;
}

describe('a staff refund', () => {
	it('tells the buyer (row and immediate mail, order named DH…) and the author; read marks clear the badge', async () => {
		const [buyer, author] = await Promise.all([createUser(base), createUser(base, { role: 'author' })]);
		const product = await authoredProduct(author, '45000');
		const order = await paidQrOrder(buyer, product.id, 45000);

		// Paying wrote "order paid" for the buyer (its mail is the receipt) and "a sale" for the author; once the receipt
		// mail went out, "receipt ready" links to the PDF (not mailed again: the receipt mail was it).
		const paidRows = await eventually(
			() => rowsOf(buyer.userId),
			(rows) => rows.length === 2
		);
		expect(paidRows).toEqual([
			expect.objectContaining({ kind: 'order.paid', group: 'money', title: `Đơn hàng ${order.orderNumber} đã thanh toán`, mail_state: 'skipped' }),
			expect.objectContaining({
				kind: 'order.receipt_ready',
				group: 'money',
				title: `Phiếu thu đơn ${order.orderNumber} đã sẵn sàng`,
				body: 'Phiếu thu đã được gửi tới email của bạn. Bạn cũng tải được phiếu thu (PDF) tại đây, có thể ghi tên trường và mã số thuế.',
				link: `/thanh-toan/${order.id}/phieu-thu`,
				mail_state: 'skipped'
			})
		]);
		await mailTo(buyer.email, `Biên nhận đơn hàng hoclieu: ${product.title}`);
		// The link opens the receipt for its owner.
		const pdf = await fetch(`${base}${paidRows[1]!.link}`, { headers: { cookie: buyer.cookie } });
		expect(pdf.status).toBe(200);
		expect(pdf.headers.get('content-type')).toBe('application/pdf');
		expect(await rowsOf(author.userId)).toEqual([expect.objectContaining({ kind: 'sale', group: 'money', title: `Bạn vừa bán được “${product.title}”` })]);

		const refund = await as(staff, `/api/v1/admin/orders/${order.id}/refund`, { method: 'POST', json: { reason: 'Tệp bị lỗi, đã kiểm tra' } });
		expect(refund.status, refund.text).toBe(200);

		const inbox = await notificationsOf(buyer);
		expect(inbox.unreadCount).toBe(3);
		expect(inbox.data[0]).toMatchObject({
			kind: 'order.refunded',
			group: 'money',
			title: `Đơn hàng ${order.orderNumber} đã được hoàn tiền`,
			body: `45.000 ₫ đã được hoàn vào ví chính của bạn (“${product.title}”). Lý do: Tệp bị lỗi, đã kiểm tra`,
			link: `/thanh-toan/${order.id}`,
			readAt: null
		});
		expect(BigInt(inbox.data[0].id)).toBeGreaterThan(BigInt(inbox.data[1].id));
		expect(inbox.data.map((n) => n.title).join(' ')).not.toContain(order.id);

		const mail = await mailTo(buyer.email, `Đơn hàng ${order.orderNumber} đã được hoàn tiền`);
		expect(mail.text).toContain('45.000 ₫ đã được hoàn vào ví chính');
		expect(mail.text).toContain(`/thanh-toan/${order.id}`);
		expectUnsubscribe(mail);
		const authorMail = await mailTo(author.email, `Một đơn bán “${product.title}” đã được hoàn tiền`);
		expect(authorMail.text).toContain(order.orderNumber);

		const one = await as(buyer, '/api/v1/notifications/read', { method: 'POST', json: { ids: [inbox.data[0].id] } });
		expect(one.status, one.text).toBe(200);
		expect(one.body.data).toEqual({ unreadCount: 2 });
		// Someone else's ids change nothing.
		expect((await as(author, '/api/v1/notifications/read', { method: 'POST', json: { ids: [inbox.data[1].id] } })).body.data).toEqual({ unreadCount: 2 });
		expect((await as(buyer, '/api/v1/notifications/read', { method: 'POST', json: { all: true } })).body.data).toEqual({ unreadCount: 0 });
		expect((await notificationsOf(buyer)).data.every((n) => n.readAt !== null)).toBe(true);
		expect((await as(buyer, '/api/v1/notifications/read', { method: 'POST', json: {} })).status).toBe(400);
		expect((await request(base, '/api/v1/notifications')).status).toBe(401);
	});
});

describe('a short transfer', () => {
	it('tells the buyer what arrived and what is still due, by row and immediate mail', async () => {
		const buyer = await createUser(base);
		const product = await sellable(base, { priceVnd: '40000' });
		const created = (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer })).body.data;
		expect((await payReference(base, created.paymentRef, 15000)).body.status).toBe('underpaid');
		const [n] = (await notificationsOf(buyer)).data;
		expect(n).toMatchObject({ kind: 'order.transfer_short', group: 'money', title: `Chuyển khoản cho đơn ${created.orderNumber} còn thiếu 25.000 ₫`, link: `/thanh-toan/${created.id}` });
		expect(n.body).toContain('Đã nhận 15.000 ₫ trên 40.000 ₫');
		const mail = await mailTo(buyer.email, n.title);
		expect(mail.text).toContain(created.paymentRef);
		expectUnsubscribe(mail);
	});

	it('an unmatched transfer is work for staff', async () => {
		const res = await postBankTransfer(base, 'x', 12345, { content: `CK khong ma ${crypto.randomUUID().slice(0, 8)}` });
		expect(res.body.status).toBe('unmatched');
		const [n] = (await notificationsOf(staff)).data;
		expect(n).toMatchObject({ kind: 'staff.transfer_unmatched', group: 'staff', title: 'Chuyển khoản 12.345 ₫ chưa khớp đơn nào', link: '/quan-tri/chuyen-khoan' });
	});
});

describe('a rejection', () => {
	it('reaches the author with its reason, in a digest mail', async () => {
		const author = await createUser(base, { role: 'author' });
		const product = await authoredProduct(author, '30000');
		await sql(base, "UPDATE products SET status = 'in_review' WHERE id = $1", [product.id]);
		const res = await as(staff, `/api/v1/admin/products/${product.id}/reject`, { method: 'POST', json: { reason: 'Ảnh bìa bị mờ, vui lòng thay ảnh rõ hơn.' } });
		expect(res.status, res.text).toBe(200);
		const [n] = (await notificationsOf(author)).data;
		expect(n).toMatchObject({ kind: 'product.reject', group: 'studio', title: `“${product.title}” chưa được duyệt`, link: `/tac-gia/${product.id}` });
		expect(n.body).toContain('Lý do: Ảnh bìa bị mờ, vui lòng thay ảnh rõ hơn.');
		const mail = await mailTo(author.email, n.title);
		expect(mail.text).toContain('Lý do: Ảnh bìa bị mờ');
		expect(mail.text).toContain('/thong-bao');
		expectUnsubscribe(mail);
	});
});

describe('a report decision', () => {
	it('reaches a reporter who was not signed in (mail only) and the author; staff heard of the report', async () => {
		const author = await createUser(base, { role: 'author' });
		const product = await authoredProduct(author, '20000');
		const reporter = `bao-cao-${crypto.randomUUID().slice(0, 8)}@nxb.example.vn`;
		const filed = await request(base, '/api/v1/reports', {
			method: 'POST',
			headers: { origin: base },
			json: { productId: product.id, kind: 'theft', name: 'Cô Hạnh', email: reporter, originalWork: 'https://nxb.example.vn/sach', message: 'Tài liệu này sao chép bài giảng của tôi, từ trang 3 đến trang 9.', sworn: false }
		});
		expect(filed.status, filed.text).toBe(200);
		expect((await notificationsOf(staff)).data[0]).toMatchObject({ kind: 'staff.report', link: `/quan-tri/bao-cao/${filed.body.data.id}` });

		const note = 'Đã đối chiếu với bản gốc: sao chép nguyên văn.';
		const decided = await as(staff, `/api/v1/admin/reports/${filed.body.data.id}/decide`, { method: 'POST', json: { decision: 'upheld', note } });
		expect(decided.status, decided.text).toBe(200);

		const [toReporter] = await sql<{ title: string; body: string; user_id: string | null }>(base, 'SELECT title, body, user_id FROM notifications WHERE email = $1', [reporter]);
		expect(toReporter).toEqual({ title: `Báo cáo của bạn về “${product.title}” được chấp nhận`, body: `Học liệu đã bị ngừng bán. Ghi chú của nhân viên: ${note}`, user_id: null });
		const mail = await mailTo(reporter, toReporter!.title);
		expect(mail.text).toContain(note);
		expectUnsubscribe(mail);

		const [n] = (await notificationsOf(author)).data;
		expect(n).toMatchObject({ kind: 'report.upheld.author', group: 'reports', title: `Báo cáo về “${product.title}” được chấp nhận: học liệu ngừng bán`, body: `Ghi chú của nhân viên: ${note}` });
		expectUnsubscribe(await mailTo(author.email, n.title));
	});
});

describe('a payout', () => {
	it('tells the author month, amount and bank reference at once; a wallet purchase wrote the sale', async () => {
		const [author, buyer] = await Promise.all([createUser(base, { role: 'author' }), createUser(base)]);
		const product = await authoredProduct(author, '50000');
		await creditWallet(base, buyer.userId, '50000');
		const bought = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer });
		expect(bought.body.data.status).toBe('PAID');
		// The one-statement wallet checkout pays in SQL; the trigger wrote both rows all the same (and the receipt, once mailed, its own).
		const buyerRows = await eventually(
			() => rowsOf(buyer.userId),
			(rows) => rows.length === 2
		);
		expect(buyerRows.map((r) => r.kind)).toEqual(['order.paid', 'order.receipt_ready']);
		expect((await rowsOf(author.userId)).map((r) => r.kind)).toEqual(['sale']);
		await sql(base, 'UPDATE orders SET paid_at = $1 WHERE id = $2', ['2026-09-15T03:00:00Z', bought.body.data.id]);

		const paid = await as(staff, '/api/v1/admin/payouts', { method: 'POST', json: { authorId: author.userId, month: '2026-09', reference: 'FT26275000999' } });
		expect(paid.status, paid.text).toBe(200);
		const owed = paid.body.data.amountVnd as string;
		const [n] = (await notificationsOf(author)).data;
		expect(n).toMatchObject({ kind: 'payout', group: 'money', title: 'hoclieu đã chi trả thu nhập tháng 09/2026', link: '/tac-gia/thu-nhap' });
		expect(n.body).toContain('FT26275000999');
		expect(n.body).toContain(`${Number(owed).toLocaleString('de-DE')} ₫`);
		const mail = await mailTo(author.email, n.title);
		expect(mail.text).toContain('FT26275000999');
		expectUnsubscribe(mail);
	});
});

describe('mail preferences and unsubscribing', () => {
	it('one-click unsubscribe stops the digest, never the money mails; digests wait NOTIFY_DIGEST_MINUTES', async () => {
		const author = await createUser(base, { role: 'author' });
		const first = await authoredProduct(author, '30000');
		await sql(base, "UPDATE products SET status = 'in_review' WHERE id = $1", [first.id]);
		expect((await as(staff, `/api/v1/admin/products/${first.id}/reject`, { method: 'POST', json: { reason: 'Thiếu trang bìa và mục lục.' } })).status).toBe(200);
		const digest = await mailTo(author.email, `“${first.title}” chưa được duyệt`);
		const url = new URL(expectUnsubscribe(digest));

		// Opening the link changes nothing (scanners open links); the RFC 8058 POST, without cookie or Origin, unsubscribes.
		const opened = await request(base, url.pathname + url.search, { headers: { accept: 'text/html' } });
		expect(opened.status).toBe(200);
		expect(await sql(base, 'SELECT "group" FROM mail_opt_outs WHERE email = $1', [author.email.toLowerCase()])).toEqual([]);
		const oneClick = await request(base, url.pathname + url.search, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
		expect(oneClick.status).toBe(200);
		expect(await sql(base, 'SELECT "group" FROM mail_opt_outs WHERE email = $1', [author.email.toLowerCase()])).toEqual([{ group: 'studio' }]);
		const forged = await request(base, `${url.pathname}?t=${encodeURIComponent('e30.bad')}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
		expect(forged.status).toBe(400);

		// A second rejection: the row is written, the mail job skips it.
		const second = await authoredProduct(author, '31000');
		await sql(base, "UPDATE products SET status = 'in_review' WHERE id = $1", [second.id]);
		expect((await as(staff, `/api/v1/admin/products/${second.id}/reject`, { method: 'POST', json: { reason: 'Tệp bán không mở được.' } })).status).toBe(200);
		const state = () => sql<{ mail_state: string }>(base, "SELECT mail_state FROM notifications WHERE user_id = $1 AND kind = 'product.reject' ORDER BY id", [author.userId]);
		await eventually(state, (rows) => rows[1]?.mail_state === 'skipped');
		expect(smtp.messages.filter((m) => m.to.includes(author.email.toLowerCase()) && m.subject.includes(second.title))).toEqual([]);

		// Money mail still arrives.
		const buyer = await createUser(base);
		const sold = await authoredProduct(author, '25000');
		await paidQrOrder(buyer, sold.id, 25000);
		expectUnsubscribe(await mailTo(author.email, `Bạn vừa bán được “${sold.title}”`));

		// Preferences on /tai-khoan switch studio mail back on; the next digest waits for the hour since the last one.
		const page = await request(base, '/tai-khoan', { headers: { cookie: author.cookie, accept: 'text/html' } });
		expect(page.text).toContain('Thư thông báo');
		const saved = await request(base, '/tai-khoan?/mail', { method: 'POST', body: new URLSearchParams({ studio: 'on', messages: 'on', reports: 'on' }), headers: { cookie: author.cookie, origin: base, accept: 'application/json' } });
		expect(saved.status, saved.text).toBe(200);
		expect(await sql(base, 'SELECT "group" FROM mail_opt_outs WHERE email = $1', [author.email.toLowerCase()])).toEqual([]);
		const third = await authoredProduct(author, '32000');
		await sql(base, "UPDATE products SET status = 'in_review' WHERE id = $1", [third.id]);
		expect((await as(staff, `/api/v1/admin/products/${third.id}/reject`, { method: 'POST', json: { reason: 'Sai danh mục lớp.' } })).status).toBe(200);
		// Two money mails later the mail job has run its digest step over this row at least once (a run sends
		// money first, then digests, and never overlaps the next): still pending, the last digest is under an hour old.
		const own = (await checkout(base, { productId: (await sellable(base, { priceVnd: '40000' })).id, paymentMethod: 'qr_direct' }, { user: author })).body.data;
		for (const paid of [5000, 6000]) {
			expect((await payReference(base, own.paymentRef, paid)).body.status).toBe('underpaid');
			await mailTo(author.email, (m: string) => m.includes(own.orderNumber) && m.includes(paid === 5000 ? '35.000 ₫' : '29.000 ₫'));
		}
		expect((await state())[2]!.mail_state).toBe('pending');
		await advanceClock(base, 61 * 60_000);
		const later = await mailTo(author.email, `“${third.title}” chưa được duyệt`);
		expectUnsubscribe(later);
	});
});

describe('the pages', () => {
	it('/thong-bao lists the notifications and the header shows the unread count; opening one marks it read', async () => {
		const buyer = await createUser(base);
		const product = await sellable(base, { priceVnd: '40000' });
		const created = (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer })).body.data;
		await payReference(base, created.paymentRef, 10000);
		const html = (await request(base, '/thong-bao', { headers: { cookie: buyer.cookie, accept: 'text/html' } })).text.replace(/[\u00a0\u202f]/g, ' ');
		expect(html).toContain(`Chuyển khoản cho đơn ${created.orderNumber} còn thiếu 30.000 ₫`);
		expect(html).toMatch(/data-testid="unread-count"[^>]*>.*1.*chưa đọc/s);
		const [n] = (await notificationsOf(buyer)).data;
		const open = await request(base, '/thong-bao?/open', { method: 'POST', body: new URLSearchParams({ id: n.id, link: n.link }), headers: { cookie: buyer.cookie, origin: base, accept: 'text/html' } });
		expect(open.status).toBe(303);
		expect(open.headers.get('location')).toBe(`/thanh-toan/${created.id}`);
		expect((await notificationsOf(buyer)).unreadCount).toBe(0);
	});
});
