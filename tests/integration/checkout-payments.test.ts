/**
 * Paying purchase orders (docs/architecture.md#payments) over real HTTP: bank-transfer
 * confirmations for signed-in buyers and guests, money that pays nothing
 * (under-, over-, late and repeated payments), receipt emails through a real
 * SMTP receiver (including failure and retry), token downloads (POST /api/v1/downloads/by-token)
 * and the expiry worker in the server process.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
	accessCookie,
	checkout,
	createFlashSale,
	deliverReceipts,
	downloadBytes,
	eventually,
	exchange,
	getOrder,
	orderRow,
	sellable,
	stockLeft,
	tokenOf
} from '../helpers/checkout';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf } from '../helpers/money';
import { setStorageFault } from '../helpers/music-fixtures';
import { payReference, postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

const HEALTH_TOKEN = 'health-token-for-checkout-payments-tests';

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;
beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({
		env: {
			SMTP_URL: smtp.url,
			TRUST_PROXY: 'true',
			CHECKOUT_RATE_LIMIT: '1000',
			DOWNLOAD_TOKEN_RATE_LIMIT: '1000',
			DOWNLOAD_TOKEN_TTL_HOURS: '2',
			// The expiry and receipts jobs run often, so a test can watch them work.
			PAYMENT_SWEEP_INTERVAL_MS: '250',
			HEALTH_TOKEN
		}
	});
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
});
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});

const qrOrder = async (user: TestUser, priceVnd = '40000') => {
	const product = await sellable(base, { priceVnd });
	const res = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user });
	expect(res.status, res.text).toBe(200);
	return { product, order: res.body.data };
};

const guestOrder = async (email: string, priceVnd = '40000') => {
	const product = await sellable(base, { priceVnd });
	const res = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', guest: { email }, consent: true });
	expect(res.status, res.text).toBe(200);
	return { product, order: res.body.data, cookie: accessCookie(res) };
};

const transferRow = async (id: string) =>
	(await sql(base, 'SELECT match_status, needs_review, credited_vnd::text AS credited FROM bank_transfers WHERE id = $1', [id]))[0];

describe('guest checkout', () => {
	it('polls with only the order-access cookie from PENDING to PAID, and downloads through the token in the receipt', async () => {
		const email = `khach-${crypto.randomUUID().slice(0, 8)}@truong.edu.vn`;
		const { product, order, cookie } = await guestOrder(email, '55000');
		expect((await getOrder(base, order.id, cookie)).body.data.status).toBe('PENDING');
		const since = smtp.messages.length;
		expect((await payReference(base, order.paymentRef, 55000)).body.status).toBe('matched');

		const paid = (await getOrder(base, order.id, cookie)).body.data;
		expect(paid).toMatchObject({ status: 'PAID', receiptStatus: 'sent' });
		expect(await downloadBytes(base, paid.downloadUrl)).toEqual(product.bytes);
		const mail = await smtp.next(email, since);
		expect(mail.text).toContain('55.000 ₫');
		const link = /https?:\/\/\S+\/tai-ve\?token=\S+/.exec(mail.text)![0];
		expect(mail.html).toContain('Tải tài liệu');
		expect(await downloadBytes(base, link)).toEqual(product.bytes);
		// A guest owns nothing in any account: the token is the entitlement.
		expect(await sql(base, 'SELECT user_id FROM product_ownerships WHERE product_id = $1', [product.id])).toEqual([]);
	});
});

describe('money that does not pay an order', () => {
	it('an underpayment leaves the order PENDING and is kept for staff', async () => {
		const user = await createUser(base);
		const { order } = await qrOrder(user, '40000');
		const res = await payReference(base, order.paymentRef, 39000);
		expect(res.body.status).toBe('underpaid');
		expect(await transferRow(res.body.transferId)).toEqual({ match_status: 'underpaid', needs_review: true, credited: '0' });
		expect((await getOrder(base, order.id, user.cookie)).body.data.status).toBe('PENDING');
		expect(await balanceOf(base, user)).toEqual({ main: '0', bonus: '0', total: '0' });
	});

	it('an overpayment pays the order and refunds the excess to the buyer\'s wallet', async () => {
		const user = await createUser(base);
		const { order } = await qrOrder(user, '40000');
		const res = await payReference(base, order.paymentRef, 50000);
		expect(res.body.status).toBe('overpaid');
		expect((await getOrder(base, order.id, user.cookie)).body.data.status).toBe('PAID');
		expect(await transferRow(res.body.transferId)).toEqual({ match_status: 'overpaid', needs_review: false, credited: '10000' });
		expect(await balanceOf(base, user)).toEqual({ main: '10000', bonus: '0', total: '10000' });
		const [entry] = (await request(base, '/api/v1/wallet/ledger', { headers: { cookie: user.cookie } })).body.data;
		expect(entry).toMatchObject({ entryType: 'REFUND', direction: 'CREDIT', amount: '10000', refType: 'bank_transfer', refId: res.body.transferId });
		expect(entry.note).toContain(order.paymentRef);
	});

	it('a transfer after expiry is refunded to the wallet; a second payment of a paid order too', async () => {
		const user = await createUser(base);
		const { order } = await qrOrder(user, '30000');
		await advanceClock(base, 16 * 60_000);
		const late = await payReference(base, order.paymentRef, 30000);
		expect(late.body.status).toBe('late');
		expect((await getOrder(base, order.id, user.cookie)).body.data.status).toBe('EXPIRED');
		expect(await balanceOf(base, user)).toEqual({ main: '30000', bonus: '0', total: '30000' });

		const { order: second } = await qrOrder(user, '20000');
		expect((await payReference(base, second.paymentRef, 20000)).body.status).toBe('matched');
		const again = await payReference(base, second.paymentRef, 20000);
		expect(again.body.status).toBe('duplicate_payment');
		expect(await balanceOf(base, user)).toEqual({ main: '50000', bonus: '0', total: '50000' });
	});

	it('a guest\'s late, repeated or excess money is kept for staff, never credited to a stranger', async () => {
		const lateGuest = await guestOrder('khach.muon@truong.edu.vn', '30000');
		await advanceClock(base, 16 * 60_000);
		const late = await payReference(base, lateGuest.order.paymentRef, 30000);
		expect(await transferRow(late.body.transferId)).toEqual({ match_status: 'late', needs_review: true, credited: '0' });

		const over = await guestOrder('khach.thua@truong.edu.vn', '30000');
		const overpaid = await payReference(base, over.order.paymentRef, 35000);
		expect((await getOrder(base, over.order.id, over.cookie)).body.data.status).toBe('PAID');
		expect(await transferRow(overpaid.body.transferId)).toEqual({ match_status: 'overpaid', needs_review: true, credited: '0' });
		const repeat = await payReference(base, over.order.paymentRef, 30000);
		expect(await transferRow(repeat.body.transferId)).toEqual({ match_status: 'duplicate_payment', needs_review: true, credited: '0' });
	});

	it('the same notification delivered twice pays once and sends one receipt', async () => {
		const user = await createUser(base);
		const { order } = await qrOrder(user, '25000');
		const since = smtp.messages.length;
		const id = `sepay-${order.id}`;
		expect((await postBankTransfer(base, order.paymentRef, 25000, { id })).body.status).toBe('matched');
		expect((await postBankTransfer(base, order.paymentRef, 25000, { id })).body.status).toBe('duplicate');
		await smtp.next(user.email, since);
		await deliverReceipts(base);
		expect(smtp.messages.slice(since).filter((m) => m.to.includes(user.email))).toHaveLength(1);
		expect(await balanceOf(base, user)).toEqual({ main: '0', bonus: '0', total: '0' });
	});
});

describe('receipts', () => {
	it('a refused receipt leaves the order PAID with receiptStatus failed, and the receipts job sends it later', async () => {
		const user = await createUser(base);
		const { order } = await qrOrder(user, '15000');
		smtp.refuse(true);
		try {
			expect((await payReference(base, order.paymentRef, 15000)).body.status).toBe('matched');
		} finally {
			smtp.refuse(false);
		}
		const failed = (await getOrder(base, order.id, user.cookie)).body.data;
		expect(failed).toMatchObject({ status: 'PAID', receiptStatus: 'failed' });
		expect(failed.downloadUrl).toBeTruthy();
		const since = smtp.messages.length;
		await advanceClock(base, 6 * 60_000); // past the retry delay
		await deliverReceipts(base);
		await smtp.next(user.email, since);
		const sent = await eventually(
			async () => (await getOrder(base, order.id, user.cookie)).body.data.receiptStatus,
			(s) => s === 'sent'
		);
		expect(sent).toBe('sent');
		expect((await orderRow(base, order.id)).receipt_attempts).toBe(2);
	});
});

describe('POST /api/v1/downloads/by-token', () => {
	let paidUrl: string;
	let paidOrderId: string;
	let user: TestUser;
	beforeAll(async () => {
		user = await createUser(base);
		const { order } = await qrOrder(user, '10000');
		await payReference(base, order.paymentRef, 10000);
		paidOrderId = order.id;
		paidUrl = (await getOrder(base, order.id, user.cookie)).body.data.downloadUrl;
	});

	it('answers { data: { url, expiresIn } } with a signed URL of the file', async () => {
		const res = await exchange(base, tokenOf(paidUrl));
		expect(res.status).toBe(200);
		expect(Object.keys(res.body)).toEqual(['data']);
		expect(res.body.data.expiresIn).toBe(300);
		expect(res.body.data.url).toMatch(new RegExp(`^${base}/files/products/`));
	});

	it('400 for a missing, empty, malformed or oversized token', async () => {
		const cases = [undefined, '', 'khong-co-dau-cham', 'a.b.c', `${'a'.repeat(300)}.${'b'.repeat(300)}`, 42];
		for (const token of cases) {
			const res = await exchange(base, token);
			expect(res.status, String(token)).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
		}
		expect((await request(base, '/api/v1/downloads/by-token', { method: 'POST', json: {} })).status).toBe(400);
	});

	it('403 for a tampered token, whatever cookies come with it', async () => {
		const token = tokenOf(paidUrl);
		const [payload, signature] = token.split('.') as [string, string];
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
		const forged = `${Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url')}.${signature}`;
		const flipped = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
		for (const bad of [forged, flipped, `${payload}.${'A'.repeat(43)}`]) {
			const res = await exchange(base, bad, { cookie: user.cookie });
			expect(res.status).toBe(403);
			expect(res.body.error.code).toBe('forbidden');
		}
		// A session alone authorises nothing here.
		expect((await exchange(base, undefined, { cookie: user.cookie })).status).toBe(400);
	});

	it('403 once the token has expired (DOWNLOAD_TOKEN_TTL_HOURS = 2); a fresh poll issues a new one', async () => {
		const { order } = await qrOrder(user, '12000');
		await payReference(base, order.paymentRef, 12000);
		const url = (await getOrder(base, order.id, user.cookie)).body.data.downloadUrl;
		expect((await exchange(base, tokenOf(url))).status).toBe(200);
		await advanceClock(base, 2 * 3_600_000 + 1_000);
		expect((await exchange(base, tokenOf(url))).status).toBe(403);
		const fresh = (await getOrder(base, order.id, user.cookie)).body.data.downloadUrl;
		expect((await exchange(base, tokenOf(fresh))).status).toBe(200);
	});

	it('503 when storage cannot be reached', async () => {
		const url = (await getOrder(base, paidOrderId, user.cookie)).body.data.downloadUrl;
		await setStorageFault(base, 'head');
		try {
			const res = await exchange(base, tokenOf(url));
			expect(res.status).toBe(503);
			expect(res.body.error.code).toBe('service_unavailable');
		} finally {
			await setStorageFault(base, 'none');
		}
	});
});

describe('the expiry worker', () => {
	it('expires unpaid orders in the background and gives back their stock; its jobs report to /api/health', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		const flash = await createFlashSale(base, product.id, { priceVnd: '7000', stock: 3 });
		const order = (await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user })).body.data;
		expect(await stockLeft(base, flash)).toBe(2);
		await advanceClock(base, 16 * 60_000);
		// Nobody reads the order: the sweep alone must expire it.
		const status = await eventually(async () => (await orderRow(base, order.id)).status, (s) => s === 'EXPIRED');
		expect(status).toBe('EXPIRED');
		expect(await stockLeft(base, flash)).toBe(3);

		const health = await request(base, '/api/health', { headers: { 'x-health-token': HEALTH_TOKEN } });
		expect(health.body.status).toBe('ok');
		const jobs = health.body.checks.workers.jobs.map((j: any) => j.name);
		expect(jobs).toEqual(expect.arrayContaining(['payment-expiry', 'order-receipts', 'checkout-idempotency-cleanup']));
		const sweep = health.body.checks.workers.jobs.find((j: any) => j.name === 'payment-expiry');
		expect(sweep).toMatchObject({ stale: false, lastError: null });
		expect(Date.parse(sweep.lastSuccessAt)).toBeGreaterThan(0);
	});
});
