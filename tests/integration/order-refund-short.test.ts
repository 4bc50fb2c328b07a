/**
 * What the buyer sees of a refunded order and of a short transfer, where the
 * buyer looks: the order read (REST), the order page `/thanh-toan/<id>` and
 * `/don-hang`. A refunded order says "Đã hoàn tiền" with the amount, the
 * pocket and the date and never offers the download; a short transfer shows
 * what arrived and what is due, and the QR asks for the remainder, which then
 * pays the order. Ledger notes name the order by its number (DH…).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkout, getOrder, sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { payReference } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;

beforeAll(async () => {
	server = await startServer({ env: { TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});
afterAll(async () => {
	await server?.stop();
});

/** The page's text with the non-breaking spaces of formatted amounts ("45.000 ₫") as plain ones. */
async function page(path: string, user: TestUser) {
	const res = await request(base, path, { headers: { cookie: user.cookie, accept: 'text/html' } });
	expect(res.status).toBe(200);
	return { ...res, text: res.text.replace(/[\u00a0\u202f]/g, ' ') };
}

async function qrOrder(priceVnd: string) {
	const buyer = await createUser(base);
	const product = await sellable(base, { priceVnd });
	const created = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user: buyer });
	expect(created.status, created.text).toBe(200);
	return { buyer, order: created.body.data };
}

describe('a refunded order', () => {
	it('reads "Đã hoàn tiền" with amount, pocket and date on the order page and /don-hang, with no download; the ledger names DH…', async () => {
		const { buyer, order } = await qrOrder('45000');
		await payReference(base, order.paymentRef, 45000);
		const paidPage = await page(`/thanh-toan/${order.id}`, buyer);
		expect(paidPage.text).toContain('Tải tài liệu về máy');

		const refund = await request(base, `/api/v1/admin/orders/${order.id}/refund`, {
			method: 'POST',
			headers: { origin: base, cookie: staff.cookie },
			json: { reason: 'Khách báo tệp bị lỗi, đã kiểm tra' }
		});
		expect(refund.status, refund.text).toBe(200);

		const read = (await getOrder(base, order.id, buyer.cookie)).body.data;
		expect(read).toMatchObject({ status: 'PAID', downloadUrl: null, refundedVnd: '45000', refundPocket: 'main' });
		expect(read.refundedAt).toEqual(expect.any(String));

		const orderPage = await page(`/thanh-toan/${order.id}`, buyer);
		expect(orderPage.status).toBe(200);
		expect(orderPage.text).toContain('Đã hoàn tiền');
		expect(orderPage.text).toContain('45.000 ₫ vào ví chính');
		expect(orderPage.text).not.toContain('Thanh toán thành công');
		expect(orderPage.text).not.toContain('Tải tài liệu về máy');

		const list = await page('/don-hang', buyer);
		expect(list.text).toContain('Đã hoàn tiền');
		expect(list.text).toContain(read.orderNumber);
		expect(list.text).not.toContain('Xem và tải xuống');

		const [entry] = (await request(base, '/api/v1/wallet/ledger', { headers: { cookie: buyer.cookie } })).body.data;
		expect(entry.note).toContain(read.orderNumber);
		expect(entry.note).not.toContain(order.id);
	});
});

describe('a short transfer', () => {
	it('shows what arrived and what is due, asks the QR for the remainder, and the remainder pays the order', async () => {
		const { buyer, order } = await qrOrder('40000');
		const short = await payReference(base, order.paymentRef, 15000);
		expect(short.body.status).toBe('underpaid');

		const read = (await getOrder(base, order.id, buyer.cookie)).body.data;
		expect(read).toMatchObject({ status: 'PENDING', receivedVnd: '15000', dueVnd: '25000' });
		// EMVCo tag 54 (amount) carries the remainder, not the order's amount.
		expect(read.qrPayload).toContain('540525000');
		expect(read.paymentInstructions).toContain('25.000 ₫');

		const orderPage = await page(`/thanh-toan/${order.id}`, buyer);
		expect(orderPage.text).toContain('còn thiếu');
		expect(orderPage.text).toContain('25.000 ₫');
		const list = await page('/don-hang', buyer);
		expect(list.text).toContain('Đã nhận 15.000 ₫, còn thiếu 25.000 ₫');

		const rest = await payReference(base, order.paymentRef, 25000);
		expect(rest.body.status).toBe('matched');
		const paid = (await getOrder(base, order.id, buyer.cookie)).body.data;
		expect(paid.status).toBe('PAID');
		expect(paid.receivedVnd).toBeUndefined();
		// The short transfer is applied now: nothing is left for staff.
		expect(await sql(base, 'SELECT needs_review FROM bank_transfers WHERE id = $1', [short.body.transferId])).toEqual([{ needs_review: false }]);
	});

	it('a second short transfer adds up, and a remainder larger than due refunds the excess to the wallet', async () => {
		const { buyer, order } = await qrOrder('30000');
		expect((await payReference(base, order.paymentRef, 10000)).body.status).toBe('underpaid');
		expect((await payReference(base, order.paymentRef, 10000)).body.status).toBe('underpaid');
		expect((await getOrder(base, order.id, buyer.cookie)).body.data).toMatchObject({ receivedVnd: '20000', dueVnd: '10000' });
		expect((await payReference(base, order.paymentRef, 15000)).body.status).toBe('overpaid');
		expect((await getOrder(base, order.id, buyer.cookie)).body.data.status).toBe('PAID');
		const [entry] = (await request(base, '/api/v1/wallet/ledger', { headers: { cookie: buyer.cookie } })).body.data;
		expect(entry).toMatchObject({ entryType: 'REFUND', amount: '5000' });
	});
});
