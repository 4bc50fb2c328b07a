/**
 * POST/GET /api/v1/checkout and GET /api/v1/checkout/{orderId}
 * over real HTTP: every payment method, every documented status code,
 * idempotency keys, pending-order reuse, listing and who may poll what.
 * Bank-transfer confirmations, receipts and token downloads are in
 * checkout-payments.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_ACCOUNT } from '../../src/lib/server/config';
import { crc16CcittFalse, vietQrDataUrl, vietQrPayload } from '../../src/lib/server/payments/vietqr';
import {
	accessCookie,
	checkout,
	createFlashSale,
	downloadBytes,
	eventually,
	getOrder,
	ORDER_REF,
	orderRow,
	sellable,
	startOfNextMinute,
	stockLeft
} from '../helpers/checkout';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createPromo, creditWallet } from '../helpers/money';
import { grantOwnership } from '../helpers/music-fixtures';
import { payReference } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';
import { decodeTlv } from '../helpers/tlv';

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;
beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({
		env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '12', CHECKOUT_PROMO_RATE_LIMIT: '40', DOWNLOAD_TOKEN_RATE_LIMIT: '1000', ORDER_ACCESS_TTL_MINUTES: '60' }
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

const buy = (user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) => checkout(base, body, { user, headers });
const sameBody = (a: { text: string }, b: { text: string }) => expect(a.text).toBe(b.text);

describe('qr_direct', () => {
	it('creates a PENDING order with a VietQR, a reference, Vietnamese instructions, a 15-minute expiry and an order-access cookie', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '45000' });
		const res = await buy(user, { productId: product.id, paymentMethod: 'qr_direct', returnTo: '/san-pham/toan-1' });
		expect(res.status, res.text).toBe(200);
		expect(Object.keys(res.body)).toEqual(['data']);
		const order = res.body.data;
		expect(order).toMatchObject({
			status: 'PENDING',
			amountVnd: '45000',
			priceVnd: '45000',
			promoDiscountVnd: '0',
			promoCode: null,
			paymentMethod: 'qr_direct',
			paidAt: null,
			receiptStatus: null,
			downloadUrl: null,
			productId: product.id,
			returnTo: '/san-pham/toan-1'
		});
		expect(order.paymentRef).toMatch(ORDER_REF);
		expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(15 * 60_000);
		for (const part of ['45.000 ₫', DEMO_PAYMENT_ACCOUNT.bankName, DEMO_PAYMENT_ACCOUNT.accountNumber, DEMO_PAYMENT_ACCOUNT.accountName, order.paymentRef, 'nội dung']) {
			expect(order.paymentInstructions).toContain(part);
		}

		// The image is exactly the VietQR of this order: bank, account, amount and the reference as the memo.
		const payload = vietQrPayload({ bankBin: DEMO_PAYMENT_ACCOUNT.bankBin, accountNumber: DEMO_PAYMENT_ACCOUNT.accountNumber, amountVnd: 45000n, memo: order.paymentRef });
		expect(order.qrUrl).toBe(await vietQrDataUrl(payload));
		const top = decodeTlv(payload);
		expect([...top.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
		expect([top.get('00'), top.get('01'), top.get('53'), top.get('54'), top.get('58')]).toEqual(['01', '12', '704', '45000', 'VN']);
		const merchant = decodeTlv(top.get('38')!);
		expect(merchant.get('00')).toBe('A000000727');
		expect(merchant.get('02')).toBe('QRIBFTTA');
		expect([...decodeTlv(merchant.get('01')!).values()]).toEqual([DEMO_PAYMENT_ACCOUNT.bankBin, DEMO_PAYMENT_ACCOUNT.accountNumber]);
		expect(decodeTlv(top.get('62')!).get('08')).toBe(order.paymentRef);
		expect(top.get('63')).toBe(crc16CcittFalse(payload.slice(0, -4)));

		// Cookie: scoped to this order, HMAC-signed, HttpOnly, SameSite=Lax, Path=/, short-lived; not Secure outside production.
		const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`order_access_${order.id}=`))!;
		expect(setCookie).toMatch(/; Path=\//);
		expect(setCookie).toMatch(/; HttpOnly/);
		expect(setCookie).toMatch(/; SameSite=Lax/);
		expect(setCookie).toMatch(/; Max-Age=3600/);
		expect(setCookie).not.toMatch(/Secure/);
		expect(res.headers.get('ratelimit-limit')).toBe('12');
		expect(Number(res.headers.get('ratelimit-remaining'))).toBeLessThan(12);

		const [intent] = await sql(base, 'SELECT kind, reference, amount_vnd::text AS amount, status, user_id FROM payment_intents WHERE target_id = $1', [order.id]);
		expect(intent).toEqual({ kind: 'order', reference: order.paymentRef, amount: '45000', status: 'PENDING', user_id: user.userId });
	});

	it('goes end to end: transfer → PAID → receipt → downloadUrl → by-token → the file', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '30000', title: 'Slide Tiếng Việt lớp 2' });
		const order = (await buy(user, { productId: product.id, paymentMethod: 'qr_direct' })).body.data;
		const since = smtp.messages.length;
		const paid = await payReference(base, order.paymentRef, 30000);
		expect(paid.body.status).toBe('matched');

		const res = await getOrder(base, order.id, user.cookie);
		expect(res.body.data).toMatchObject({ status: 'PAID', qrUrl: null, paymentInstructions: null, receiptStatus: 'sent', paymentRef: order.paymentRef });
		expect(Date.parse(res.body.data.paidAt)).toBeGreaterThan(0);
		expect(res.body.data.downloadUrl).toMatch(new RegExp(`^${base}/tai-ve\\?token=`));
		expect(await downloadBytes(base, res.body.data.downloadUrl)).toEqual(product.bytes);

		const mail = await smtp.next(user.email, since);
		expect(mail.subject).toBe('Biên nhận đơn hàng hoclieu: Slide Tiếng Việt lớp 2');
		expect(mail.text).toContain('30.000 ₫');
		expect(mail.text).toContain('Chuyển khoản ngân hàng (VietQR)');
		const link = /https?:\/\/\S+\/tai-ve\?token=\S+/.exec(mail.text)![0];
		expect(await downloadBytes(base, link)).toEqual(product.bytes);
		expect(await sql(base, 'SELECT source, order_id FROM product_ownerships WHERE user_id = $1 AND product_id = $2', [user.userId, product.id])).toEqual([
			{ source: 'purchase', order_id: order.id }
		]);
	});
});

describe('wallet', () => {
	it('pays at once, bonus pocket first, in the transaction that grants ownership', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '40000', 'main');
		await creditWallet(base, user.userId, '15000', 'bonus');
		const product = await sellable(base, { priceVnd: '50000', salePriceVnd: '35000' });
		const since = smtp.messages.length;
		const res = await buy(user, { productId: product.id, paymentMethod: 'wallet' });
		expect(res.status, res.text).toBe(200);
		const order = res.body.data;
		expect(order).toMatchObject({ status: 'PAID', amountVnd: '35000', priceVnd: '35000', paymentMethod: 'wallet', qrUrl: null, paymentRef: null, expiresAt: null });
		expect(['pending', 'sent']).toContain(order.receiptStatus);
		expect(await balanceOf(base, user)).toEqual({ main: '20000', bonus: '0', total: '20000' });
		const ledger = (await request(base, '/api/v1/wallet/ledger', { headers: { cookie: user.cookie } })).body.data;
		expect(ledger.slice(0, 2).map((e: any) => [e.entryType, e.direction, e.pocket, e.amount, e.refType, e.refId])).toEqual([
			['PURCHASE', 'DEBIT', 'main', '20000', 'order', order.id],
			['PURCHASE', 'DEBIT', 'bonus', '15000', 'order', order.id]
		]);
		expect(await downloadBytes(base, order.downloadUrl)).toEqual(product.bytes);
		const mail = await smtp.next(user.email, since);
		expect(mail.text).toContain('Ví hoclieu');
		const receipt = async () => (await getOrder(base, order.id, user.cookie)).body.data.receiptStatus;
		expect(await eventually(receipt, (s) => s === 'sent')).toBe('sent');
	});

	it('refuses a short balance with 422 state_violation, { required, available }, and changes nothing', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '10000', 'main');
		const product = await sellable(base, { priceVnd: '25000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '12000', stock: 3 });
		const res = await buy(user, { productId: product.id, paymentMethod: 'wallet' });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe('state_violation');
		expect(res.body.error.message).toContain('Số dư ví không đủ');
		expect(res.body.error.details).toMatchObject({ reason: 'insufficient_funds', required: '12000', available: '10000' });
		expect(await balanceOf(base, user)).toEqual({ main: '10000', bonus: '0', total: '10000' });
		expect(await stockLeft(base, flash)).toBe(3);
		expect(await sql(base, 'SELECT id FROM orders WHERE user_id = $1', [user.userId])).toEqual([]);
	});

	it('pays a flash-sale price less a promo: one unit held, the use consumed, the discounted amount debited', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '20000', 'main');
		const product = await sellable(base, { priceVnd: '30000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '15000', stock: 2 });
		await createPromo(base, { code: 'VIGIAM3K', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '3000', totalCap: 5, perUserCap: 1 });
		const res = await buy(user, { productId: product.id, paymentMethod: 'wallet', promoCode: 'vigiam3k' });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({ status: 'PAID', priceVnd: '15000', amountVnd: '12000', paymentMethod: 'wallet' });
		expect(await balanceOf(base, user)).toEqual({ main: '8000', bonus: '0', total: '8000' });
		expect(await stockLeft(base, flash)).toBe(1);
		expect(await sql(base, `SELECT o.flash_sale_unit_held, o.promo_code, o.promo_discount_vnd::text AS discount, r.status FROM orders o JOIN promo_redemptions r ON r.id = o.promo_redemption_id WHERE o.id = $1`, [res.body.data.id])).toEqual([
			{ flash_sale_unit_held: true, promo_code: 'VIGIAM3K', discount: '3000', status: 'CONSUMED' }
		]);
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'VIGIAM3K'`)).toEqual([{ used: 1 }]);
		// The per-user cap holds on the next product: the opening read counted the consumed use.
		const other = await sellable(base, { priceVnd: '5000' });
		const again = await buy(user, { productId: other.id, paymentMethod: 'wallet', promoCode: 'VIGIAM3K' });
		expect([again.status, again.body.error?.code]).toEqual([409, 'promo_cap_reached']);
		expect(await balanceOf(base, user)).toEqual({ main: '8000', bonus: '0', total: '8000' });
	});
});

describe('free_claim', () => {
	it('claims a free product at once', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '0' });
		const res = await buy(user, { productId: product.id, paymentMethod: 'free_claim' });
		expect(res.status, res.text).toBe(200);
		expect(res.body.data).toMatchObject({ status: 'PAID', amountVnd: '0', paymentMethod: 'free_claim' });
		expect(await downloadBytes(base, res.body.data.downloadUrl)).toEqual(product.bytes);
		expect(await sql(base, 'SELECT source FROM product_ownerships WHERE user_id = $1 AND product_id = $2', [user.userId, product.id])).toEqual([{ source: 'free_claim' }]);
	});

	it('claims a product made free by a running flash sale or a 100 % promo', async () => {
		const user = await createUser(base);
		const flashFree = await sellable(base, { priceVnd: '20000' });
		await createFlashSale(base, flashFree.id, { priceVnd: '0', stock: null });
		expect((await buy(user, { productId: flashFree.id, paymentMethod: 'free_claim' })).body.data.status).toBe('PAID');
		const promoFree = await sellable(base, { priceVnd: '20000' });
		await createPromo(base, { code: 'TANGFREE', appliesTo: 'CHECKOUT', kind: 'PERCENT', percentOff: 100, productId: promoFree.id });
		const viaQr = await buy(user, { productId: promoFree.id, paymentMethod: 'qr_direct', promoCode: 'tangfree' });
		expect(viaQr.status).toBe(422);
		expect(viaQr.body.error).toMatchObject({ code: 'state_violation', details: { reason: 'free_order', paymentMethod: 'free_claim' } });
		const claimed = await buy(user, { productId: promoFree.id, paymentMethod: 'free_claim', promoCode: 'tangfree' });
		expect(claimed.body.data).toMatchObject({ status: 'PAID', amountVnd: '0', priceVnd: '20000', promoDiscountVnd: '20000', promoCode: 'TANGFREE' });
	});

	it('refuses a product that costs something with 422 state_violation', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '15000' });
		const res = await buy(user, { productId: product.id, paymentMethod: 'free_claim' });
		expect(res.status).toBe(422);
		expect(res.body.error).toMatchObject({ code: 'state_violation', details: { reason: 'not_free', amountVnd: '15000' } });
	});
});

describe('cash_manual', () => {
	it('creates a PENDING order with cash instructions and a reference, held for 72 hours, without a QR', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '60000' });
		const res = await buy(user, { productId: product.id, paymentMethod: 'cash_manual' });
		expect(res.status, res.text).toBe(200);
		const order = res.body.data;
		expect(order).toMatchObject({ status: 'PENDING', paymentMethod: 'cash_manual', qrUrl: null, amountVnd: '60000' });
		expect(order.paymentRef).toMatch(ORDER_REF);
		expect(order.paymentInstructions).toContain('tiền mặt');
		expect(order.paymentInstructions).toContain(order.paymentRef);
		expect(order.paymentInstructions).toContain('60.000 ₫');
		expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(72 * 3_600_000);
	});
});

describe('prices, flash sales and promos', () => {
	it('charges flash sale > sale > list, holds a flash-sale unit while pending and gives it back on expiry', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '80000', salePriceVnd: '60000' });
		expect((await buy(user, { productId: product.id, paymentMethod: 'cash_manual' })).body.data.amountVnd).toBe('60000');

		const other = await createUser(base);
		const flash = await createFlashSale(base, product.id, { priceVnd: '30000', stock: 2 });
		const order = (await buy(other, { productId: product.id, paymentMethod: 'qr_direct' })).body.data;
		expect(order).toMatchObject({ amountVnd: '30000', priceVnd: '30000' });
		expect(await stockLeft(base, flash)).toBe(1);
		expect((await orderRow(base, order.id)).flash_sale_unit_held).toBe(true);

		await advanceClock(base, 16 * 60_000);
		expect((await getOrder(base, order.id, other.cookie)).body.data.status).toBe('EXPIRED');
		expect(await stockLeft(base, flash)).toBe(2);
	});

	it('answers 409 flash_sale_sold_out while a running flash sale that undercuts the price has no stock', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '40000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '10000', stock: 1 });
		const first = await createUser(base);
		await creditWallet(base, first.userId, '10000', 'main');
		expect((await buy(first, { productId: product.id, paymentMethod: 'wallet' })).body.data.status).toBe('PAID');
		expect(await stockLeft(base, flash)).toBe(0); // PAID keeps its unit

		const res = await buy(user, { productId: product.id, paymentMethod: 'qr_direct' });
		expect(res.status).toBe(409);
		expect(res.body.error.code).toBe('flash_sale_sold_out');
		expect(res.body.error.message).toContain('hết suất');
	});

	it('applies a promo to the effective price, reserves it while pending, consumes it when paid and releases it on expiry', async () => {
		await createPromo(base, { code: 'GIAM10PT', appliesTo: 'CHECKOUT', kind: 'PERCENT', percentOff: 10, maxDiscountVnd: '4000', totalCap: 10 });
		const product = await sellable(base, { priceVnd: '100000', salePriceVnd: '30000' });
		const payer = await createUser(base);
		const paid = (await buy(payer, { productId: product.id, paymentMethod: 'qr_direct', promoCode: ' giam10pt ' })).body.data;
		expect(paid).toMatchObject({ priceVnd: '30000', promoDiscountVnd: '3000', amountVnd: '27000', promoCode: 'GIAM10PT' });
		const expensive = await sellable(base, { priceVnd: '90000' });
		const capped = (await buy(payer, { productId: expensive.id, paymentMethod: 'cash_manual', promoCode: 'GIAM10PT' })).body.data;
		expect(capped).toMatchObject({ promoDiscountVnd: '4000', amountVnd: '86000' }); // 10 % capped at 4 000
		const used = async () => (await sql<{ used: number }>(base, `SELECT used FROM promos WHERE code = 'GIAM10PT'`))[0]!.used;
		const redemption = async (id: string) => (await sql<{ status: string }>(base, 'SELECT status FROM promo_redemptions WHERE ref_id = $1', [id]))[0]!.status;
		expect(await used()).toBe(2);

		await payReference(base, paid.paymentRef, 27000);
		expect(await redemption(paid.id)).toBe('CONSUMED');
		await advanceClock(base, 73 * 3_600_000); // past the cash order's 72 hours
		expect((await getOrder(base, capped.id, payer.cookie)).body.data.status).toBe('EXPIRED');
		expect(await redemption(capped.id)).toBe('RELEASED');
		expect(await used()).toBe(1);
	});

	it('refuses unknown, malformed and not-applicable promo codes with 400, and used-up ones with 409 promo_cap_reached', async () => {
		const product = await sellable(base, { priceVnd: '20000', type: 'SLIDE' });
		await createPromo(base, { code: 'CHIGIAOAN', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '5000', productType: 'LESSON_PLAN' });
		await createPromo(base, { code: 'NAPTIEN5', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '5000' });
		await createPromo(base, { code: 'MOTLAN', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '5000', totalCap: 1 });
		const user = await createUser(base);
		for (const promoCode of ['KHONGCO', 'a b', 'x'.repeat(41), 'CHIGIAOAN', 'NAPTIEN5']) {
			const res = await buy(user, { productId: product.id, paymentMethod: 'qr_direct', promoCode });
			expect(res.status, promoCode).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
			expect(res.body.error.details.fields[0].path).toBe('promoCode');
		}
		expect((await buy(user, { productId: product.id, paymentMethod: 'cash_manual', promoCode: 'MOTLAN' })).status).toBe(200);
		const late = await buy(await createUser(base), { productId: product.id, paymentMethod: 'qr_direct', promoCode: 'MOTLAN' });
		expect(late.status).toBe(409);
		expect(late.body.error.code).toBe('promo_cap_reached');
		const tooLong = await buy(user, { productId: product.id, paymentMethod: 'qr_direct', promoCode: 'x'.repeat(65) });
		expect(tooLong.status).toBe(400);
	});
});

describe('refusals', () => {
	it('400 for unknown, malformed or unpublished products, a bad payment method and an absolute returnTo', async () => {
		const user = await createUser(base);
		const hidden = await sellable(base, { isPublished: false });
		const product = await sellable(base);
		const cases: Record<string, unknown>[] = [
			{ productId: '00000000-0000-4000-8000-000000000000', paymentMethod: 'qr_direct' },
			{ productId: 'not-a-uuid', paymentMethod: 'qr_direct' },
			{ productId: hidden.id, paymentMethod: 'qr_direct' },
			{ productId: product.id, paymentMethod: 'bitcoin' },
			{ productId: product.id },
			{ paymentMethod: 'qr_direct' },
			{ productId: product.id, paymentMethod: 'qr_direct', returnTo: 'https://evil.example/' },
			{ productId: product.id, paymentMethod: 'qr_direct', returnTo: '//evil.example/' }
		];
		for (const body of cases) {
			const res = await buy(user, body);
			expect(res.status, JSON.stringify(body)).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
		}
		expect((await buy(user, { productId: hidden.id, paymentMethod: 'qr_direct' })).body.error.details.fields[0].path).toBe('productId');
	});

	it('401 without a session and without a guest; 400 for a guest without consent or paying by wallet', async () => {
		const product = await sellable(base);
		const anonymous = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' });
		expect(anonymous.status).toBe(401);
		expect(anonymous.body.error.code).toBe('unauthenticated');
		for (const consent of [undefined, false]) {
			const res = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', guest: { email: 'co.lan@truong.edu.vn' }, consent });
			expect(res.status).toBe(400);
			expect(res.body.error.details.fields[0].path).toBe('consent');
		}
		const wallet = await checkout(base, { productId: product.id, paymentMethod: 'wallet', guest: { email: 'co.lan@truong.edu.vn' }, consent: true });
		expect(wallet.status).toBe(400);
		expect(wallet.body.error.details.fields[0].path).toBe('paymentMethod');
		const badEmail = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', guest: { email: 'khong-phai-email' }, consent: true });
		expect(badEmail.status).toBe(400);
	});

	it('409 already_owned for a product the user owns', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		await grantOwnership(base, user.userId, product.id);
		const res = await buy(user, { productId: product.id, paymentMethod: 'qr_direct' });
		expect(res.status).toBe(409);
		expect(res.body.error).toMatchObject({ code: 'already_owned', details: { productId: product.id } });
	});

	it('403 for a cross-origin browser request', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		const res = await buy(user, { productId: product.id, paymentMethod: 'qr_direct' }, { origin: 'https://evil.example' });
		expect(res.status).toBe(403);
		expect(res.body.error.code).toBe('forbidden');
	});

	it('429 with Retry-After after CHECKOUT_RATE_LIMIT creations a minute', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		await startOfNextMinute(base);
		const results = [];
		for (let i = 0; i < 13; i++) results.push(await buy(user, { productId: product.id, paymentMethod: 'qr_direct' }));
		expect(results.slice(0, 12).every((r) => r.status === 200)).toBe(true);
		const limited = results[12]!;
		expect(limited.status).toBe(429);
		expect(limited.body.error.code).toBe('rate_limited');
		expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(limited.headers.get('ratelimit-remaining')).toBe('0');
	});
});

describe('Idempotency-Key', () => {
	it('returns the first order for a retry with the same key and body, and 422 for the same key with another body', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		const key = crypto.randomUUID();
		const body = { productId: product.id, paymentMethod: 'qr_direct' };
		const first = await buy(user, body, { 'idempotency-key': key });
		const again = await buy(user, body, { 'idempotency-key': key });
		expect(again.status).toBe(200);
		expect(again.body.data.id).toBe(first.body.data.id);
		expect(again.headers.get('idempotent-replayed')).toBe('true');
		expect(first.headers.get('idempotent-replayed')).toBeNull();
		expect(accessCookie(again)).toMatch(new RegExp(`^order_access_${first.body.data.id}=`));
		const different = await buy(user, { ...body, paymentMethod: 'cash_manual' }, { 'idempotency-key': key });
		expect(different.status).toBe(422);
		expect(different.body.error).toMatchObject({ code: 'state_violation', details: { reason: 'idempotency_key_reused' } });
		expect(await sql(base, 'SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [user.userId])).toEqual([{ n: 1 }]);
		for (const bad of ['khoa co dau cach', 'k'.repeat(256)]) {
			const res = await buy(user, body, { 'idempotency-key': bad });
			expect(res.status).toBe(400);
			expect(res.body.error.details.fields[0].path).toBe('Idempotency-Key');
		}
	});

	it('does not remember a request that failed: the same key works once the cause is fixed', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '20000' });
		const key = crypto.randomUUID();
		const body = { productId: product.id, paymentMethod: 'wallet' };
		expect((await buy(user, body, { 'idempotency-key': key })).status).toBe(422);
		await creditWallet(base, user.userId, '20000', 'main');
		const paid = await buy(user, body, { 'idempotency-key': key });
		expect(paid.body.data.status).toBe('PAID');
		const replay = await buy(user, body, { 'idempotency-key': key });
		expect(replay.body.data.id).toBe(paid.body.data.id);
		expect(await balanceOf(base, user)).toEqual({ main: '0', bonus: '0', total: '0' }); // debited once
	});

	it('forgets a key after IDEMPOTENCY_KEY_TTL_HOURS (24): it may then start a new order', async () => {
		const user = await createUser(base);
		const key = crypto.randomUUID();
		const first = await buy(user, { productId: (await sellable(base)).id, paymentMethod: 'cash_manual' }, { 'idempotency-key': key });
		await advanceClock(base, 24 * 3_600_000 + 1_000);
		const later = await buy(user, { productId: (await sellable(base)).id, paymentMethod: 'cash_manual' }, { 'idempotency-key': key });
		expect(later.status).toBe(200);
		expect(later.body.data.id).not.toBe(first.body.data.id);
		expect(later.headers.get('idempotent-replayed')).toBeNull();
	});

	it('creates one order for five concurrent requests with one key', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		const key = crypto.randomUUID();
		const results = await Promise.all(Array.from({ length: 5 }, () => buy(user, { productId: product.id, paymentMethod: 'qr_direct' }, { 'idempotency-key': key })));
		expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
		expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
		expect(await sql(base, 'SELECT count(*)::int AS n FROM orders WHERE user_id = $1', [user.userId])).toEqual([{ n: 1 }]);
	});
});

describe('a second checkout of a product with a pending order', () => {
	it('returns the same pending order for the same method and promo', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		const flash = await createFlashSale(base, product.id, { priceVnd: '9000', stock: 5 });
		const a = (await buy(user, { productId: product.id, paymentMethod: 'qr_direct' })).body.data;
		const b = (await buy(user, { productId: product.id, paymentMethod: 'qr_direct' })).body.data;
		expect(b.id).toBe(a.id);
		expect(b.paymentRef).toBe(a.paymentRef);
		expect(await stockLeft(base, flash)).toBe(4); // held once
	});

	it('cancels it and creates a new one for another method; a transfer to the old reference is credited to the wallet', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '25000' });
		const flash = await createFlashSale(base, product.id, { priceVnd: '20000', stock: 5 });
		const qr = (await buy(user, { productId: product.id, paymentMethod: 'qr_direct' })).body.data;
		const cash = (await buy(user, { productId: product.id, paymentMethod: 'cash_manual' })).body.data;
		expect(cash.id).not.toBe(qr.id);
		expect((await getOrder(base, qr.id, user.cookie)).body.data.status).toBe('CANCELLED');
		expect(await sql(base, 'SELECT status FROM payment_intents WHERE target_id = $1', [qr.id])).toEqual([{ status: 'CANCELLED' }]);
		expect(await stockLeft(base, flash)).toBe(4); // the cancelled order's unit came back, the new one holds one
		const late = await payReference(base, qr.paymentRef, 20000);
		expect(late.body.status).toBe('late');
		expect(await balanceOf(base, user)).toEqual({ main: '20000', bonus: '0', total: '20000' });
	});
});

describe('GET /api/v1/checkout', () => {
	it('lists my orders newest first with a status filter and keyset cursor', async () => {
		const user = await createUser(base);
		const ids: string[] = [];
		for (let i = 0; i < 5; i++) {
			const product = await sellable(base, { priceVnd: i === 0 ? '0' : '10000' });
			ids.push((await buy(user, { productId: product.id, paymentMethod: i === 0 ? 'free_claim' : 'cash_manual' })).body.data.id);
		}
		await buy(await createUser(base), { productId: (await sellable(base)).id, paymentMethod: 'qr_direct' }); // someone else's
		const list = (query: string, cookie = user.cookie) => request(base, `/api/v1/checkout${query}`, { headers: { cookie } });
		const all = await list('');
		expect(all.status).toBe(200);
		expect(all.body.data.map((o: any) => o.id)).toEqual([...ids].reverse());
		expect(all.body).toMatchObject({ nextCursor: null, hasMore: false });

		const seen: string[] = [];
		let cursor: string | null = null;
		do {
			const page: any = await list(`?pageSize=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
			expect(page.body.data.length).toBeLessThanOrEqual(2);
			seen.push(...page.body.data.map((o: any) => o.id));
			cursor = page.body.nextCursor;
			expect(page.body.hasMore).toBe(cursor !== null);
		} while (cursor);
		expect(seen).toEqual([...ids].reverse());

		expect((await list('?status=PAID')).body.data.map((o: any) => o.id)).toEqual([ids[0]]);
		expect((await list('?status=PENDING')).body.data).toHaveLength(4);
		expect((await list('?pageSize=0')).status).toBe(400);
		expect((await list('?pageSize=51')).status).toBe(400);
		expect((await list('?status=LOST')).status).toBe(400);
		expect((await list('?cursor=gia-mao')).status).toBe(400);
		expect((await request(base, '/api/v1/checkout')).status).toBe(401);
	});

	it('lists pending orders past their expiry as EXPIRED', async () => {
		const user = await createUser(base);
		const order = (await buy(user, { productId: (await sellable(base)).id, paymentMethod: 'qr_direct' })).body.data;
		await advanceClock(base, 16 * 60_000);
		const res = await request(base, '/api/v1/checkout?status=EXPIRED', { headers: { cookie: user.cookie } });
		expect(res.body.data.map((o: any) => [o.id, o.status, o.qrUrl])).toEqual([[order.id, 'EXPIRED', null]]);
	});
});

describe('GET /api/v1/checkout/{orderId}', () => {
	it('answers the owner, and a foreign user exactly as it answers an unknown id', async () => {
		const owner = await createUser(base);
		const stranger = await createUser(base);
		const order = (await buy(owner, { productId: (await sellable(base)).id, paymentMethod: 'qr_direct' })).body.data;
		const mine = await getOrder(base, order.id, owner.cookie);
		expect(mine.status).toBe(200);
		expect(mine.body.data).toMatchObject({ id: order.id, status: 'PENDING', qrUrl: order.qrUrl, paymentRef: order.paymentRef });

		const headers = { 'x-request-id': 'same-request-id-for-all' };
		const foreign = await getOrder(base, order.id, stranger.cookie, headers);
		const unknown = await getOrder(base, '00000000-0000-4000-8000-000000000000', stranger.cookie, headers);
		const garbage = await getOrder(base, 'khong-phai-ma', undefined, headers);
		const anonymous = await getOrder(base, order.id, undefined, headers);
		for (const r of [foreign, unknown, garbage, anonymous]) expect(r.status).toBe(404);
		expect(foreign.body.error.code).toBe('not_found');
		sameBody(foreign, unknown);
		sameBody(foreign, garbage);
		sameBody(foreign, anonymous);
	});

	it('lets a guest poll with only the order-access cookie, and refuses a tampered, foreign or expired one', async () => {
		const product = await sellable(base);
		const created = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', guest: { email: 'Thay.Minh@Truong.edu.vn' }, consent: true });
		expect(created.status, created.text).toBe(200);
		const order = created.body.data;
		const cookie = accessCookie(created);
		const polled = await getOrder(base, order.id, cookie);
		expect(polled.status).toBe(200);
		expect(polled.body.data).toMatchObject({ id: order.id, status: 'PENDING', paymentRef: order.paymentRef });
		expect(await orderRow(base, order.id)).toMatchObject({ user_id: null, guest_email: 'thay.minh@truong.edu.vn' });

		const [name, value] = cookie.split('=') as [string, string];
		const flipped = value.slice(0, -1) + (value.endsWith('A') ? 'B' : 'A');
		expect((await getOrder(base, order.id, `${name}=${flipped}`)).status).toBe(404);
		const otherOrder = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', guest: { email: 'khac@truong.edu.vn' }, consent: true });
		const otherValue = accessCookie(otherOrder).split('=')[1];
		expect((await getOrder(base, order.id, `${name}=${otherValue}`)).status).toBe(404); // another order's cookie under this name
		expect((await getOrder(base, otherOrder.body.data.id, cookie)).status).toBe(404); // this cookie for another order

		await advanceClock(base, 61 * 60_000); // ORDER_ACCESS_TTL_MINUTES = 60
		expect((await getOrder(base, order.id, cookie)).status).toBe(404);
	});

	it('reads a pending order past its expiry as EXPIRED, without a QR, and gives back what it held', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		const flash = await createFlashSale(base, product.id, { priceVnd: '5000', stock: 1 });
		const order = (await buy(user, { productId: product.id, paymentMethod: 'qr_direct' })).body.data;
		expect(await stockLeft(base, flash)).toBe(0);
		await advanceClock(base, 15 * 60_000);
		const res = await getOrder(base, order.id, user.cookie);
		expect(res.body.data).toMatchObject({ status: 'EXPIRED', qrUrl: null, paymentInstructions: null, downloadUrl: null });
		expect(await stockLeft(base, flash)).toBe(1);
		expect(await sql(base, 'SELECT status FROM payment_intents WHERE target_id = $1', [order.id])).toEqual([{ status: 'EXPIRED' }]);
	});
});

describe('POST /api/v1/promos/validate', () => {
	const validate = (user: TestUser | undefined, json: Record<string, unknown>) =>
		request(base, '/api/v1/promos/validate', { method: 'POST', json, headers: user ? { cookie: user.cookie } : {} });

	async function category(path: string): Promise<string> {
		const [row] = await sql<{ id: string }>(base, 'INSERT INTO categories (name, slug, path) VALUES ($1, $2, $3) RETURNING id', [path, path.split('/').at(-1), path]);
		return row!.id;
	}

	it('computes the discount on the effective price without reserving anything', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '200000', salePriceVnd: '150000' });
		await createPromo(base, { code: 'PHANTRAM20', appliesTo: 'CHECKOUT', kind: 'PERCENT', percentOff: 20, maxDiscountVnd: '25000', description: 'Giảm 20%, tối đa 25.000 ₫', totalCap: 1 });
		await createPromo(base, { code: 'BOT15K', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '15000', minAmountVnd: '100000' });
		const pct = await validate(user, { code: 'phantram20', productId: product.id });
		expect(pct.status).toBe(200);
		expect(pct.body).toEqual({ data: { valid: true, code: 'PHANTRAM20', discountVnd: '25000', finalPriceVnd: '125000', description: 'Giảm 20%, tối đa 25.000 ₫' } });
		expect(pct.headers.get('ratelimit-limit')).toBe('40');
		expect((await validate(user, { code: 'BOT15K', productId: product.id })).body.data).toMatchObject({ valid: true, discountVnd: '15000', finalPriceVnd: '135000', description: null });
		await createFlashSale(base, product.id, { priceVnd: '90000', stock: 4 });
		expect((await validate(user, { code: 'PHANTRAM20', productId: product.id })).body.data).toMatchObject({ discountVnd: '18000', finalPriceVnd: '72000' });
		expect((await validate(user, { code: 'BOT15K', productId: product.id })).body.data).toEqual({ valid: false, reason: 'invalid' }); // under the minimum now
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'PHANTRAM20'`)).toEqual([{ used: 0 }]);
	});

	it('limits promos to a product, a product type or a category subtree', async () => {
		const user = await createUser(base);
		const root = `lop-3-${crypto.randomUUID().slice(0, 6)}`;
		const parent = await category(root);
		const child = await category(`${root}/toan`);
		const sibling = await category(`${root}-khac`);
		const product = await sellable(base, { priceVnd: '50000', type: 'SLIDE' });
		const other = await sellable(base, { priceVnd: '50000', type: 'SLIDE' });
		await sql(base, 'UPDATE products SET category_id = $1 WHERE id = $2', [child, product.id]);
		await createPromo(base, { code: 'DANHMUCCHA', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', categoryId: parent });
		await createPromo(base, { code: 'DANHMUCCON', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', categoryId: child });
		await createPromo(base, { code: 'DANHMUCKHAC', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', categoryId: sibling });
		await createPromo(base, { code: 'CHISLIDE', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', productType: 'SLIDE' });
		await createPromo(base, { code: 'CHIVIDEO', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', productType: 'VIDEO' });
		await createPromo(base, { code: 'MOTSANPHAM', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', productId: product.id });
		await createPromo(base, { code: 'SLIDECON', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', productType: 'SLIDE', categoryId: child });
		const valid = async (code: string, productId = product.id) => (await validate(user, { code, productId })).body.data.valid;
		expect(await valid('DANHMUCCHA')).toBe(true);
		expect(await valid('DANHMUCCON')).toBe(true);
		expect(await valid('DANHMUCKHAC')).toBe(false); // same prefix, another subtree
		expect(await valid('CHISLIDE')).toBe(true);
		expect(await valid('CHIVIDEO')).toBe(false);
		expect(await valid('MOTSANPHAM')).toBe(true);
		expect(await valid('MOTSANPHAM', other.id)).toBe(false);
		expect(await valid('SLIDECON')).toBe(true);
		expect(await valid('SLIDECON', other.id)).toBe(false);
		const order = (await buy(user, { productId: product.id, paymentMethod: 'qr_direct', promoCode: 'DANHMUCCHA' })).body.data;
		expect(order).toMatchObject({ amountVnd: '49000', promoDiscountVnd: '1000' });
	});

	it('answers 200 { valid: false, reason: "invalid" } for unknown, expired, future, inactive, exhausted and top-up codes', async () => {
		const user = await createUser(base);
		const product = await sellable(base, { priceVnd: '30000' });
		const past = new Date(Date.now() - 365 * 86_400_000).toISOString();
		await createPromo(base, { code: 'HETHAN', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', startsAt: past, endsAt: new Date(Date.parse(past) + 86_400_000).toISOString() });
		await createPromo(base, { code: 'SAPTOI', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', startsAt: new Date(Date.now() + 3650 * 86_400_000).toISOString() });
		await createPromo(base, { code: 'DANGUNG', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000' });
		await sql(base, `UPDATE promos SET is_active = false WHERE code = 'DANGUNG'`);
		await createPromo(base, { code: 'HETLUOT', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', totalCap: 1 });
		await createPromo(base, { code: 'MOINGUOI1', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', perUserCap: 1 });
		await createPromo(base, { code: 'CHONAPTIEN', appliesTo: 'TOPUP', kind: 'FIXED', amountOffVnd: '1000' });
		expect((await buy(await createUser(base), { productId: product.id, paymentMethod: 'cash_manual', promoCode: 'HETLUOT' })).status).toBe(200);
		expect((await buy(user, { productId: product.id, paymentMethod: 'cash_manual', promoCode: 'MOINGUOI1' })).status).toBe(200);
		for (const code of ['KHONGTONTAI', 'HETHAN', 'SAPTOI', 'DANGUNG', 'HETLUOT', 'MOINGUOI1', 'CHONAPTIEN']) {
			const res = await validate(user, { code, productId: product.id });
			expect(res.status, code).toBe(200);
			expect(res.body.data, code).toEqual({ valid: false, reason: 'invalid' });
		}
		// A guest cannot be held to a per-user cap, so such codes need an account.
		const guest = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', promoCode: 'MOINGUOI1', guest: { email: 'khach@truong.edu.vn' }, consent: true });
		expect(guest.status).toBe(400);
		expect(guest.body.error.message).toContain('đăng nhập');
	});

	it('400 for a malformed code or productId, 401 without a session, 429 with Retry-After past the limit', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		for (const body of [
			{ code: 'AB', productId: product.id },
			{ code: 'X'.repeat(41), productId: product.id },
			{ code: 'CO DAU!', productId: product.id },
			{ code: 'HOPLE', productId: 'khong-phai-uuid' },
			{ code: 'HOPLE', productId: '00000000-0000-4000-8000-000000000000' },
			{ code: 'HOPLE' },
			{ productId: product.id }
		]) {
			const res = await validate(user, body);
			expect(res.status, JSON.stringify(body)).toBe(400);
			expect(res.body.error.code).toBe('validation_error');
		}
		expect((await validate(undefined, { code: 'HOPLE', productId: product.id })).status).toBe(401);
		const limited = await createUser(base);
		await startOfNextMinute(base);
		const results = [];
		for (let i = 0; i < 41; i++) results.push(await validate(limited, { code: 'HOPLE', productId: product.id }));
		expect(results.slice(0, 40).every((r) => r.status === 200)).toBe(true);
		expect(results[40]!.status).toBe(429);
		expect(results[40]!.body.error.code).toBe('rate_limited');
		expect(Number(results[40]!.headers.get('retry-after'))).toBeGreaterThan(0);
	});
});
