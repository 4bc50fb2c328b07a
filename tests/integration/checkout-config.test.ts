/**
 * Checkout when parts of it are switched off or broken: guest checkout
 * disabled (401), the bank account misconfigured (503 payment_processing for
 * QR payments, nothing reserved; wallet, free and cash orders still work),
 * and no mail server (receipts `suppressed`, the payment unaffected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, createFlashSale, eventually, sellable, stockLeft } from '../helpers/checkout';
import { createUser, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
beforeAll(async () => {
	server = await startServer({ env: { GUEST_CHECKOUT_ENABLED: 'false', PAYMENT_BANK_BIN: '97A422', SMTP_URL: undefined } });
	base = server.url;
});
afterAll(async () => {
	await server?.stop();
});

describe('guest checkout disabled', () => {
	it('answers 401 to a guest, even with consent', async () => {
		const product = await sellable(base);
		const res = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct', guest: { email: 'khach@truong.edu.vn' }, consent: true });
		expect(res.status).toBe(401);
		expect(res.body.error.code).toBe('unauthenticated');
	});
});

describe('a misconfigured bank account', () => {
	it('answers 503 payment_processing to qr_direct and reserves nothing', async () => {
		const user = await createUser(base);
		const product = await sellable(base);
		const flash = await createFlashSale(base, product.id, { priceVnd: '1000', stock: 2 });
		const res = await checkout(base, { productId: product.id, paymentMethod: 'qr_direct' }, { user });
		expect(res.status).toBe(503);
		expect(res.body.error.code).toBe('payment_processing');
		expect(res.text).not.toContain('data:image');
		expect(await stockLeft(base, flash)).toBe(2);
		expect(await sql(base, 'SELECT id FROM orders WHERE user_id = $1', [user.userId])).toEqual([]);
	});

	it('still sells by wallet, free claim and cash; without a mail server the receipt is suppressed', async () => {
		const user = await createUser(base);
		await creditWallet(base, user.userId, '50000', 'main');
		const wallet = await checkout(base, { productId: (await sellable(base, { priceVnd: '50000' })).id, paymentMethod: 'wallet' }, { user });
		expect(wallet.body.data.status).toBe('PAID');
		const free = await checkout(base, { productId: (await sellable(base, { priceVnd: '0' })).id, paymentMethod: 'free_claim' }, { user });
		expect(free.body.data.status).toBe('PAID');
		const cash = await checkout(base, { productId: (await sellable(base)).id, paymentMethod: 'cash_manual' }, { user });
		expect(cash.body.data).toMatchObject({ status: 'PENDING', qrUrl: null });
		for (const id of [wallet.body.data.id, free.body.data.id]) {
			const receipt = () => sql<{ receipt_status: string }>(base, 'SELECT receipt_status FROM orders WHERE id = $1', [id]).then((r) => r[0]!.receipt_status);
			expect(await eventually(receipt, (s) => s === 'suppressed')).toBe('suppressed');
		}
		expect(server.logs.some((l) => l.includes('mail delivery suppressed') && l.includes('order_receipt'))).toBe(true);
	});
});
