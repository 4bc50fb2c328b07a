import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_ACCOUNT, loadConfig } from '../../src/lib/server/config';

const { webhookSecret: demoSecret, ...demoAccount } = DEMO_PAYMENT_ACCOUNT;

const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const production = {
	NODE_ENV: 'production',
	AUTH_SECRET: 'a'.repeat(32),
	SIGNING_SECRET: 'b'.repeat(32),
	ORIGIN: 'https://hoclieu.vn',
	DATA_DIR: dataDir
};
const realAccount = {
	PAYMENT_BANK_BIN: '970436',
	PAYMENT_BANK_NAME: 'Vietcombank',
	PAYMENT_ACCOUNT_NUMBER: '1023456789',
	PAYMENT_ACCOUNT_NAME: 'CONG TY HOC LIEU',
	PAYMENT_WEBHOOK_SECRET: 'k'.repeat(40)
};

describe('payment configuration', () => {
	it('uses the marked demo account in development and test when nothing is set', () => {
		for (const NODE_ENV of ['development', 'test']) {
			const cfg = loadConfig({ NODE_ENV, DATA_DIR: dataDir });
			expect(cfg.payment).toEqual({ ready: true, demo: true, ...demoAccount });
			expect(cfg.paymentWebhook).toEqual({ ready: true, demo: true, secret: demoSecret });
		}
	});

	it('never uses demo values in production: missing settings leave payments unavailable', () => {
		const cfg = loadConfig(production);
		expect(cfg.payment).toEqual({
			ready: false,
			problems: ['PAYMENT_BANK_BIN is not set', 'PAYMENT_BANK_NAME is not set', 'PAYMENT_ACCOUNT_NUMBER is not set', 'PAYMENT_ACCOUNT_NAME is not set']
		});
		expect(cfg.paymentWebhook).toEqual({ ready: false, problems: ['PAYMENT_WEBHOOK_SECRET is not set'] });
		const noKey = loadConfig({ ...production, ...realAccount, PAYMENT_WEBHOOK_SECRET: undefined });
		expect(noKey.payment.ready).toBe(true);
		expect(noKey.paymentWebhook.ready).toBe(false);
	});

	it('takes a complete production account', () => {
		const cfg = loadConfig({ ...production, ...realAccount });
		expect(cfg.payment).toEqual({
			ready: true,
			demo: false,
			bankBin: '970436',
			bankName: 'Vietcombank',
			accountNumber: '1023456789',
			accountName: 'CONG TY HOC LIEU'
		});
		expect(cfg.paymentWebhook).toEqual({ ready: true, demo: false, secret: 'k'.repeat(40) });
	});

	it.each([
		['a BIN that is not 6 digits', { PAYMENT_BANK_BIN: '9704' }],
		['an account number with spaces', { PAYMENT_ACCOUNT_NUMBER: '1023 456' }],
		['an empty bank name', { PAYMENT_BANK_NAME: '' }]
	])('treats %s as broken, in every environment, without refusing to start', (_, broken) => {
		for (const base of [production, { NODE_ENV: 'test', DATA_DIR: dataDir }]) {
			const cfg = loadConfig({ ...base, ...realAccount, ...broken });
			expect(cfg.payment.ready).toBe(false);
			expect(cfg.paymentWebhook.ready).toBe(true);
		}
	});

	it('treats a short webhook key as broken without touching the account', () => {
		const cfg = loadConfig({ ...production, ...realAccount, PAYMENT_WEBHOOK_SECRET: 'short' });
		expect(cfg.paymentWebhook).toEqual({ ready: false, problems: ['PAYMENT_WEBHOOK_SECRET must be at least 32 characters'] });
		expect(cfg.payment.ready).toBe(true);
	});

	it('reads the wallet and gift-code limits', () => {
		const cfg = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WALLET_MAX_BALANCE_VND: '10000000', GIFTCODE_FAILURE_LIMIT: '3' });
		expect(cfg.walletMaxBalanceVnd).toBe(10_000_000n);
		expect(cfg.giftcodeFailureLimit).toBe(3);
		expect(cfg.giftcodeFailureWindowMs).toBe(15 * 60_000);
		expect(cfg.topupOrderTtlMs).toBe(30 * 60_000);
		expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WALLET_MAX_BALANCE_VND: '1.5e6' })).toThrow(/WALLET_MAX_BALANCE_VND/);
	});
});
