/**
 * Operator commands: `npm run ops -- <command> [options]`. See the README
 * ("Operations"). Database commands use the same configuration as the server
 * (DATABASE_URL, or the embedded PGlite under DATA_DIR — stop the server
 * first there, PGlite allows one process per data directory).
 */
import { parseArgs } from 'node:util';
import { createOrPromoteStaff } from '../src/lib/server/admin/staff-bootstrap';
import { confirmCashOrder } from '../src/lib/server/checkout/methods/cash';
import { registerOrderPayments } from '../src/lib/server/checkout/setup';
import { config, useToolDefaults } from '../src/lib/server/config';
import { closeDatabase } from '../src/lib/server/db/client';
import { AppError } from '../src/lib/server/errors/app-error';
import { runMigrations } from '../src/lib/server/db/migrate';
import { grantDownload } from '../src/lib/server/downloads/grant';
import { createGiftCodes, deactivateGiftCode } from '../src/lib/server/giftcodes/admin';
import { transfersNeedingReview } from '../src/lib/server/payments/review';
import { createPromo, deactivatePromo, listPromos } from '../src/lib/server/promos/admin';
import { listAllDenominations, seedDenominations } from '../src/lib/server/topup/denominations';
import { formatVndText } from '../src/lib/format';

// NODE_ENV unset: demo for the embedded database, production for a DATABASE_URL (README "Modes").
useToolDefaults();

type Options = Record<string, string | boolean | undefined>;

interface Command {
	usage: string;
	options?: Record<string, { type: 'string' | 'boolean' }>;
	/** Needs the database (migrated first). */
	database: boolean;
	run(options: Options, positionals: string[]): Promise<void>;
}

class UsageError extends Error {}

function required(options: Options, name: string): string {
	const value = options[name];
	if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
	return value;
}

function optionalInt(options: Options, name: string): number | undefined {
	const value = options[name];
	if (value === undefined) return undefined;
	if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
	return Number(value);
}

function optionalString(options: Options, name: string): string | undefined {
	const value = options[name];
	return typeof value === 'string' ? value : undefined;
}

const commands: Record<string, Command> = {
	'staff:create': {
		usage: 'staff:create --email <address> --password <password>   (creates, or promotes and re-enables, a staff account)',
		options: { email: { type: 'string' }, password: { type: 'string' } },
		database: true,
		async run(o) {
			const result = await createOrPromoteStaff({ email: required(o, 'email'), password: required(o, 'password') }).catch((error: unknown) => {
				// A refused password is the operator's input to fix, like a missing option: exit 2.
				if (error instanceof AppError && error.code === 'validation_error') throw new UsageError(error.message);
				throw error;
			});
			console.log(
				result.created
					? `Đã tạo tài khoản quản trị ${result.email}. Đăng nhập rồi mở /quan-tri.`
					: `Đã cấp quyền quản trị cho ${result.email} (mật khẩu mới, các phiên cũ đã kết thúc). Đăng nhập rồi mở /quan-tri.`
			);
		}
	},

	'giftcodes:create': {
		usage: 'giftcodes:create --amount <vnd> --count <n> [--max-redemptions <n, 1 = single-use>] [--expires <date>] [--note <text>]',
		options: { amount: { type: 'string' }, count: { type: 'string' }, 'max-redemptions': { type: 'string' }, expires: { type: 'string' }, note: { type: 'string' } },
		database: true,
		async run(o) {
			const { batchId, codes } = await createGiftCodes({
				amountVnd: required(o, 'amount'),
				count: Number(required(o, 'count')),
				maxRedemptions: optionalInt(o, 'max-redemptions'),
				expiresAt: optionalString(o, 'expires'),
				note: optionalString(o, 'note')
			});
			// The plain codes exist only here: only their hashes are stored.
			for (const code of codes) process.stdout.write(`${code}\n`);
			console.error(`${codes.length} mã quà tặng ${formatVndText(BigInt(required(o, 'amount')))} (lô ${batchId}). Lưu danh sách ngay: mã gốc không được lưu lại.`);
		}
	},

	'giftcodes:deactivate': {
		usage: 'giftcodes:deactivate <code>',
		database: true,
		async run(_, [code]) {
			if (!code) throw new UsageError('the code to deactivate is required');
			if (!(await deactivateGiftCode(code))) throw new UsageError('no such gift code');
			console.log('Đã vô hiệu hoá mã quà tặng.');
		}
	},

	'promos:create': {
		usage:
			'promos:create --code <CODE> --applies-to TOPUP|CHECKOUT (--percent <1-100> [--max-discount <vnd>] | --amount-off <vnd>) [--min-amount <vnd>] [--starts <date>] [--ends <date>] [--total-cap <n>] [--per-user-cap <n>] [--description <text>] [--product-id <uuid>] [--product-type <type>] [--category-id <uuid>]',
		options: Object.fromEntries(
			['code', 'applies-to', 'percent', 'max-discount', 'amount-off', 'min-amount', 'starts', 'ends', 'total-cap', 'per-user-cap', 'description', 'product-id', 'product-type', 'category-id'].map((k) => [k, { type: 'string' as const }])
		),
		database: true,
		async run(o) {
			const percent = optionalInt(o, 'percent');
			const promo = await createPromo({
				code: required(o, 'code'),
				appliesTo: required(o, 'applies-to').toUpperCase() as 'TOPUP' | 'CHECKOUT',
				kind: percent === undefined ? 'FIXED' : 'PERCENT',
				percentOff: percent,
				maxDiscountVnd: optionalString(o, 'max-discount'),
				amountOffVnd: optionalString(o, 'amount-off'),
				minAmountVnd: optionalString(o, 'min-amount'),
				startsAt: optionalString(o, 'starts'),
				endsAt: optionalString(o, 'ends'),
				totalCap: optionalInt(o, 'total-cap'),
				perUserCap: optionalInt(o, 'per-user-cap'),
				description: optionalString(o, 'description'),
				productId: optionalString(o, 'product-id'),
				productType: optionalString(o, 'product-type') as never,
				categoryId: optionalString(o, 'category-id')
			});
			console.log(`Đã tạo mã khuyến mãi ${promo.code} (${promo.id}).`);
		}
	},

	'promos:list': {
		usage: 'promos:list',
		database: true,
		async run() {
			const rows = await listPromos();
			console.table(
				rows.map((p) => ({
					code: p.code,
					appliesTo: p.appliesTo,
					discount: p.kind === 'PERCENT' ? `${p.percentOff}%${p.maxDiscountVnd !== null ? ` ≤ ${formatVndText(p.maxDiscountVnd)}` : ''}` : formatVndText(p.amountOffVnd ?? 0n),
					minAmount: formatVndText(p.minAmountVnd),
					used: p.totalCap === null ? `${p.used}` : `${p.used}/${p.totalCap}`,
					perUser: p.perUserCap ?? '',
					window: `${p.startsAt?.toISOString() ?? '…'} → ${p.endsAt?.toISOString() ?? '…'}`,
					active: p.isActive
				}))
			);
		}
	},

	'promos:deactivate': {
		usage: 'promos:deactivate <CODE>',
		database: true,
		async run(_, [code]) {
			if (!code) throw new UsageError('the promo code is required');
			if (!(await deactivatePromo({ code }))) throw new UsageError('no such promo code');
			console.log('Đã ngừng mã khuyến mãi.');
		}
	},

	'transfers:list-unmatched': {
		usage: 'transfers:list-unmatched',
		database: true,
		async run() {
			const rows = await transfersNeedingReview();
			if (rows.length === 0) return console.log('Không có giao dịch nào cần kiểm tra.');
			console.table(
				rows.map((t) => ({
					receivedAt: t.receivedAt.toISOString(),
					providerTxnId: t.providerTxnId,
					amount: formatVndText(t.amountVnd),
					status: t.matchStatus,
					content: t.content,
					note: t.note
				}))
			);
		}
	},

	'orders:confirm-cash': {
		usage: 'orders:confirm-cash <orderId>',
		database: true,
		async run(_, [orderId]) {
			if (!orderId) throw new UsageError('the order id is required');
			registerOrderPayments();
			const order = await confirmCashOrder(orderId, { actorId: null, via: 'ops orders:confirm-cash' });
			console.log(`Đã xác nhận thu ${formatVndText(order.amountVnd)} tiền mặt cho đơn ${order.id} (${order.paymentRef}); biên nhận: ${order.receiptStatus}.`);
		}
	},

	'downloads:grant': {
		usage: 'downloads:grant --user <email> --product <productId>',
		options: { user: { type: 'string' }, product: { type: 'string' } },
		database: true,
		async run(o) {
			const grant = await grantDownload(required(o, 'user'), required(o, 'product'));
			// The token alone goes to stdout, so it can be piped; the explanation goes to stderr.
			process.stdout.write(`${grant.token}\n`);
			console.error(
				`${grant.newlyOwned ? 'Đã cấp' : 'Tài khoản đã sở hữu'} “${grant.productTitle}”. Liên kết tải (đến ${grant.expiresAt.toISOString()}): ${grant.url}`
			);
		}
	},

	'transfers:simulate': {
		usage: 'transfers:simulate --ref <HL… of a top-up or purchase order> --amount <vnd> [--content <text>] [--id <provider txn id>] [--url <server origin>]',
		options: { ref: { type: 'string' }, amount: { type: 'string' }, content: { type: 'string' }, id: { type: 'string' }, url: { type: 'string' } },
		database: false,
		async run(o) {
			const cfg = config();
			if (cfg.isProduction) throw new UsageError('transfers:simulate is for development only');
			if (!cfg.paymentWebhook.ready) throw new UsageError(`the webhook key is not configured: ${cfg.paymentWebhook.problems.join('; ')}`);
			const amount = required(o, 'amount');
			if (!/^[0-9]{1,15}$/.test(amount)) throw new UsageError('--amount must be a whole number of VND');
			const ref = required(o, 'ref');
			const target = `${(optionalString(o, 'url') ?? cfg.origin).replace(/\/$/, '')}/api/payments/bank-transfer/webhook`;
			const response = await fetch(target, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: `Apikey ${cfg.paymentWebhook.secret}` },
				body: JSON.stringify({
					id: optionalString(o, 'id') ?? `sim-${Date.now()}`,
					gateway: 'SIMULATOR',
					transactionDate: new Date().toISOString().replace('T', ' ').slice(0, 19),
					accountNumber: cfg.payment.ready ? cfg.payment.accountNumber : null,
					code: null,
					content: optionalString(o, 'content') ?? `CK ${ref} hoclieu`,
					transferType: 'in',
					transferAmount: Number(amount),
					referenceCode: `SIM${Date.now()}`,
					description: ''
				})
			});
			const text = await response.text();
			console.log(`${response.status} ${text}`);
			if (!response.ok) process.exitCode = 1;
		}
	},

	'denominations:seed': {
		usage: 'denominations:seed',
		database: true,
		async run() {
			console.log(`Đã thêm ${await seedDenominations()} mệnh giá chuẩn còn thiếu.`);
		}
	},

	'denominations:list': {
		usage: 'denominations:list',
		database: true,
		async run() {
			const rows = await listAllDenominations();
			if (rows.length === 0) return console.log('Chưa có mệnh giá nào: chạy denominations:seed (máy chủ cũng tự thêm khi khởi động).');
			console.table(
				rows.map((d) => ({
					id: d.id,
					amount: formatVndText(d.amountVnd),
					bonus: `${d.bonusRateBp / 100}%`,
					tag: d.tag ?? '',
					popular: d.isPopular,
					active: d.isActive,
					sortOrder: d.sortOrder
				}))
			);
		}
	}
};

function help(): string {
	return ['Usage: npm run ops -- <command> [options]', '', ...Object.values(commands).map((c) => `  ${c.usage}`)].join('\n');
}

async function main(): Promise<number> {
	const [name, ...rest] = process.argv.slice(2);
	const command = name ? commands[name] : undefined;
	if (!command) {
		console.error(help());
		return name && name !== 'help' ? 2 : 0;
	}
	let parsed: { values: Options; positionals: string[] };
	try {
		parsed = parseArgs({ args: rest, options: command.options ?? {}, allowPositionals: true, strict: true }) as typeof parsed;
	} catch (error) {
		console.error(`${(error as Error).message}\n\n  ${command.usage}`);
		return 2;
	}
	try {
		if (command.database) await runMigrations();
		await command.run(parsed.values, parsed.positionals);
		return typeof process.exitCode === 'number' ? process.exitCode : 0;
	} catch (error) {
		if (error instanceof UsageError) {
			console.error(`${error.message}\n\n  ${command.usage}`);
			return 2;
		}
		const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
		if (issues) {
			console.error(issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
			return 2;
		}
		console.error(error instanceof Error ? error.message : error);
		return 1;
	} finally {
		if (command.database) await closeDatabase();
	}
}

process.exit(await main());
