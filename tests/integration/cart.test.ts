/**
 * The cart and one payment for it (README "Cart") over real HTTP: guest
 * carts and their merge at sign-in, owned products refused, the size cap,
 * and whole carts paid by one bank transfer (exact, short then completed,
 * over), by the wallet, free, with a promo on the lines it is valid for, with
 * an Idempotency-Key, refused when a price changed, expired by the sweep, and
 * a refund of one line. The money invariants are checked after every test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CartClient } from '../helpers/cart';
import { createFlashSale, deliverReceipts, sellable, stockLeft } from '../helpers/checkout';
import { advanceClock, createUser, request, sql, type TestUser } from '../helpers/http';
import { expectMoneyInvariants } from '../helpers/invariants';
import { balanceOf, createPromo, creditWallet, sweepPayments } from '../helpers/money';
import { grantOwnership } from '../helpers/music-fixtures';
import { postBankTransfer } from '../helpers/payments';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

let server: TestServer;
let smtp: SmtpReceiver;
let base: string;
beforeAll(async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000', CART_MAX_LINES: '6' } });
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
});
afterEach(async () => {
	if (base) await expectMoneyInvariants(base);
});

const PRICES = ['10000', '20000', '30000', '40000', '50000'];
const fiveProducts = () => Promise.all(PRICES.map((priceVnd) => sellable(base, { priceVnd })));
const TOTAL = 150000;

async function signedInCart(): Promise<{ user: TestUser; cart: CartClient; ids: string[] }> {
	const user = await createUser(base);
	const cart = new CartClient(base, user);
	const ids = (await fiveProducts()).map((p) => p.id);
	await cart.fill(ids);
	return { user, cart, ids };
}
const count = async (query: string, params: unknown[] = []) => (await sql<{ n: number }>(base, `SELECT count(*)::int AS n FROM ${query}`, params))[0]!.n;

describe('the cart', () => {
	it('a guest fills a cart by cookie; signing in merges it into the account cart and clears the cookie', async () => {
		const [a, b, c] = await Promise.all([sellable(base), sellable(base, { priceVnd: '20000' }), sellable(base, { priceVnd: '30000' })]);
		const guest = new CartClient(base);
		expect((await guest.add(a.id)).status).toBe(200);
		expect(guest.cookies.get('cart'), 'guest cart cookie').toBeTruthy();
		const again = await guest.add(a.id);
		expect(again.body.data.lines).toHaveLength(1);
		await guest.add(b.id);
		const read = await guest.get();
		expect(read.body.data).toMatchObject({ totalVnd: '70000', maxLines: 6 });
		expect(read.body.data.lines.map((l: any) => l.product.id)).toEqual([a.id, b.id]);
		// Another browser (no cookie) sees an empty cart; a forged cookie is ignored.
		expect((await new CartClient(base).get()).body.data.lines).toEqual([]);
		const forged = new CartClient(base);
		forged.cookies.set('cart', `${guest.cookies.get('cart')!.split('.')[0]}.AAAA`);
		expect((await forged.get()).body.data.lines).toEqual([]);

		const user = await createUser(base);
		await new CartClient(base, user).add(c.id);
		guest.user = user;
		const merged = await guest.get();
		expect(merged.body.data.lines.map((l: any) => l.product.id).sort()).toEqual([a.id, b.id, c.id].sort());
		expect(guest.cookies.has('cart'), 'cookie cleared after the merge').toBe(false);
		expect(await count('carts WHERE user_id IS NULL AND id IN (SELECT cart_id FROM cart_items WHERE product_id = $1)', [a.id])).toBe(0);
	});

	it('refuses an owned product with a clear line, unknown products with 404, and more than CART_MAX_LINES lines', async () => {
		const user = await createUser(base);
		const cart = new CartClient(base, user);
		const owned = await sellable(base);
		await grantOwnership(base, user.userId, owned.id);
		const refused = await cart.add(owned.id);
		expect(refused.status).toBe(409);
		expect(refused.body.error).toMatchObject({ code: 'already_owned', message: 'Bạn đã sở hữu sản phẩm này, không cần mua lại.' });
		expect((await cart.add('00000000-0000-4000-8000-000000000000')).status).toBe(404);
		const six = await Promise.all(Array.from({ length: 7 }, () => sellable(base)));
		await cart.fill(six.slice(0, 6).map((p) => p.id));
		const full = await cart.add(six[6]!.id);
		expect(full.status).toBe(422);
		expect(full.body.error.details).toMatchObject({ reason: 'cart_full', max: 6 });
		expect(full.body.error.message).toContain('Giỏ hàng đã đủ 6 học liệu');
		const removed = await cart.remove(six[0]!.id);
		expect(removed.body.data.lines).toHaveLength(5);
	});

	it('a product bought since it was added reads as owned and the checkout names it', async () => {
		const { user, cart, ids } = await signedInCart();
		await grantOwnership(base, user.userId, ids[2]!);
		const read = await cart.get();
		expect(read.body.data.lines.filter((l: any) => l.owned).map((l: any) => l.product.id)).toEqual([ids[2]]);
		const refused = await cart.checkout({ paymentMethod: 'qr_direct' });
		expect(refused.status).toBe(409);
		expect(refused.body.error.code).toBe('already_owned');
		expect(refused.body.error.message).toMatch(/^Bạn đã sở hữu “Giáo án Toán lớp 1”: hãy bỏ học liệu này khỏi giỏ hàng/);
		expect(await count('orders WHERE user_id = $1', [user.userId])).toBe(0);
	});
});

describe('one QR transfer for five products', () => {
	it('exact amount: one reference, five PAID orders with their own receipts, the cart emptied', async () => {
		const { user, cart, ids } = await signedInCart();
		const created = await cart.checkout({ paymentMethod: 'qr_direct', expectedTotalVnd: String(TOTAL) });
		expect(created.status, created.text).toBe(200);
		const co = created.body.data;
		expect(co).toMatchObject({ status: 'PENDING', paymentMethod: 'qr_direct', amountVnd: String(TOTAL) });
		expect(co.paymentRef).toMatch(/^HL[A-Z0-9]{8}$/);
		expect(co.qrUrl).toMatch(/^data:image\/png;base64,/);
		expect(co.orders).toHaveLength(5);
		expect(co.orders.map((o: any) => o.amountVnd).sort((x: string, y: string) => Number(x) - Number(y))).toEqual(PRICES);
		expect(await count(`payment_intents WHERE kind = 'cart' AND target_id = $1`, [co.id])).toBe(1);
		// Pending lines stay in the cart until paid.
		expect((await cart.get()).body.data.lines).toHaveLength(5);

		const since = smtp.messages.length;
		const paid = await postBankTransfer(base, co.paymentRef, TOTAL);
		expect(paid.body.status).toBe('matched');
		const after = (await cart.status(co.id)).body.data;
		expect(after.status).toBe('PAID');
		for (const order of after.orders) expect(order).toMatchObject({ status: 'PAID', downloadUrl: expect.stringContaining('/tai-ve?token=') });
		expect(await count('product_ownerships WHERE user_id = $1 AND product_id = ANY($2::uuid[])', [user.userId, `{${ids.join(',')}}`])).toBe(5);
		expect((await cart.get()).body.data.lines).toEqual([]);
		await deliverReceipts(base);
		const mails = () => smtp.messages.slice(since).filter((m) => m.to.includes(user.email));
		for (let i = 0; i < 50 && mails().length < 5; i++) await new Promise((r) => setTimeout(r, 100));
		expect(mails()).toHaveLength(5);
		// Each line is an order of its own, readable as a single one.
		const one = await request(base, `/api/v1/checkout/${after.orders[0].id}`, { headers: { cookie: user.cookie } });
		expect(one.body.data).toMatchObject({ status: 'PAID', orderNumber: expect.stringMatching(/^DH\d+$/) });
	});

	it('underpaid: stays pending with what arrived and what is due; the remainder pays every line', async () => {
		const { cart } = await signedInCart();
		const co = (await cart.checkout({ paymentMethod: 'qr_direct' })).body.data;
		expect((await postBankTransfer(base, co.paymentRef, 100000)).body.status).toBe('underpaid');
		const short = (await cart.status(co.id)).body.data;
		expect(short).toMatchObject({ status: 'PENDING', receivedVnd: '100000', dueVnd: '50000' });
		for (const order of short.orders) expect(order.status).toBe('PENDING');
		expect((await postBankTransfer(base, co.paymentRef, 50000)).body.status).toBe('matched');
		const done = (await cart.status(co.id)).body.data;
		expect(done.status).toBe('PAID');
		expect(done.orders.every((o: any) => o.status === 'PAID')).toBe(true);
	});

	it('overpaid: every line is paid and the excess goes to the main pocket', async () => {
		const { user, cart } = await signedInCart();
		const co = (await cart.checkout({ paymentMethod: 'qr_direct' })).body.data;
		expect((await postBankTransfer(base, co.paymentRef, TOTAL + 7000)).body.status).toBe('overpaid');
		expect((await cart.status(co.id)).body.data.status).toBe('PAID');
		expect(await balanceOf(base, user)).toMatchObject({ main: '7000', total: '7000' });
	});

	it('unpaid past its expiry: every line expires and gives its flash-sale unit back; the lines stay in the cart', async () => {
		const user = await createUser(base);
		const cart = new CartClient(base, user);
		const [a, b] = await Promise.all([sellable(base, { priceVnd: '50000' }), sellable(base, { priceVnd: '20000' })]);
		const flash = await createFlashSale(base, a.id, { priceVnd: '9000', stock: 2 });
		await cart.fill([a.id, b.id]);
		const co = (await cart.checkout({ paymentMethod: 'qr_direct' })).body.data;
		expect(co.amountVnd).toBe('29000');
		expect(await stockLeft(base, flash)).toBe(1);
		await advanceClock(base, 16 * 60_000);
		await sweepPayments(base);
		const read = (await cart.status(co.id)).body.data;
		expect(read.status).toBe('EXPIRED');
		expect(read.orders.map((o: any) => o.status)).toEqual(['EXPIRED', 'EXPIRED']);
		expect(await stockLeft(base, flash)).toBe(2);
		expect((await cart.get()).body.data.lines).toHaveLength(2);
		// A transfer after expiry is refunded to the wallet.
		expect((await postBankTransfer(base, co.paymentRef, 29000)).body.status).toBe('late');
		expect((await balanceOf(base, user)).main).toBe('29000');
	});

	it('a guest pays a cart by QR and follows it with the access cookie', async () => {
		const guest = new CartClient(base);
		const [a, b] = await Promise.all([sellable(base), sellable(base, { priceVnd: '25000' })]);
		await guest.fill([a.id, b.id]);
		const noConsent = await guest.checkout({ paymentMethod: 'qr_direct', guest: { email: 'co.lan@truong.edu.vn' } });
		expect(noConsent.status).toBe(400);
		const created = await guest.checkout({ paymentMethod: 'qr_direct', guest: { email: 'Co.Lan@truong.edu.vn' }, consent: true });
		expect(created.status, created.text).toBe(200);
		const co = created.body.data;
		await postBankTransfer(base, co.paymentRef, 75000);
		expect((await guest.status(co.id)).body.data.status).toBe('PAID');
		expect((await new CartClient(base).status(co.id)).status).toBe(404);
		expect(await sql(base, 'SELECT DISTINCT guest_email FROM orders WHERE cart_checkout_id = $1', [co.id])).toEqual([{ guest_email: 'co.lan@truong.edu.vn' }]);
	});
});

describe('wallet, free, promo and keys', () => {
	it('the wallet pays the whole cart at once, or refuses it whole when short', async () => {
		const { user, cart, ids } = await signedInCart();
		await creditWallet(base, user.userId, '100000');
		const short = await cart.checkout({ paymentMethod: 'wallet' });
		expect(short.status).toBe(422);
		expect(short.body.error.details).toMatchObject({ reason: 'insufficient_funds', required: String(TOTAL), available: '100000' });
		expect(await count('orders WHERE user_id = $1', [user.userId])).toBe(0);
		await creditWallet(base, user.userId, '60000');
		const paid = await cart.checkout({ paymentMethod: 'wallet' });
		expect(paid.status, paid.text).toBe(200);
		expect(paid.body.data).toMatchObject({ status: 'PAID', amountVnd: String(TOTAL), paymentRef: null });
		expect(paid.body.data.orders.every((o: any) => o.status === 'PAID' && o.paymentMethod === 'wallet')).toBe(true);
		expect(await balanceOf(base, user)).toMatchObject({ total: '10000' });
		expect(await count('product_ownerships WHERE user_id = $1 AND product_id = ANY($2::uuid[])', [user.userId, `{${ids.join(',')}}`])).toBe(5);
		expect((await cart.get()).body.data.lines).toEqual([]);
	});

	it('a promo applies to the lines it is valid for, each taking one use while its cap allows', async () => {
		const { user, cart } = await signedInCart();
		await createPromo(base, { code: 'GIOHANG3', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '5000', totalCap: 3 });
		const co = await cart.checkout({ paymentMethod: 'qr_direct', promoCode: 'giohang3' });
		expect(co.status, co.text).toBe(200);
		expect(co.body.data).toMatchObject({ amountVnd: String(TOTAL - 15000), promoDiscountVnd: '15000', promoCode: 'GIOHANG3' });
		expect(co.body.data.orders.filter((o: any) => o.promoDiscountVnd === '5000')).toHaveLength(3);
		expect(await sql(base, `SELECT used FROM promos WHERE code = 'GIOHANG3'`)).toEqual([{ used: 3 }]);
		await postBankTransfer(base, co.body.data.paymentRef, TOTAL - 15000);
		expect(await count(`promo_redemptions r JOIN promos p ON p.id = r.promo_id WHERE p.code = 'GIOHANG3' AND r.status = 'CONSUMED' AND r.user_id = $1`, [user.userId])).toBe(3);
	});

	it('a promo valid for no line is 400; one another buyer used up is 409', async () => {
		const { cart } = await signedInCart();
		const other = await sellable(base);
		await createPromo(base, { code: 'CHIMOTSP', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', productId: other.id });
		const invalid = await cart.checkout({ paymentMethod: 'qr_direct', promoCode: 'CHIMOTSP' });
		expect(invalid.status).toBe(400);
		expect(invalid.body.error.message).toContain('không áp dụng cho học liệu nào trong giỏ hàng');
		await createPromo(base, { code: 'HETLUOT', appliesTo: 'CHECKOUT', kind: 'FIXED', amountOffVnd: '1000', totalCap: 1 });
		const first = await new CartClient(base, await createUser(base));
		await first.fill([other.id]);
		expect((await first.checkout({ paymentMethod: 'qr_direct', promoCode: 'HETLUOT' })).status).toBe(200);
		const capped = await cart.checkout({ paymentMethod: 'qr_direct', promoCode: 'HETLUOT' });
		expect(capped.status).toBe(409);
		expect(capped.body.error.code).toBe('promo_cap_reached');
	});

	it('a changed price is shown before paying: 409 conflict and nothing reserved', async () => {
		const { user, cart, ids } = await signedInCart();
		await sql(base, 'UPDATE products SET sale_price_vnd = 5000 WHERE id = $1', [ids[4]]);
		const read = (await cart.get()).body.data;
		const changed = read.lines.find((l: any) => l.product.id === ids[4]);
		expect(changed).toMatchObject({ priceVnd: '5000', addedPriceVnd: '50000', priceChanged: true });
		const refused = await cart.checkout({ paymentMethod: 'qr_direct', expectedTotalVnd: String(TOTAL) });
		expect(refused.status).toBe(409);
		expect(refused.body.error).toMatchObject({ code: 'conflict', details: { reason: 'price_changed', totalVnd: String(TOTAL - 45000) } });
		expect(refused.body.error.message).toContain('Giá trong giỏ hàng vừa thay đổi');
		expect(await count('orders WHERE user_id = $1', [user.userId])).toBe(0);
		expect((await cart.checkout({ paymentMethod: 'qr_direct', expectedTotalVnd: read.totalVnd })).status).toBe(200);
	});

	it('a free cart is claimed at once; paying it another way is refused', async () => {
		const user = await createUser(base);
		const cart = new CartClient(base, user);
		const free = await Promise.all([sellable(base, { priceVnd: '0' }), sellable(base, { priceVnd: '0' })]);
		await cart.fill(free.map((p) => p.id));
		const wrong = await cart.checkout({ paymentMethod: 'qr_direct' });
		expect(wrong.status).toBe(422);
		expect(wrong.body.error.details.reason).toBe('free_order');
		const claimed = await cart.checkout({ paymentMethod: 'free_claim' });
		expect(claimed.body.data).toMatchObject({ status: 'PAID', amountVnd: '0' });
		expect(claimed.body.data.orders.map((o: any) => o.paymentMethod)).toEqual(['free_claim', 'free_claim']);
	});

	it('an Idempotency-Key replays the first checkout; the same key for another body is refused', async () => {
		const { cart } = await signedInCart();
		const key = crypto.randomUUID();
		const first = await cart.checkout({ paymentMethod: 'qr_direct' }, { 'idempotency-key': key });
		const again = await cart.checkout({ paymentMethod: 'qr_direct' }, { 'idempotency-key': key });
		expect(again.status).toBe(200);
		expect(again.headers.get('idempotent-replayed')).toBe('true');
		expect(again.body.data.id).toBe(first.body.data.id);
		expect(again.body.data.paymentRef).toBe(first.body.data.paymentRef);
		const reused = await cart.checkout({ paymentMethod: 'wallet' }, { 'idempotency-key': key });
		expect(reused.status).toBe(422);
		expect(reused.body.error.details.reason).toBe('idempotency_key_reused');
	});

	it('a single checkout of a product pending in a cart replaces the whole cart checkout', async () => {
		const { user, cart, ids } = await signedInCart();
		const co = (await cart.checkout({ paymentMethod: 'qr_direct' })).body.data;
		const single = await request(base, '/api/v1/checkout', { method: 'POST', json: { productId: ids[0], paymentMethod: 'qr_direct' }, headers: { cookie: user.cookie, origin: base } });
		expect(single.status, single.text).toBe(200);
		const read = (await cart.status(co.id)).body.data;
		expect(read.status).toBe('CANCELLED');
		expect(read.orders.every((o: any) => o.status === 'CANCELLED')).toBe(true);
	});

	it('a refund of one cart line gives back that line only', async () => {
		const { user, cart, ids } = await signedInCart();
		const staff = await createUser(base, { role: 'staff' });
		const co = (await cart.checkout({ paymentMethod: 'qr_direct' })).body.data;
		await postBankTransfer(base, co.paymentRef, TOTAL);
		const line = co.orders.find((o: any) => o.productId === ids[1]);
		const refund = await request(base, `/api/v1/admin/orders/${line.id}/refund`, { method: 'POST', headers: { origin: base, cookie: staff.cookie }, json: { reason: 'Khách báo tệp bị lỗi, đã kiểm tra' } });
		expect(refund.status, refund.text).toBe(200);
		expect(await balanceOf(base, user)).toMatchObject({ main: '20000' });
		const read = (await cart.status(co.id)).body.data;
		expect(read.orders.filter((o: any) => o.refundedVnd === '20000')).toHaveLength(1);
		expect(read.orders.filter((o: any) => o.downloadUrl !== null)).toHaveLength(4);
		expect(await count('product_ownerships WHERE user_id = $1', [user.userId])).toBe(4);
	});

	it('staff assign a transfer that named nothing to a cart line by its order number: the whole cart is paid', async () => {
		const { cart } = await signedInCart();
		const staff = await createUser(base, { role: 'staff' });
		const co = (await cart.checkout({ paymentMethod: 'qr_direct' })).body.data;
		const stray = await postBankTransfer(base, 'x', TOTAL, { content: `CK gio hang ${Date.now()}` });
		expect(stray.body.status).toBe('unmatched');
		const line = co.orders[2];
		const assigned = await request(base, `/api/v1/admin/transfers/${stray.body.transferId}/assign`, {
			method: 'POST',
			headers: { origin: base, cookie: staff.cookie },
			json: { orderId: line.id, reason: 'Khách quên ghi mã khi chuyển khoản' }
		});
		expect(assigned.status, assigned.text).toBe(200);
		expect(assigned.body.data.note).toContain(`Nhân viên gán cho đơn ${line.orderNumber} (${co.paymentRef})`);
		const read = (await cart.status(co.id)).body.data;
		expect(read.status).toBe('PAID');
		expect(read.orders.map((o: any) => o.status)).toEqual(['PAID', 'PAID', 'PAID', 'PAID', 'PAID']);
	});
});
