/**
 * Zalo sign-in's configuration (README config table, ADR 019): on only with
 * both the app id and secret, Zalo's own origins unless a test points
 * elsewhere, and the test origins refused in production.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/lib/server/config';

const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-zalo-config-'));
const base = { NODE_ENV: 'test', DATA_DIR: dataDir };

describe('ZALO_APP_ID / ZALO_APP_SECRET', () => {
	it('leave Zalo off when unset', () => {
		expect(loadConfig(base).social.zalo).toBeUndefined();
	});

	it("turn it on with Zalo's own endpoints", () => {
		expect(loadConfig({ ...base, ZALO_APP_ID: '3001', ZALO_APP_SECRET: 's3cret' }).social.zalo).toEqual({
			appId: '3001',
			appSecret: 's3cret',
			oauthUrl: 'https://oauth.zaloapp.com',
			graphUrl: 'https://graph.zalo.me',
			label: 'Zalo'
		});
	});

	it('refuse half a pair', () => {
		expect(() => loadConfig({ ...base, ZALO_APP_ID: '3001' })).toThrow(/ZALO_APP_ID and ZALO_APP_SECRET/);
		expect(() => loadConfig({ ...base, ZALO_APP_SECRET: 's3cret' })).toThrow(/ZALO_APP_ID and ZALO_APP_SECRET/);
	});

	it('take test origins outside production, without a trailing slash', () => {
		const c = loadConfig({ ...base, ZALO_APP_ID: '3001', ZALO_APP_SECRET: 's', ZALO_OAUTH_URL: 'http://127.0.0.1:9/', ZALO_GRAPH_URL: 'http://127.0.0.1:9' });
		expect(c.social.zalo).toMatchObject({ oauthUrl: 'http://127.0.0.1:9', graphUrl: 'http://127.0.0.1:9' });
	});
});
