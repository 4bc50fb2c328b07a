/**
 * Order numbers and receipt PDFs over HTTP against the built server: every
 * order gets a distinct `DH…` number; a paid order's receipt holds the order
 * number, buyer, school and tax code, amounts, payment method and reference
 * (text extracted from the PDF with poppler's pdftotext); the receipt mail's
 * link opens it without a session; nobody else gets it; unpaid orders and bad
 * tax codes are refused in the contract's envelope; a refund is printed.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCookie, checkout, sellable } from '../helpers/checkout';
import { createUser, request, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { creditWallet } from '../helpers/money';
import { payReference } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;
let buyer: TestUser;
let staff: TestUser;

beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000', RECEIPT_SELLER_TAX_CODE: '0312345678' } });
	base = server.url;
	[buyer, staff] = await Promise.all([createUser(base, { name: 'Nguyễn Thị Lan' }), createUser(base, { role: 'staff' })]);
	await creditWallet(base, buyer.userId, '300000');
}, 120_000);
afterAll(async () => {
	if (base) await expectMoneyInvariants(base);
	await server?.stop();
	await smtp?.stop();
});

async function walletOrder(priceVnd: string) {
	const product = await sellable(base, { priceVnd });
	const res = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer });
	expect(res.status, res.text).toBe(200);
	return { product, order: res.body.data };
}

const receiptPath = (orderId: string, query = '') => `/thanh-toan/${orderId}/phieu-thu${query}`;

async function fetchReceipt(path: string, cookie?: string) {
	const res = await fetch(base + path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
	return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

function pdfText(bytes: Buffer): string {
	const out = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
	if (out.error) throw new Error(`pdftotext is needed for this test (apt-get install poppler-utils): ${out.error.message}`);
	expect(out.status, out.stderr.toString()).toBe(0);
	// pdftotext may break a long line; the assertions read it as one.
	return out.stdout.toString('utf8').replace(/\s+/g, ' ');
}

describe('order numbers', () => {
	it('every order has its own DH number, shown on the order and in the list', async () => {
		const [a, b] = [await walletOrder('12000'), await walletOrder('13000')];
		expect(a.order.orderNumber).toMatch(/^DH[0-9]{6,}$/);
		expect(b.order.orderNumber).toMatch(/^DH[0-9]{6,}$/);
		expect(a.order.orderNumber).not.toBe(b.order.orderNumber);
		const list = await request(base, '/api/v1/checkout?pageSize=50', { headers: { cookie: buyer.cookie } });
		expect(list.status, list.text).toBe(200);
		expect(list.body.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(expect.arrayContaining([a.order.orderNumber, b.order.orderNumber]));
	});
});

describe('the receipt PDF', () => {
	it('holds the order number, buyer, school, tax code, amount, method and reference of a wallet order', async () => {
		const { order } = await walletOrder('45000');
		const school = encodeURIComponent('Trường Tiểu học Kim Đồng');
		const { res, bytes } = await fetchReceipt(receiptPath(order.id, `?truong=${school}&mst=0101234567-001`), buyer.cookie);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/pdf');
		expect(res.headers.get('content-disposition')).toContain(`phieu-thu-${order.orderNumber}.pdf`);
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
		const text = pdfText(bytes);
		for (const part of [
			'PHIẾU THU',
			`Số: ${order.orderNumber}`,
			'Người nộp tiền: Nguyễn Thị Lan',
			'Đơn vị: Trường Tiểu học Kim Đồng',
			'Mã số thuế đơn vị: 0101234567-001',
			'Nội dung: Mua học liệu số “Giáo án Toán lớp 1”',
			'Số tiền đã thu: 45.000',
			'Bằng chữ: Bốn mươi lăm nghìn đồng',
			'Hình thức thanh toán: Ví hoclieu',
			`Mã tham chiếu thanh toán: ${order.orderNumber}`,
			'Mã số thuế: 0312345678'
		]) {
			expect(text).toContain(part);
		}
		// The same receipt twice is the same bytes (dated by the payment, not the download).
		expect((await fetchReceipt(receiptPath(order.id, `?truong=${school}&mst=0101234567-001`), buyer.cookie)).bytes.equals(bytes)).toBe(true);
	});

	it('a guest QR order: the transfer reference is printed, and the receipt mail link works without any cookie', async () => {
		const email = `khach-${crypto.randomUUID().slice(0, 8)}@truong.edu.vn`;
		const product = await sellable(base, { priceVnd: '38000' });
		const created = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', guest: { email }, consent: true });
		expect(created.status, created.text).toBe(200);
		const order = created.body.data;
		const cookie = accessCookie(created);
		// Unpaid: no receipt yet, said in the envelope.
		const early = await request(base, receiptPath(order.id), { headers: { cookie } });
		expect(early.status).toBe(409);
		expect(early.body.error).toMatchObject({ code: 'conflict', message: 'Đơn hàng chưa được thanh toán nên chưa có phiếu thu.' });

		const since = smtp.messages.length;
		expect((await payReference(base, order.paymentRef, 38000)).body.status).toBe('matched');
		const mail = await smtp.next(email, since);
		expect(mail.text).toContain(`Mã đơn hàng: ${order.orderNumber}`);
		const link = new URL(/https?:\/\/\S+\/phieu-thu\?ma=\S+/.exec(mail.text)![0]);
		const { res, bytes } = await fetchReceipt(link.pathname + link.search);
		expect(res.status).toBe(200);
		const text = pdfText(bytes);
		expect(text).toContain(`Người nộp tiền: ${email}`);
		expect(text).toContain(`Mã tham chiếu thanh toán: ${order.paymentRef}`);
		expect(text).toContain('Chuyển khoản (VietQR)');

		// The link is for this order only, and a changed one is worthless.
		const other = await walletOrder('11000');
		expect((await request(base, receiptPath(other.order.id, link.search))).status).toBe(404);
		expect((await request(base, receiptPath(order.id, `?ma=${encodeURIComponent(link.searchParams.get('ma')! + 'x')}`))).status).toBe(404);
	});

	it('is the same 404 as an unknown order for anyone else', async () => {
		const { order } = await walletOrder('14000');
		const stranger = await createUser(base);
		for (const cookie of [undefined, stranger.cookie]) {
			const res = await request(base, receiptPath(order.id), { headers: cookie ? { cookie } : {} });
			expect(res.status).toBe(404);
			expect(res.body.error.code).toBe('not_found');
		}
		expect((await request(base, receiptPath('not-a-uuid'), { headers: { cookie: buyer.cookie } })).status).toBe(404);
	});

	it('refuses a malformed tax code or an overlong school name with a Vietnamese message', async () => {
		const { order } = await walletOrder('15000');
		for (const [query, path] of [
			['?mst=12345', 'taxCode'],
			['?mst=0101234567-1', 'taxCode'],
			[`?truong=${'a'.repeat(121)}`, 'schoolName']
		] as const) {
			const res = await request(base, receiptPath(order.id, query), { headers: { cookie: buyer.cookie } });
			expect(res.status, query).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
			expect(res.body.error.details.fields[0].path).toBe(path);
			expect(res.body.error.message).toMatch(/Mã số thuế|Tên trường/);
		}
		// Blank optional fields are simply left out.
		expect((await fetchReceipt(receiptPath(order.id, '?truong=&mst='), buyer.cookie)).res.status).toBe(200);
	});

	it('prints a refund', async () => {
		const { order } = await walletOrder('16000');
		const refund = await request(base, `/api/v1/admin/orders/${order.id}/refund`, {
			method: 'POST',
			json: { reason: 'Tệp lỗi, khách yêu cầu hoàn tiền' },
			headers: { origin: base, cookie: staff.cookie }
		});
		expect(refund.status, refund.text).toBe(200);
		const text = pdfText((await fetchReceipt(receiptPath(order.id), buyer.cookie)).bytes);
		expect(text).toContain('Đã hoàn tiền: 16.000');
	});
});
