/**
 * The operator CLI's checkout commands (scripts/ops.ts): simulating a bank
 * transfer for a purchase order, confirming a cash order (with its receipt)
 * and granting a download. With PGlite the CLI needs the data directory to
 * itself, so the server is stopped around the database commands; with
 * PostgreSQL everything runs side by side.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkout, downloadBytes, exchange, getOrder, sellable, tokenOf } from '../helpers/checkout';
import { createUser, sql } from '../helpers/http';
import { ops } from '../helpers/ops';
import { startServer, type TestServer } from '../helpers/server';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let server: TestServer | undefined;
let smtp: SmtpReceiver | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'hoclieu-ops-checkout-'));
afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
	rmSync(dataDir, { recursive: true, force: true });
}, 180_000);

it('simulates a transfer for a purchase order, confirms a cash order and grants a download', async () => {
	smtp = await startSmtpReceiver();
	server = await startServer({ env: { DATA_DIR: dataDir } });
	const cliEnv = { DATA_DIR: dataDir, SMTP_URL: smtp.url, ...(onPostgres ? { DATABASE_URL: server.databaseUrl! } : {}) };
	let base = server.url;
	const user = await createUser(base);
	const qrProduct = await sellable(base, { priceVnd: '35000' });
	const cashProduct = await sellable(base, { priceVnd: '70000', title: 'Video bài giảng Khoa học lớp 4' });
	const granted = await sellable(base, { priceVnd: '90000' });
	const qr = (await checkout(base, { productId: qrProduct.id, paymentMethod: 'qr_direct' }, { user })).body.data;
	const cash = (await checkout(base, { productId: cashProduct.id, paymentMethod: 'cash_manual' }, { user })).body.data;
	expect(cash.status).toBe('PENDING');

	const simulated = await ops({ DATA_DIR: dataDir }, 'transfers:simulate', '--ref', qr.paymentRef, '--amount', '35000', '--url', base);
	expect(simulated.code, simulated.stderr).toBe(0);
	expect(simulated.stdout).toContain('"status":"matched"');
	expect((await getOrder(base, qr.id, user.cookie)).body.data.status).toBe('PAID');

	if (!onPostgres) {
		await server.stop();
		server = undefined;
	}
	const wrongKind = await ops(cliEnv, 'orders:confirm-cash', qr.id);
	expect(wrongKind.code).toBe(1);
	expect(wrongKind.stderr).toContain('không phải tiền mặt');
	const confirmed = await ops(cliEnv, 'orders:confirm-cash', cash.id);
	expect(confirmed.code, confirmed.stderr).toBe(0);
	expect(confirmed.stdout).toContain('70.000 ₫');
	expect(confirmed.stdout).toContain('biên nhận: sent');
	const twice = await ops(cliEnv, 'orders:confirm-cash', cash.id);
	expect(twice.code).toBe(1);
	expect(twice.stderr).toContain('Đã thanh toán');
	expect((await ops(cliEnv, 'orders:confirm-cash')).code).toBe(2);

	const grant = await ops(cliEnv, 'downloads:grant', '--user', user.email.toUpperCase(), '--product', granted.id);
	expect(grant.code, grant.stderr).toBe(0);
	const token = grant.stdout.trim();
	expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
	expect(grant.stderr).toContain('/tai-ve?token=');
	expect((await ops(cliEnv, 'downloads:grant', '--user', 'khong-co@truong.edu.vn', '--product', granted.id)).code).toBe(1);
	expect((await ops(cliEnv, 'downloads:grant', '--user', user.email)).code).toBe(2);

	const receipt = await smtp.next(user.email);
	expect(receipt.subject).toBe('Biên nhận đơn hàng hoclieu: Video bài giảng Khoa học lớp 4');
	expect(receipt.text).toContain('Tiền mặt');
	const receiptToken = tokenOf(/https?:\/\/\S+\/tai-ve\?token=\S+/.exec(receipt.text)![0]);

	server ??= await startServer({ env: { DATA_DIR: dataDir } });
	base = server.url;
	const paidCash = (await getOrder(base, cash.id, user.cookie)).body.data;
	expect(paidCash).toMatchObject({ status: 'PAID', receiptStatus: 'sent' });
	expect(await downloadBytes(base, paidCash.downloadUrl)).toEqual(cashProduct.bytes);
	expect(await downloadBytes(base, `${base}/tai-ve?token=${receiptToken}`)).toEqual(cashProduct.bytes);
	expect(await downloadBytes(base, `${base}/tai-ve?token=${token}`)).toEqual(granted.bytes);
	expect(await sql(base, 'SELECT source FROM product_ownerships WHERE user_id = $1 AND product_id = $2', [user.userId, granted.id])).toEqual([{ source: 'grant' }]);

	// The grant's token stands only while the ownership does.
	await sql(base, 'DELETE FROM product_ownerships WHERE user_id = $1 AND product_id = $2', [user.userId, granted.id]);
	expect((await exchange(base, token)).status).toBe(403);
}, 180_000);
