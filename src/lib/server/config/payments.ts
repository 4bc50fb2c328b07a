/**
 * Payments (docs/architecture.md#payments): the account VietQR codes pay into,
 * the bank-transfer webhook's key, and the banking apps the payment page opens.
 *
 * The account and key are read as plain strings and checked here: outside
 * production a missing one falls back to the demo value and a malformed one
 * switches that part of payments off (503 payment_processing) instead of
 * stopping the whole service; production refuses to start without real ones
 * (productionPaymentProblems, reported with every other refusal at once).
 */
import { z } from 'zod';
import { DEFAULT_BANK_APPS, DEFAULT_DEEP_LINK_BASE, parseBankApps } from '../../bank-apps';
import { positiveInt, secret, setting, type EnvOf } from './kit';
import type { ConfigContext } from './server';

const DEMO_OUTSIDE_PRODUCTION = 'demo outside production; required in production, demo value refused';

export const paymentVariables = {
	PAYMENT_BANK_BIN: setting(
		z.string().optional(),
		'6-digit NAPAS BIN of the bank receiving transfers (VietQR)',
		'demo `970000` outside production; required in production, demo value refused'
	),
	PAYMENT_BANK_NAME: setting(z.string().optional(), 'bank name shown in the payment instructions', DEMO_OUTSIDE_PRODUCTION),
	PAYMENT_ACCOUNT_NUMBER: setting(z.string().optional(), 'receiving account number (1–19 letters or digits)', DEMO_OUTSIDE_PRODUCTION),
	PAYMENT_ACCOUNT_NAME: setting(z.string().optional(), 'account holder shown in the payment instructions', DEMO_OUTSIDE_PRODUCTION),
	PAYMENT_WEBHOOK_SECRET: setting(
		z.string().optional(),
		'key the bank-transfer notifier sends as `Authorization: Apikey <key>` (≥ 32 characters)',
		'public demo key outside production; required in production, demo value refused'
	),
	PAYMENT_SWEEP_INTERVAL_MS: setting(positiveInt.default(30_000), 'how often unpaid top-ups and orders past their expiry are expired'),
	PAYMENT_BANK_APPS: setting(
		z
			.string()
			.default(DEFAULT_BANK_APPS)
			.transform((raw, ctx) => {
				try {
					return parseBankApps(raw);
				} catch (error) {
					ctx.addIssue({ code: 'custom', message: (error as Error).message });
					return z.NEVER;
				}
			}),
		"banking apps the payment page offers to open with the transfer filled in, as `id:Name` pairs (ids of VietQR's deep-link list); empty offers none",
		'ten common banks (`vcb:Vietcombank,bidv:BIDV,…`)'
	),
	PAYMENT_DEEPLINK_BASE: setting(
		z.url({ protocol: /^https$/ }).default(DEFAULT_DEEP_LINK_BASE),
		'the https deep-link service those links go through (`?app=&ba=<account>@<BIN>&am=&tn=`)'
	)
};

/** Where buyers transfer money (shown in the VietQR and the payment instructions). */
export interface PaymentAccount {
	/** Six-digit NAPAS bank identification number. */
	bankBin: string;
	bankName: string;
	accountNumber: string;
	accountName: string;
	/** The development/test placeholders, never used in production. */
	demo: boolean;
}

export type PaymentSettings = ({ ready: true } & PaymentAccount) | { ready: false; problems: string[] };

/** The key the bank-transfer notifier authenticates with; kept apart so confirmations never depend on the QR settings. */
export type WebhookKey = { ready: true; secret: string; demo: boolean } | { ready: false; problems: string[] };

/**
 * Development/test placeholders. BIN 970000 belongs to no bank, so banking
 * apps refuse a demo QR and nobody can pay a stranger's account by scanning
 * one; the webhook key is public, which is why production never uses it.
 */
export const DEMO_PAYMENT_ACCOUNT = {
	bankBin: '970000',
	bankName: 'Ngân hàng DEMO',
	accountNumber: '0000000000',
	accountName: 'HOCLIEU DEMO',
	webhookSecret: 'hoclieu-demo-webhook-secret-never-use-in-production'
} as const;

const paymentFields = {
	bankBin: ['PAYMENT_BANK_BIN', z.string().regex(/^[0-9]{6}$/, 'must be the 6-digit NAPAS bank BIN')],
	bankName: ['PAYMENT_BANK_NAME', z.string().trim().min(1).max(60)],
	accountNumber: ['PAYMENT_ACCOUNT_NUMBER', z.string().regex(/^[0-9A-Za-z]{1,19}$/, 'must be 1–19 letters or digits')],
	accountName: ['PAYMENT_ACCOUNT_NAME', z.string().trim().min(1).max(60)],
	webhookSecret: ['PAYMENT_WEBHOOK_SECRET', secret]
} as const;
type PaymentField = keyof typeof paymentFields;
type PaymentEnv = EnvOf<typeof paymentVariables>;

function readPaymentFields<F extends PaymentField>(env: PaymentEnv, allowDemo: boolean, fields: readonly F[]) {
	const problems: string[] = [];
	const values: Partial<Record<F, string>> = {};
	let demo = false;
	for (const field of fields) {
		const [name, schema] = paymentFields[field];
		const raw = env[name];
		if (raw === undefined && allowDemo) {
			values[field] = DEMO_PAYMENT_ACCOUNT[field];
			demo = true;
		} else if (raw === undefined) {
			problems.push(`${name} is not set`);
		} else {
			const parsed = schema.safeParse(raw);
			if (parsed.success) values[field] = parsed.data;
			else problems.push(`${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
		}
	}
	return { values: values as Record<F, string>, problems, demo };
}

/** Everything production refuses about payments: a missing, malformed or demo account or key. */
export function productionPaymentProblems(source: Record<string, string | undefined>): { missing: string[]; other: string[] } {
	const missing: string[] = [];
	const other: string[] = [];
	for (const field of Object.keys(paymentFields) as PaymentField[]) {
		const [name, schema] = paymentFields[field];
		const raw = source[name];
		if (raw === undefined || raw === '') missing.push(name);
		else if (raw.trim() === DEMO_PAYMENT_ACCOUNT[field]) other.push(`${name} is the public demo value; use the real one`);
		else {
			const parsed = schema.safeParse(raw);
			if (!parsed.success) other.push(`${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
		}
	}
	return { missing, other };
}

export function paymentSettingsOf(env: PaymentEnv, ctx: ConfigContext) {
	const allowDemo = !ctx.isProduction;
	const account = readPaymentFields(env, allowDemo, ['bankBin', 'bankName', 'accountNumber', 'accountName'] as const);
	const key = readPaymentFields(env, allowDemo, ['webhookSecret'] as const);
	const payment: PaymentSettings = account.problems.length > 0 ? { ready: false, problems: account.problems } : { ready: true, ...account.values, demo: account.demo };
	const paymentWebhook: WebhookKey = key.problems.length > 0 ? { ready: false, problems: key.problems } : { ready: true, secret: key.values.webhookSecret, demo: key.demo };
	return {
		payment,
		paymentWebhook,
		/** How often expired payment intents are swept. */
		paymentSweepIntervalMs: env.PAYMENT_SWEEP_INTERVAL_MS,
		/** Banking apps the payment page offers to open, and the deep-link service that opens them. */
		paymentBankApps: env.PAYMENT_BANK_APPS,
		paymentDeepLinkBase: env.PAYMENT_DEEPLINK_BASE
	};
}
