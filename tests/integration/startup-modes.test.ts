/**
 * Modes that cannot be confused (issue 14, item 1): a bare `node build` is
 * production and refuses to start without real secrets, ORIGIN and a real bank
 * account; demo values are refused there even when set on purpose; the tsx
 * tools still work with no environment. (`npm start` saying it is the demo is
 * checked on its own production build, in production-bundle.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_ACCOUNT } from '../../src/lib/server/config';
import { request } from '../helpers/http';
import { postBankTransfer } from '../helpers/payments';
import { PRODUCTION_WEBHOOK_SECRET, productionEnv } from '../helpers/production';
import { refusedStart, startServer, type TestServer } from '../helpers/server';
import { TEST_NODE_FLAGS } from '../helpers/node-flags';

const PRODUCTION_NEEDS = [
	'AUTH_SECRET',
	'SIGNING_SECRET',
	'ORIGIN',
	'PAYMENT_WEBHOOK_SECRET',
	'PAYMENT_BANK_BIN',
	'PAYMENT_BANK_NAME',
	'PAYMENT_ACCOUNT_NUMBER',
	'PAYMENT_ACCOUNT_NAME'
];

const refusal = (env: Record<string, string | undefined>) => refusedStart({ env });

describe('node build with NODE_ENV unset is production', () => {
	it('refuses to start without secrets, naming everything missing in one message', async () => {
		const message = await refusal({ NODE_ENV: undefined, TEST_HOOKS: undefined, ORIGIN: undefined });
		expect(message).toMatch(/server exited \(1\)/);
		const refused = message.split('\n').filter((l) => l.includes('Production start-up refused'));
		expect(refused).toHaveLength(1);
		const missingLine = message.split('\n').find((l) => l.includes('missing:'))!;
		for (const name of PRODUCTION_NEEDS) expect(missingLine).toContain(name);
		expect(message).not.toContain('"database ready"'); // it never got as far as migrating
	});

	it('refuses the demo bank account and the public demo webhook key even when set explicitly', async () => {
		const message = await refusal({
			...productionEnv,
			PAYMENT_BANK_BIN: DEMO_PAYMENT_ACCOUNT.bankBin,
			PAYMENT_ACCOUNT_NUMBER: DEMO_PAYMENT_ACCOUNT.accountNumber,
			PAYMENT_WEBHOOK_SECRET: DEMO_PAYMENT_ACCOUNT.webhookSecret
		});
		for (const name of ['PAYMENT_BANK_BIN', 'PAYMENT_ACCOUNT_NUMBER', 'PAYMENT_WEBHOOK_SECRET']) {
			expect(message).toContain(`${name} is the public demo value`);
		}
		expect(message).not.toContain('missing:');
	});

	it('refuses test hooks', async () => {
		expect(await refusal({ ...productionEnv, TEST_HOOKS: 'true' })).toContain('TEST_HOOKS must never be enabled in production');
	});
});

describe('production with real settings', () => {
	let s: TestServer;
	beforeAll(async () => {
		// The embedded database seeds a catalog on first start even in production; the demo account must not come with it.
		s = await startServer({ env: { ...productionEnv, HEALTH_TOKEN: 'h'.repeat(40), SEED_ON_EMPTY: 'true', SEED_PRODUCTS: '12' } });
	});
	afterAll(async () => {
		await s?.stop();
	});

	it('refuses the demo webhook key and accepts the configured one', async () => {
		const demo = await postBankTransfer(s.url, 'HL7K2MQX9A', 100000, { secret: DEMO_PAYMENT_ACCOUNT.webhookSecret });
		expect(demo.status).toBe(401);
		expect(demo.body.error.code).toBe('unauthenticated');
		const real = await postBankTransfer(s.url, 'HL7K2MQX9A', 100000, { secret: PRODUCTION_WEBHOOK_SECRET });
		expect(real.status).toBe(200);
		expect(real.body.status).toBe('unmatched');
	});

	it('shows the mode only in the internal health detail', async () => {
		const open = await request(s.url, '/api/health');
		expect(open.body).toEqual({ status: 'ok' });
		const internal = await request(s.url, '/api/health', { headers: { 'x-health-token': 'h'.repeat(40) } });
		expect(internal.body.mode).toBe('production');
		expect(s.logs.find((l) => l.includes('starting in'))).toContain('"mode":"production"');
	});

	it('has no demo account', async () => {
		const products = await request(s.url, '/api/v1/catalog/categories/');
		expect(products.status).toBe(200);
		expect(products.body.data.length).toBeGreaterThan(0); // the catalog was seeded…
		const res = await request(s.url, '/api/auth/sign-in/email', {
			method: 'POST',
			json: { email: 'co.lan@example.vn', password: 'một câu mật khẩu dài' }
		});
		expect(res.status).toBe(401); // …but not the demo account
	});
});

describe('the tsx tools with no environment', () => {
	const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-tools-'));
	afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
	const tool = (script: string, env: Record<string, string>) =>
		spawnSync(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), ...TEST_NODE_FLAGS, script], {
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
			encoding: 'utf8',
			timeout: 120_000
		});

	it('run in demo mode on the embedded database', () => {
		const migrated = tool('scripts/migrate.ts', { DATA_DIR: dataDir });
		expect(migrated.status, migrated.stderr).toBe(0);
		expect(migrated.stdout).toContain('migrations applied');
		const listed = spawnSync(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), ...TEST_NODE_FLAGS, 'scripts/ops.ts', 'promos:list'], {
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
			encoding: 'utf8',
			timeout: 120_000
		});
		expect(listed.status, listed.stderr).toBe(0);
	});

	it('count as production once a DATABASE_URL is configured', () => {
		const res = tool('scripts/migrate.ts', { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
		expect(res.status).not.toBe(0);
		expect(res.stderr).toContain('Production start-up refused');
		expect(res.stderr).toContain('AUTH_SECRET');
	});
});
