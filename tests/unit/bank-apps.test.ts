import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bankAppDeepLink, DEFAULT_BANK_APPS, DEFAULT_DEEP_LINK_BASE, parseBankApps } from '../../src/lib/bank-apps';
import { loadConfig } from '../../src/lib/server/config';

const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-bank-apps-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('banking apps offered on the payment page', () => {
	it('reads "id:Name" pairs in order, names with spaces and Vietnamese letters kept', () => {
		expect(parseBankApps('vcb:Vietcombank, mb:MB Bank ,vba:Ngân hàng Nông nghiệp')).toEqual([
			{ id: 'vcb', name: 'Vietcombank' },
			{ id: 'mb', name: 'MB Bank' },
			{ id: 'vba', name: 'Ngân hàng Nông nghiệp' }
		]);
		expect(parseBankApps('   ')).toEqual([]);
		expect(parseBankApps(DEFAULT_BANK_APPS).map((app) => app.id)).toContain('vcb');
	});

	it('refuses malformed and repeated entries with the entry named', () => {
		expect(() => parseBankApps('vcb')).toThrow(/"vcb" is not "id:Name"/);
		expect(() => parseBankApps('VCB:Vietcombank')).toThrow(/"VCB:Vietcombank"/);
		expect(() => parseBankApps('vcb:Vietcombank,,mb:MB')).toThrow(/"" is not/);
		expect(() => parseBankApps('vcb:A,vcb:B')).toThrow(/"vcb" is listed twice/);
	});

	it('builds a VietQR deep link holding account@BIN, the amount and the transfer content, encoded', () => {
		const link = new URL(
			bankAppDeepLink(DEFAULT_DEEP_LINK_BASE, { id: 'tcb', name: 'Techcombank' }, { bankBin: '970407', accountNumber: '19034567', amountVnd: '150000', memo: 'HL 7KQ2' })
		);
		expect(link.origin + link.pathname).toBe('https://dl.vietqr.io/pay');
		expect(Object.fromEntries(link.searchParams)).toEqual({ app: 'tcb', ba: '19034567@970407', am: '150000', tn: 'HL 7KQ2' });
		expect(link.search).toContain('tn=HL+7KQ2');
		const noMemo = new URL(bankAppDeepLink(DEFAULT_DEEP_LINK_BASE, { id: 'mb', name: 'MB' }, { bankBin: '970422', accountNumber: '1', amountVnd: '5000', memo: null }));
		expect(noMemo.searchParams.has('tn')).toBe(false);
	});

	it('is configuration: a malformed list or a non-https deep-link service refuses to start', () => {
		expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).paymentBankApps.length).toBeGreaterThan(5);
		expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PAYMENT_BANK_APPS: '' }).paymentBankApps).toEqual([]);
		expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PAYMENT_BANK_APPS: 'vcb;Vietcombank' })).toThrow(/PAYMENT_BANK_APPS/);
		expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PAYMENT_DEEPLINK_BASE: 'http://dl.vietqr.io/pay' })).toThrow(/PAYMENT_DEEPLINK_BASE/);
	});
});
