import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_ACCOUNT, loadConfig, resetDefaultMode, useToolDefaults } from '../../src/lib/server/config';

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

	it('never uses demo values in production: missing settings refuse the start, all named at once', () => {
		expect(() => loadConfig(production)).toThrow(
			/missing: PAYMENT_BANK_BIN, PAYMENT_BANK_NAME, PAYMENT_ACCOUNT_NUMBER, PAYMENT_ACCOUNT_NAME, PAYMENT_WEBHOOK_SECRET/
		);
		expect(() => loadConfig({ ...production, ...realAccount, PAYMENT_WEBHOOK_SECRET: undefined })).toThrow(/missing: PAYMENT_WEBHOOK_SECRET$/m);
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
		['the demo BIN 970000', { PAYMENT_BANK_BIN: demoAccount.bankBin }, 'PAYMENT_BANK_BIN'],
		['the demo bank name', { PAYMENT_BANK_NAME: demoAccount.bankName }, 'PAYMENT_BANK_NAME'],
		['the demo account number', { PAYMENT_ACCOUNT_NUMBER: demoAccount.accountNumber }, 'PAYMENT_ACCOUNT_NUMBER'],
		['the demo account name', { PAYMENT_ACCOUNT_NAME: demoAccount.accountName }, 'PAYMENT_ACCOUNT_NAME'],
		['the public demo webhook key', { PAYMENT_WEBHOOK_SECRET: demoSecret }, 'PAYMENT_WEBHOOK_SECRET']
	])('refuses %s in production even when set explicitly', (_, demo, name) => {
		expect(() => loadConfig({ ...production, ...realAccount, ...demo })).toThrow(new RegExp(`${name} is the public demo value`));
	});

	it.each([
		['a BIN that is not 6 digits', { PAYMENT_BANK_BIN: '9704' }, 'PAYMENT_BANK_BIN'],
		['an account number with spaces', { PAYMENT_ACCOUNT_NUMBER: '1023 456' }, 'PAYMENT_ACCOUNT_NUMBER'],
		['an empty bank name', { PAYMENT_BANK_NAME: '' }, 'PAYMENT_BANK_NAME']
	])('treats %s as broken: payments off outside production, start refused in production', (_, broken, name) => {
		const cfg = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...realAccount, ...broken });
		expect(cfg.payment.ready).toBe(false);
		expect(cfg.paymentWebhook.ready).toBe(true);
		expect(() => loadConfig({ ...production, ...realAccount, ...broken })).toThrow(new RegExp(name));
	});

	it('treats a short webhook key as broken without touching the account', () => {
		const cfg = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...realAccount, PAYMENT_WEBHOOK_SECRET: 'short' });
		expect(cfg.paymentWebhook).toEqual({ ready: false, problems: ['PAYMENT_WEBHOOK_SECRET must be at least 32 characters'] });
		expect(cfg.payment.ready).toBe(true);
		expect(() => loadConfig({ ...production, ...realAccount, PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(/PAYMENT_WEBHOOK_SECRET must be at least 32/);
	});

	it('reports the mode: unset NODE_ENV is production for the server; the tools follow the database', () => {
		const { NODE_ENV: _unused, ...unset } = { ...production, ...realAccount };
		expect(loadConfig(unset).mode).toBe('production');
		expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }).mode).toBe('demo');
		expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).mode).toBe('test');
		useToolDefaults();
		try {
			expect(loadConfig({ DATA_DIR: dataDir }).mode).toBe('demo');
			expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://x@db/hoclieu' })).toThrow(/Production start-up refused/);
		} finally {
			resetDefaultMode();
		}
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
