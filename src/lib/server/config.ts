/**
 * The only reader of the environment (one config module: README "Configuration").
 *
 * Everything is validated by zod once, at first use. Production refuses to start
 * without real secrets; development and test generate random ones and keep them
 * under the data directory so sessions survive restarts without anything
 * secret ever being committed.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_BANK_APPS, DEFAULT_DEEP_LINK_BASE, parseBankApps, type BankApp } from '../bank-apps';

const bool = z
	.enum(['true', 'false', '1', '0', 'yes', 'no'])
	.transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

const secret = z.string().min(32, 'must be at least 32 characters');

const envSchema = z.object({
	/** Unset → production for the server (`node build`); `npm start` sets development, the tsx tools see useToolDefaults(). */
	NODE_ENV: z.enum(['development', 'test', 'production']).optional(),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().default('0.0.0.0'),
	ORIGIN: z.url().optional(),
	DATA_DIR: z.string().default('.data'),
	DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
	DATABASE_POOL_MAX: positiveInt.default(10),
	DATABASE_TIMEOUT_MS: positiveInt.default(5_000),
	MIGRATIONS_DIR: z.string().default('drizzle'),
	AUTH_SECRET: secret.optional(),
	SIGNING_SECRET: secret.optional(),
	TRUST_PROXY: bool.default(false),
	BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
	REQUEST_TIMEOUT_MS: positiveInt.default(10_000),
	DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.default(5_000),
	HEALTH_CHECK_TIMEOUT_MS: positiveInt.default(1_000),
	HEALTH_TOKEN: secret.optional(),
	/** Bearer token for GET /metrics (Prometheus); unset → /metrics answers 404. */
	METRICS_TOKEN: secret.optional(),
	LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
	SEED_ON_EMPTY: bool.optional(),
	SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(240),
	SEED_VALUE: z.coerce.number().int().default(20_260_901),
	REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
	UPSTASH_REDIS_REST_URL: z.url().optional(),
	UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
	RATE_LIMIT_PREFIX: z.string().min(1).max(100).default('hoclieu:rl:'),
	RATE_LIMIT_STORE_TIMEOUT_MS: positiveInt.default(500),
	RATE_LIMIT_SEARCH_MAX: positiveInt.default(30),
	RATE_LIMIT_SEARCH_WINDOW_SECONDS: positiveInt.default(60),
	/** Consecutive store failures that open the circuit, and how long it stays open before a probe. */
	RATE_LIMIT_BREAKER_FAILURES: positiveInt.max(1000).default(3),
	RATE_LIMIT_BREAKER_OPEN_SECONDS: positiveInt.max(3600).default(20),
	/** How long a search's hits may be reused while the catalog is unchanged; 0 turns the cache off. */
	SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
	SEARCH_CACHE_ENTRIES: positiveInt.max(100_000).default(2_000),
	/** Search hits chosen from posting lists in memory (ADR 018) while they are exact; off: PostgreSQL always chooses. */
	SEARCH_INDEX: bool.default(true),
	/** Catalog answers kept in memory per process (product detail, tree, first listing pages); 0 turns the cache off. */
	CATALOG_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(5_000),
	/** Bytes of whole stored answers (the response cache) per process, in MiB: search pages are ~10× a detail. */
	RESPONSE_CACHE_MB: positiveInt.max(4_096).default(32),
	/** Anonymous catalog responses: `Cache-Control: public, max-age=…` (seconds). */
	CATALOG_HTTP_MAX_AGE: z.coerce.number().int().min(0).max(86_400).default(10),
	/** … and `stale-while-revalidate=…` (seconds). */
	CATALOG_HTTP_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(86_400).default(60),
	TEST_HOOKS: bool.default(false),
	/** Seconds a SIGTERM waits for requests in flight (adapter-node reads it too, for their connections). */
	SHUTDOWN_TIMEOUT: z.coerce.number().int().min(0).max(3600).default(30),
	/** With TEST_HOOKS: start-up waits after migrations until POST /api/internal/test/release-startup. */
	TEST_HOLD_STARTUP: bool.default(false),
	/** Outgoing mail (sign-in codes, links, resets); unset = delivery suppressed and logged. */
	SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
	/** Sender address, e.g. `hoclieu <no-reply@hoclieu.vn>`; defaults to no-reply@<ORIGIN host>. */
	MAIL_FROM: z.string().min(3).optional(),
	/** Brute-force limits of the auth flows (sign-in, codes, links, resets), one window for all. */
	AUTH_RATE_WINDOW_SECONDS: positiveInt.default(15 * 60),
	AUTH_RATE_PER_EMAIL: positiveInt.default(10),
	/** Per IP is a backstop sized for a school or carrier NAT; per address stays strict. */
	AUTH_RATE_PER_IP: positiveInt.default(300),
	/** Emails (codes, links, resets) one address or one IP may trigger per window. */
	AUTH_MAIL_PER_EMAIL: positiveInt.default(5),
	AUTH_MAIL_PER_IP: positiveInt.default(150),
	/** `409 email_taken` answers one IP may get per window; after that every sign-up from it gets 429 (ADR 005). */
	SIGNUP_TAKEN_PER_IP: positiveInt.default(10),
	SIGNUP_TAKEN_WINDOW_SECONDS: positiveInt.default(3600),
	// Social sign-in (ADR 019): a provider is enabled only when its client id and secret are set.
	GOOGLE_CLIENT_ID: z.string().min(1).optional(),
	GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
	/** Outside production only: an issuer discovered in place of Google's fixed endpoints (the tests' OpenID Connect server). */
	GOOGLE_ISSUER: z.url().optional(),
	OIDC_ISSUER: z.url().optional(),
	OIDC_CLIENT_ID: z.string().min(1).optional(),
	OIDC_CLIENT_SECRET: z.string().min(1).optional(),
	/** The button's name for the generic provider, e.g. "Tài khoản Sở GD&ĐT Hà Nội". */
	OIDC_LABEL: z.string().trim().min(1).max(60).default('Tài khoản trường học'),
	/** Zalo's OAuth v4 (ADR 019): the app's ID and secret key from developers.zalo.me. */
	ZALO_APP_ID: z.string().min(1).optional(),
	ZALO_APP_SECRET: z.string().min(1).optional(),
	/**
	 * Outside production only: the origins standing in for oauth.zaloapp.com and graph.zalo.me.
	 * Zalo publishes no discovery document, so unlike GOOGLE_ISSUER the tests' Zalo-shaped server
	 * cannot be found any other way.
	 */
	ZALO_OAUTH_URL: z.url().optional(),
	ZALO_GRAPH_URL: z.url().optional(),
	// Object storage (docs/architecture.md#files): S3_BUCKET set → S3, unset → files under DATA_DIR/files.
	S3_BUCKET: z.string().min(3).max(63).optional(),
	S3_ENDPOINT: z.url().optional(),
	S3_REGION: z.string().min(1).default('us-east-1'),
	S3_ACCESS_KEY_ID: z.string().min(1).optional(),
	S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
	S3_FORCE_PATH_STYLE: bool.default(false),
	S3_TIMEOUT_MS: positiveInt.default(5_000),
	// Classroom music (GET /api/v1/music/quota, POST /api/v1/music/{id}/download).
	MUSIC_ENABLED: bool.default(true),
	MUSIC_FREE_MONTHLY_LIMIT: z.coerce.number().int().min(0).default(10),
	MUSIC_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(7 * 24 * 3600).default(300),
	MUSIC_DOWNLOAD_RATE_PER_MINUTE: positiveInt.default(30),
	// Payments (docs/architecture.md#payments). Read as plain strings and checked by
	// paymentSettings() and webhookKey(): a missing or broken value disables
	// payments (503 payment_processing) instead of stopping the whole service.
	PAYMENT_BANK_BIN: z.string().optional(),
	PAYMENT_BANK_NAME: z.string().optional(),
	PAYMENT_ACCOUNT_NUMBER: z.string().optional(),
	PAYMENT_ACCOUNT_NAME: z.string().optional(),
	PAYMENT_WEBHOOK_SECRET: z.string().optional(),
	PAYMENT_SWEEP_INTERVAL_MS: positiveInt.default(30_000),
	// Notification mail (README "Notifications and mail preferences"): at most one digest per person per
	// NOTIFY_DIGEST_MINUTES; the job that sends digests and money mails runs every NOTIFY_MAIL_INTERVAL_MS.
	NOTIFY_DIGEST_MINUTES: positiveInt.default(60),
	NOTIFY_MAIL_INTERVAL_MS: positiveInt.default(30_000),
	// The live event stream GET /api/v1/events (README "Live event stream", ADR 020).
	LIVE_HEARTBEAT_MS: positiveInt.default(15_000),
	LIVE_RETRY_MS: positiveInt.default(3_000),
	LIVE_RETENTION_HOURS: positiveInt.default(24),
	LIVE_PRUNE_INTERVAL_MS: positiveInt.default(600_000),
	// Banking apps the payment page offers to open with the transfer filled in (src/lib/bank-apps.ts).
	PAYMENT_BANK_APPS: z
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
	// "Yêu thích": how many products one account may save (src/lib/server/wishlist/wishlist.ts).
	WISHLIST_MAX_ITEMS: positiveInt.max(1000).default(200),
	// "Giỏ hàng": how many products one cart may hold (src/lib/server/cart/store.ts).
	CART_MAX_LINES: positiveInt.max(200).default(50),
	// Cart reads and changes per account (or per IP for guests, whose first add creates a cart) and minute.
	CART_RATE_LIMIT: positiveInt.default(120),
	// Who the receipt PDF names as the seller (src/lib/server/checkout/receipt-pdf.ts).
	RECEIPT_SELLER_NAME: z.string().trim().min(1).max(120).default('hoclieu — Học liệu cho giáo viên'),
	RECEIPT_SELLER_ADDRESS: z.string().trim().min(1).max(200).optional(),
	RECEIPT_SELLER_TAX_CODE: z
		.string()
		.trim()
		.regex(/^[0-9]{10}(-[0-9]{3})?$/, 'must be a 10-digit tax code, or 10-3 for a branch')
		.optional(),
	PAYMENT_DEEPLINK_BASE: z.url({ protocol: /^https$/ }).default(DEFAULT_DEEP_LINK_BASE),
	TOPUP_ORDER_TTL_MINUTES: positiveInt.max(24 * 60).default(30),
	WALLET_MAX_BALANCE_VND: z
		.string()
		.regex(/^[1-9][0-9]{0,14}$/, 'must be a positive whole number of VND')
		.default('20000000')
		.transform((v) => BigInt(v)),
	TOPUP_ORDER_RATE_LIMIT: positiveInt.default(10),
	TOPUP_PROMO_RATE_LIMIT: positiveInt.default(20),
	GIFTCODE_FAILURE_LIMIT: positiveInt.default(5),
	/** The brute-force backstop per IP, across accounts (a school behind one NAT shares it). */
	GIFTCODE_FAILURE_IP_LIMIT: positiveInt.default(60),
	// Takedown and theft reports (POST /api/v1/reports): per account (or per IP when signed out), and a per-IP backstop, per hour.
	REPORT_RATE_LIMIT: positiveInt.default(5),
	REPORT_RATE_LIMIT_IP: positiveInt.default(30),
	SUPPORT_RATE_LIMIT: positiveInt.default(5),
	SUPPORT_RATE_LIMIT_IP: positiveInt.default(30),
	// Conversations (/api/v1/conversations): new ones per hour, messages per minute; per account, and per IP for a school behind one NAT.
	CONVERSATION_RATE_LIMIT: positiveInt.default(10),
	CONVERSATION_RATE_LIMIT_IP: positiveInt.default(60),
	MESSAGE_RATE_LIMIT: positiveInt.default(30),
	MESSAGE_RATE_LIMIT_IP: positiveInt.default(120),
	// Largest file attached to a message (an image or a PDF); at most 4 per message.
	MESSAGE_ATTACHMENT_MAX_BYTES: positiveInt.max(100 * 1024 ** 2).default(10 * 1024 ** 2),
	GIFTCODE_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
	// Checkout, promo validation and token downloads (/api/v1/checkout, /api/v1/promos/validate, /api/v1/downloads/by-token).
	/** Guests may check out with an email and explicit consent (no account). */
	GUEST_CHECKOUT_ENABLED: bool.default(true),
	/** How long a qr_direct order waits for its transfer. */
	CHECKOUT_ORDER_TTL_MINUTES: positiveInt.max(24 * 60).default(15),
	/** How long a cash_manual order waits for staff to confirm the cash. */
	CASH_ORDER_TTL_HOURS: positiveInt.max(30 * 24).default(72),
	/** Lifetime of the order_access_<orderId> cookie. */
	ORDER_ACCESS_TTL_MINUTES: positiveInt.max(7 * 24 * 60).default(24 * 60),
	/** How long a retried POST /api/v1/checkout with the same Idempotency-Key gets the first order back. */
	IDEMPOTENCY_KEY_TTL_HOURS: positiveInt.max(7 * 24).default(24),
	/** Checkout creations per user (or per IP for guests) and minute. */
	CHECKOUT_RATE_LIMIT: positiveInt.default(10),
	/** Checkout promo checks per user and minute. */
	CHECKOUT_PROMO_RATE_LIMIT: positiveInt.default(20),
	/** Lifetime of a download token (receipt emails, paid orders, operator grants). */
	DOWNLOAD_TOKEN_TTL_HOURS: positiveInt.max(30 * 24).default(72),
	/** Lifetime of the signed storage URL a download token is exchanged for. */
	DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(24 * 3600).default(300),
	/** Token exchanges per IP and minute. */
	DOWNLOAD_TOKEN_RATE_LIMIT: positiveInt.default(30),
	// Author and staff uploads (issue #16): declared sizes above these are refused at slot creation.
	UPLOAD_MAX_FILE_BYTES: positiveInt.max(5 * 1024 ** 3).default(500 * 1024 ** 2),
	UPLOAD_MAX_IMAGE_BYTES: positiveInt.max(5 * 1024 ** 3).default(10 * 1024 ** 2),
	/** Lifetime of an upload slot's PUT URL; an incomplete slot is swept after it. */
	UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(24 * 3600).default(3600),
	/** Files larger than this go up in parts (S3 multipart); never more than one PUT the store takes. */
	UPLOAD_MULTIPART_THRESHOLD_BYTES: positiveInt.min(5 * 1024 ** 2).max(5 * 1024 ** 3).default(64 * 1024 ** 2),
	/** Size of each part but the last (S3 needs at least 5 MiB); capped by what one PUT to the store may carry. */
	UPLOAD_PART_BYTES: positiveInt.min(5 * 1024 ** 2).max(5 * 1024 ** 3).default(16 * 1024 ** 2),
	// Per-author quotas of the open studio (issue 40, README "Limits and quotas"); staff are not limited.
	/** Upload slots an author may open per hour (sliding window, the rate limiter). */
	UPLOAD_SLOTS_PER_HOUR: positiveInt.max(100_000).default(60),
	/** Declared bytes an author's open (not yet completed, not expired) slots may hold together. */
	UPLOAD_PENDING_BYTES_PER_AUTHOR: positiveInt.max(1024 ** 4).default(2 * 1024 ** 3),
	/** Bytes an author's verified uploads may take, open slots included. */
	UPLOAD_STORED_BYTES_PER_AUTHOR: positiveInt.max(100 * 1024 ** 4).default(20 * 1024 ** 3),
	/** A verified upload not attached to a product for this long is swept with its bytes. */
	UPLOAD_UNATTACHED_TTL_HOURS: positiveInt.max(90 * 24).default(72),
	/** Products one author may have waiting for staff review at once. */
	STUDIO_IN_REVIEW_PER_AUTHOR: positiveInt.max(10_000).default(20),
	/** adapter-node's own request body limit (it also bounds PUTs to the /files upload route); read here, never set. */
	BODY_SIZE_LIMIT: z.string().optional(),
	/** Whole percent of each sale's paid amount owed to the product's author (the rest is the platform's). */
	AUTHOR_REVENUE_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(70),
	/**
	 * For this long after an author changes the bank account payouts go to,
	 * recording a payout needs staff to confirm the new account a second time
	 * (a taken-over account's first move is to redirect the money); 0 turns it off.
	 */
	PAYOUT_DETAILS_COOLDOWN_HOURS: z.coerce.number().int().min(0).max(90 * 24).default(72),
	// Preview generation (issue #16 item 3, src/lib/server/previews): page images, clips, page counts.
	/** Preview jobs run at once per process; 0 turns the worker off (test servers default to 0). */
	PREVIEW_CONCURRENCY: z.coerce.number().int().min(0).max(8).default(1),
	WEB_CONCURRENCY: positiveInt.max(64).optional(),
	/**
	 * `off`: this process runs no background jobs and no previews (a web process beside
	 * `node build/worker.js` processes, which run them). `on` (default): it runs them as before.
	 */
	JOBS: z.enum(['on', 'off']).default('on'),
	/**
	 * V8 old-space limit (MiB) of each worker the primary forks, unless NODE_OPTIONS or the
	 * primary's own flags set one: with the default limit (a share of the machine's memory) V8
	 * grows its heap lazily far past what the bounded caches hold (ADR 016).
	 */
	WORKER_HEAP_MB: positiveInt.min(128).max(16_384).default(512),
	/** Node's own: read only to tell whether the operator chose a heap limit. */
	NODE_OPTIONS: z.string().optional(),
	/** First pages (or slides) rendered as stamped images. */
	PREVIEW_PAGES: z.coerce.number().int().min(1).max(20).default(3),
	/** Length of the audio/video excerpt. */
	PREVIEW_CLIP_SECONDS: z.coerce.number().int().min(5).max(300).default(30),
	/** One tool run (LibreOffice, ffmpeg, pdftoppm) longer than this is killed with every process it started; the file is not retried. */
	PREVIEW_TOOL_TIMEOUT_MS: positiveInt.max(30 * 60_000).default(120_000),
	/** After the timeout's SIGTERM, the wait before SIGKILL; also how long a run's processes may take to vanish. */
	PREVIEW_KILL_GRACE_MS: positiveInt.max(60_000).default(2_000),
	/** Kernel limits of each tool run (prlimit): CPU seconds, address space, size of any file it writes, open files. */
	PREVIEW_TOOL_CPU_SECONDS: positiveInt.max(3600).default(300),
	PREVIEW_TOOL_MEMORY_MB: positiveInt.min(256).max(65_536).default(2048),
	PREVIEW_TOOL_OUTPUT_MB: positiveInt.max(65_536).default(512),
	PREVIEW_TOOL_OPEN_FILES: positiveInt.min(64).max(65_536).default(1024),
	/** Read from the file's own metadata before rendering: over these, no preview and a reason for the author. */
	PREVIEW_MAX_PAGES: positiveInt.max(1_000_000).default(2000),
	PREVIEW_MAX_DURATION_SECONDS: positiveInt.max(7 * 24 * 3600).default(3 * 3600),
	PREVIEW_MAX_PIXELS: positiveInt.default(7680 * 4320),
	/** An office file or bundle whose parts unpack to more than this is not opened (a ZIP bomb). */
	PREVIEW_MAX_UNPACKED_MB: positiveInt.max(65_536).default(512),
	PREVIEW_MAX_ATTEMPTS: positiveInt.max(50).default(5),
	/** A running job whose worker has not finished within this is taken to be orphaned (crash) and claimed again. */
	PREVIEW_LEASE_SECONDS: positiveInt.max(24 * 3600).default(900),
	PREVIEW_POLL_MS: positiveInt.max(600_000).default(2_000),
	/** Tool paths (a missing one marks the jobs needing it `unavailable`). */
	PREVIEW_PDFTOPPM_PATH: z.string().min(1).default('pdftoppm'),
	PREVIEW_PDFINFO_PATH: z.string().min(1).default('pdfinfo'),
	PREVIEW_FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
	PREVIEW_FFPROBE_PATH: z.string().min(1).default('ffprobe'),
	PREVIEW_SOFFICE_PATH: z.string().min(1).default('soffice'),
	/** TrueType font for the "Xem trước – hoclieu" stamp; must cover Vietnamese (Debian fonts-dejavu-core). */
	PREVIEW_FONT_FILE: z.string().min(1).default('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf')
});

export type Env = z.infer<typeof envSchema>;
type Mode = NonNullable<Env['NODE_ENV']>;

export interface Secrets {
	/** HMAC key for session cookies. */
	authSecret: string;
	/** HMAC key for cursors, order-access cookies, download tokens and file links. */
	signingSecret: string;
}

export type StorageConfig =
	| { kind: 'fs'; dir: string; maxPutBytes: number }
	| {
			kind: 's3';
			bucket: string;
			endpoint: string | undefined;
			region: string;
			/** Unset → the AWS SDK's default credential chain (instance role, env, profile). */
			credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
			forcePathStyle: boolean;
			timeoutMs: number;
	  };

export interface MusicConfig {
	/** Off → both music routes answer 503 (GET /api/v1/music/quota). */
	enabled: boolean;
	/** Free (non-VIP) users' downloads of free tracks per calendar month, Vietnam time. */
	freeMonthlyLimit: number;
	/** Lifetime of a signed download URL. */
	urlTtlSeconds: number;
	/** Download requests per user per minute (docs/api.md#limits guards media downloads). */
	downloadRatePerMinute: number;
}

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

/**
 * Payment settings from the environment. Outside production every unset
 * variable falls back to the demo value, and a malformed one leaves that part
 * of payments unavailable (503 payment_processing) without stopping the rest
 * of the service. Production never gets here with a problem: loadConfig
 * refuses to start without a complete, real account and webhook key.
 */
function readPaymentFields<F extends PaymentField>(env: Env & { NODE_ENV: Mode }, fields: readonly F[]) {
	const allowDemo = env.NODE_ENV !== 'production';
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

export function paymentSettings(env: Env & { NODE_ENV: Mode }): PaymentSettings {
	const { values, problems, demo } = readPaymentFields(env, ['bankBin', 'bankName', 'accountNumber', 'accountName'] as const);
	return problems.length > 0 ? { ready: false, problems } : { ready: true, ...values, demo };
}

export function webhookKey(env: Env & { NODE_ENV: Mode }): WebhookKey {
	const { values, problems, demo } = readPaymentFields(env, ['webhookSecret'] as const);
	return problems.length > 0 ? { ready: false, problems } : { ready: true, secret: values.webhookSecret, demo };
}

export interface CheckoutConfig {
	guestEnabled: boolean;
	qrOrderTtlMs: number;
	cashOrderTtlMs: number;
	orderAccessTtlMs: number;
	idempotencyKeyTtlMs: number;
	/** Per user (or guest IP) and minute. */
	createRateLimit: number;
	promoRateLimit: number;
	downloadTokenTtlMs: number;
	downloadUrlTtlSeconds: number;
	/** Per IP and minute. */
	downloadRateLimit: number;
}

export interface SocialProviderConfig {
	clientId: string;
	clientSecret: string;
	/** Discovered at first use; undefined = Google's fixed endpoints. */
	issuer: string | undefined;
	label: string;
}

/** Zalo is plain OAuth 2 (no OpenID Connect): its own endpoints, no ID token, no email. */
export interface ZaloConfig {
	appId: string;
	appSecret: string;
	/** Serves /v4/permission and /v4/access_token. */
	oauthUrl: string;
	/** Serves /v2.0/me. */
	graphUrl: string;
	label: string;
}

export interface SocialConfig {
	google?: SocialProviderConfig;
	oidc?: SocialProviderConfig & { issuer: string };
	zalo?: ZaloConfig;
	/** Plain-http issuers are accepted outside production only (the tests' server). */
	allowInsecureIssuers: boolean;
}

export interface Config {
	env: Mode;
	/** What the operator sees (first log line, /api/health detail): the embedded demo, tests, or production. */
	mode: 'demo' | 'test' | 'production';
	isProduction: boolean;
	/** Development: request ids in bodies, per-check health detail. */
	isDevelopment: boolean;
	port: number;
	host: string;
	origin: string;
	dataDir: string;
	databaseUrl: string | undefined;
	/** HTTP worker processes (node:cluster); 1 = this process serves. */
	webConcurrency: number;
	/** Null when NODE_OPTIONS already sets the limit (the workers inherit it). */
	workerHeapMb: number | null;
	databasePoolMax: number;
	databaseTimeoutMs: number;
	pgliteDir: string;
	migrationsDir: string;
	secrets: Secrets;
	trustProxy: boolean;
	bodyLimitBytes: number;
	/** An API call that takes longer answers 503 instead of hanging (e.g. a black-holed database). */
	requestTimeoutMs: number;
	databaseStatementTimeoutMs: number;
	healthCheckTimeoutMs: number;
	/** Lets internal callers see per-check health detail outside development. */
	healthToken: string | undefined;
	/** Bearer token a Prometheus scraper sends to /metrics; undefined → no metrics endpoint at all. */
	metricsToken: string | undefined;
	logLevel: Env['LOG_LEVEL'];
	seedOnEmpty: boolean;
	/** Size and PRNG seed of the demo catalog seeded into an empty database. */
	seedProducts: number;
	seedValue: number;
	rateLimit: RateLimitConfig;
	testHooks: boolean;
	/** How long a shutdown waits for request handlers still running (../http/in-flight.ts), and a worker for its preview jobs. */
	shutdownTimeoutMs: number;
	/** Whether this process runs background jobs and previews (JOBS). */
	jobs: boolean;
	/** Tests only: the first seed waits for a release, so "still preparing" can be observed without racing. */
	testHoldStartup: boolean;
	mail: {
		smtpUrl: string | undefined;
		from: string;
	};
	/** Enabled social sign-in providers (ADR 019); a missing key is a provider that is off. */
	social: SocialConfig;
	authLimits: {
		windowMs: number;
		perEmail: number;
		perIp: number;
		mailPerEmail: number;
		mailPerIp: number;
		/** Sign-up answers that reveal a registered address, per IP and window (ADR 005). */
		signUpTakenPerIp: number;
		signUpTakenWindowMs: number;
	};
	storage: StorageConfig;
	music: MusicConfig;
	payment: PaymentSettings;
	paymentWebhook: WebhookKey;
	/** How often expired payment intents are swept. */
	paymentSweepIntervalMs: number;
	notify: {
		/** At most one digest mail per person per this many minutes. */
		digestMinutes: number;
		/** How often the notification mail job runs. */
		mailIntervalMs: number;
	};
	live: {
		/** A comment line on every open stream this often, so proxies keep it and clients notice a dead one. */
		heartbeatMs: number;
		/** The `retry:` advice: how long a browser waits before it reconnects. */
		retryMs: number;
		/** How long events stay resumable with Last-Event-ID. */
		retentionMs: number;
		/** How often events older than that are deleted. */
		pruneIntervalMs: number;
	};
	/** Banking apps the payment page offers to open, and the deep-link service that opens them. */
	paymentBankApps: BankApp[];
	paymentDeepLinkBase: string;
	/** Most products one account may save as "Yêu thích". */
	wishlistMaxItems: number;
	/** Most products one cart may hold (and pay for at once). */
	cartMaxLines: number;
	/** Cart reads and changes per account (or guest IP) and minute. */
	cartRateLimit: number;
	/** The seller printed on receipts. */
	receiptSeller: { name: string; address: string | null; taxCode: string | null };
	topupOrderTtlMs: number;
	/** The most a wallet may hold (main + bonus) through top-ups and gift codes. */
	walletMaxBalanceVnd: bigint;
	/** Per user and minute. */
	topupOrderRateLimit: number;
	topupPromoRateLimit: number;
	/** Failed gift-code redemptions allowed per user in the window. */
	giftcodeFailureLimit: number;
	/** Failed gift-code redemptions allowed per IP in the window, across accounts. */
	giftcodeFailureIpLimit: number;
	/** Reports per hour: per account (or IP when signed out), and per IP. */
	reportRateLimit: number;
	reportRateLimitIp: number;
	/** Support requests per hour, per account (or per IP when signed out), and per IP. */
	supportRateLimit: number;
	supportRateLimitIp: number;
	/** New conversations per hour and messages per minute, per account and per IP. */
	conversations: { startPerHour: number; startPerHourIp: number; messagesPerMinute: number; messagesPerMinuteIp: number; attachmentMaxBytes: number };
	giftcodeFailureWindowMs: number;
	checkout: CheckoutConfig;
	uploads: { maxFileBytes: number; maxImageBytes: number; urlTtlSeconds: number; multipartThresholdBytes: number; partBytes: number };
	studioQuotas: {
		uploadSlotsPerHour: number;
		pendingBytesPerAuthor: number;
		storedBytesPerAuthor: number;
		unattachedTtlHours: number;
		inReviewPerAuthor: number;
	};
	/** Whole percent of a sale owed to its author (payouts and the author's statement). */
	authorRevenueSharePercent: number;
	/** Hours after a payout-details change during which recording a payout needs a second confirmation (0: never). */
	payoutDetailsCooldownHours: number;
	previews: PreviewConfig;
	searchCache: { ttlMs: number; maxEntries: number };
	searchIndex: boolean;
	/** In-process catalog cache (catalog/memory-cache.ts) and HTTP caching of anonymous catalog reads. */
	catalogCache: { maxEntries: number; responseBytes: number; httpMaxAgeSeconds: number; httpStaleWhileRevalidateSeconds: number };
}

export interface PreviewConfig {
	concurrency: number;
	pages: number;
	clipSeconds: number;
	/** Limits of each tool run (previews/sandbox.ts). */
	sandbox: { timeoutMs: number; killGraceMs: number; cpuSeconds: number; memoryBytes: number; outputFileBytes: number; openFiles: number };
	/** Checked from the file's metadata before any rendering. */
	maxPages: number;
	maxDurationSeconds: number;
	maxPixels: number;
	maxUnpackedBytes: number;
	maxAttempts: number;
	leaseMs: number;
	pollMs: number;
	tools: { pdftoppm: string; pdfinfo: string; ffmpeg: string; ffprobe: string; soffice: string };
	fontFile: string;
}

export interface RateLimitConfig {
	/** Shared store: real Redis (self-hosted, CI) or Upstash REST (production); neither → in-process. */
	redisUrl: string | undefined;
	upstash: { url: string; token: string } | undefined;
	/** Prepended to every store key, so deployments and test runs sharing a Redis never collide. */
	prefix: string;
	/** A store call slower than this counts as a store failure (the policy's fallback applies). */
	storeTimeoutMs: number;
	/** 30 searches per minute per client IP (docs/api.md#limits). */
	search: { limit: number; windowMs: number };
	/** Circuit breaker around the shared store. */
	breaker: { failureThreshold: number; openMs: number };
}

export class ConfigError extends Error {
	override name = 'ConfigError';
}

/**
 * adapter-node's BODY_SIZE_LIMIT, parsed as it parses it (bytes with an
 * optional K/M/G suffix, 512K when unset). It bounds every request body the
 * app sees, so the file-system store cuts uploads into parts no larger.
 */
export function adapterBodyLimit(value: string | undefined): number {
	const raw = value ?? '512K';
	const multiplier = ({ K: 1024, M: 1024 ** 2, G: 1024 ** 3 } as Record<string, number>)[raw.at(-1)?.toUpperCase() ?? ''];
	const bytes = multiplier ? Number(raw.slice(0, -1)) * multiplier : Number(raw);
	if (!Number.isFinite(bytes) && bytes !== Infinity) throw new ConfigError(`BODY_SIZE_LIMIT=${raw} is not a size (bytes, or with K, M or G).`);
	return bytes > 0 ? bytes : Infinity;
}

function formatIssues(error: z.ZodError): string {
	return error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
}

/** Development secrets: random, generated once, stored under the data directory. */
function loadOrCreateDevSecrets(dataDir: string): Secrets {
	const file = join(dataDir, 'dev-secrets.json');
	if (existsSync(file)) {
		const parsed = z
			.object({ authSecret: secret, signingSecret: secret })
			.safeParse(JSON.parse(readFileSync(file, 'utf8')));
		if (parsed.success) return parsed.data;
	}
	const fresh: Secrets = {
		authSecret: randomBytes(32).toString('base64url'),
		signingSecret: randomBytes(32).toString('base64url')
	};
	mkdirSync(dataDir, { recursive: true });
	writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
	return fresh;
}

type Source = Record<string, string | undefined>;

/** The server's rule: an unset NODE_ENV is production, so a bare `node build` can never run on demo keys. */
let modeWhenUnset: (source: Source) => Mode = () => 'production';

/**
 * The tsx tools (`npm run ops`, `seed`, `db:migrate`) call this first: with
 * NODE_ENV unset they follow the database — none configured means the
 * embedded demo database (demo mode), a DATABASE_URL means production.
 */
export function useToolDefaults(): void {
	modeWhenUnset = (source) => (source.DATABASE_URL ? 'production' : 'development');
	cached = undefined;
}

/** Back to the server's rule (tests of both rules in one process). */
export function resetDefaultMode(): void {
	modeWhenUnset = () => 'production';
	cached = undefined;
}

function resolveMode(source: Source): Mode {
	const raw = source.NODE_ENV;
	if (raw === undefined || raw === '') return modeWhenUnset(source);
	return raw === 'production' || raw === 'test' || raw === 'development' ? raw : 'production';
}

const PRODUCTION_REQUIRED = ['AUTH_SECRET', 'SIGNING_SECRET', 'ORIGIN'] as const;

/**
 * Everything production refuses, found in one pass so the operator fixes it
 * all at once: missing secrets and ORIGIN, a missing, malformed or demo bank
 * account or webhook key, test hooks.
 */
function productionProblems(source: Source): string[] {
	const missing: string[] = PRODUCTION_REQUIRED.filter((name) => !source[name]);
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
	if (bool.safeParse(source.TEST_HOOKS).data === true) other.push('TEST_HOOKS must never be enabled in production');
	return [...(missing.length > 0 ? [`missing: ${missing.join(', ')}`] : []), ...other];
}

function refuseProduction(problems: string[]): never {
	throw new ConfigError(
		`Production start-up refused (NODE_ENV is production or unset; for the local demo run \`npm start\` or set NODE_ENV=development):\n` +
			problems.map((p) => `  - ${p}`).join('\n') +
			'\nSecrets need at least 32 random characters, e.g. `openssl rand -base64 32`; the bank account is the one VietQR codes pay into.'
	);
}

/**
 * How many HTTP workers to fork. Several workers need what several instances
 * need: PostgreSQL (PGlite allows one process per data directory) and a shared
 * rate-limit store (each worker's in-process counters would multiply every
 * limit by N). Unset, production uses every core when both are configured and
 * one worker otherwise (docs/decisions/007-web-concurrency.md); the demo and
 * tests use one.
 */
export function resolveWebConcurrency(
	requested: number | undefined,
	setup: { production: boolean; postgres: boolean; sharedRateLimitStore: boolean }
): number {
	const canCluster = setup.postgres && setup.sharedRateLimitStore;
	if (requested === undefined) return setup.production && canCluster ? availableParallelism() : 1;
	if (requested > 1 && !setup.postgres) {
		throw new ConfigError(
			`WEB_CONCURRENCY=${requested} needs DATABASE_URL: the embedded database (PGlite) allows one process. Set DATABASE_URL or WEB_CONCURRENCY=1.`
		);
	}
	if (requested > 1 && !setup.sharedRateLimitStore) {
		throw new ConfigError(
			`WEB_CONCURRENCY=${requested} needs a shared rate-limit store (REDIS_URL or UPSTASH_REDIS_REST_URL): in-process counters would let each worker grant the whole limit. Set one, or WEB_CONCURRENCY=1.`
		);
	}
	return requested;
}

/** Each provider is on only with its id and secret; half a pair is a mistake worth stopping for. */
function socialConfig(env: Env, isProduction: boolean): SocialConfig {
	const pair = (name: string, id: string | undefined, secret: string | undefined) => {
		if (Boolean(id) !== Boolean(secret)) throw new ConfigError(`Set both ${name}_CLIENT_ID and ${name}_CLIENT_SECRET, or neither.`);
		return id && secret ? { clientId: id, clientSecret: secret } : undefined;
	};
	const google = pair('GOOGLE', env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET);
	const oidc = pair('OIDC', env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET);
	if (oidc && !env.OIDC_ISSUER) throw new ConfigError('OIDC_CLIENT_ID is set but OIDC_ISSUER is not: set the issuer URL of the identity provider.');
	if (isProduction && env.GOOGLE_ISSUER) throw new ConfigError('GOOGLE_ISSUER is for tests only and is refused in production.');
	for (const [name, url] of [['OIDC_ISSUER', env.OIDC_ISSUER], ['GOOGLE_ISSUER', env.GOOGLE_ISSUER]] as const) {
		if (isProduction && url && !url.startsWith('https://')) throw new ConfigError(`${name} must be an https:// URL in production.`);
	}
	if (Boolean(env.ZALO_APP_ID) !== Boolean(env.ZALO_APP_SECRET)) throw new ConfigError('Set both ZALO_APP_ID and ZALO_APP_SECRET, or neither.');
	if (isProduction && (env.ZALO_OAUTH_URL || env.ZALO_GRAPH_URL)) throw new ConfigError('ZALO_OAUTH_URL and ZALO_GRAPH_URL are for tests only and are refused in production.');
	const zalo: ZaloConfig | undefined =
		env.ZALO_APP_ID && env.ZALO_APP_SECRET
			? {
					appId: env.ZALO_APP_ID,
					appSecret: env.ZALO_APP_SECRET,
					oauthUrl: (env.ZALO_OAUTH_URL ?? 'https://oauth.zaloapp.com').replace(/\/+$/, ''),
					graphUrl: (env.ZALO_GRAPH_URL ?? 'https://graph.zalo.me').replace(/\/+$/, ''),
					label: 'Zalo'
				}
			: undefined;
	return {
		google: google ? { ...google, issuer: env.GOOGLE_ISSUER, label: 'Google' } : undefined,
		oidc: oidc && env.OIDC_ISSUER ? { ...oidc, issuer: env.OIDC_ISSUER, label: env.OIDC_LABEL } : undefined,
		zalo,
		allowInsecureIssuers: !isProduction
	};
}

export function loadConfig(source: Source = process.env): Config {
	const mode = resolveMode(source);
	const parsed = envSchema.safeParse(source);
	const refusals = mode === 'production' ? productionProblems(source) : [];
	if (!parsed.success) {
		const extra = refusals.length > 0 ? `\nProduction also needs:\n${refusals.map((p) => `  - ${p}`).join('\n')}` : '';
		throw new ConfigError(`Invalid configuration:\n${formatIssues(parsed.error)}${extra}`);
	}
	if (refusals.length > 0) refuseProduction(refusals);
	const env = { ...parsed.data, NODE_ENV: mode };
	const isProduction = mode === 'production';
	const dataDir = resolve(env.DATA_DIR);

	if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
		throw new ConfigError('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (default AWS credential chain).');
	}
	if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
		throw new ConfigError('S3_* variables are set but S3_BUCKET is not: set S3_BUCKET to use S3 storage.');
	}
	const storage: StorageConfig = env.S3_BUCKET
		? {
				kind: 's3',
				bucket: env.S3_BUCKET,
				endpoint: env.S3_ENDPOINT,
				region: env.S3_REGION,
				credentials: env.S3_ACCESS_KEY_ID
					? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! }
					: undefined,
				forcePathStyle: env.S3_FORCE_PATH_STYLE,
				timeoutMs: env.S3_TIMEOUT_MS
			}
		: { kind: 'fs', dir: join(dataDir, 'files'), maxPutBytes: adapterBodyLimit(env.BODY_SIZE_LIMIT) };
	if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
		throw new ConfigError('Set both UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, or neither.');
	}
	if (env.UPSTASH_REDIS_REST_URL && env.REDIS_URL) {
		throw new ConfigError('Choose one rate-limit store: REDIS_URL or UPSTASH_REDIS_REST_URL, not both.');
	}

	const dev = isProduction ? undefined : loadOrCreateDevSecrets(dataDir);
	const secrets: Secrets = {
		authSecret: env.AUTH_SECRET ?? dev!.authSecret,
		signingSecret: env.SIGNING_SECRET ?? dev!.signingSecret
	};

	const origin = (env.ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
	const social = socialConfig(env, isProduction);

	return {
		env: env.NODE_ENV,
		mode: env.NODE_ENV === 'development' ? 'demo' : env.NODE_ENV,
		isProduction,
		isDevelopment: env.NODE_ENV === 'development',
		port: env.PORT,
		host: env.HOST,
		origin,
		dataDir,
		databaseUrl: env.DATABASE_URL,
		webConcurrency: resolveWebConcurrency(env.WEB_CONCURRENCY, {
			production: isProduction,
			postgres: Boolean(env.DATABASE_URL),
			sharedRateLimitStore: Boolean(env.REDIS_URL || env.UPSTASH_REDIS_REST_URL)
		}),
		workerHeapMb: /--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '') ? null : env.WORKER_HEAP_MB,
		databasePoolMax: env.DATABASE_POOL_MAX,
		databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
		pgliteDir: join(dataDir, 'pglite'),
		migrationsDir: resolve(env.MIGRATIONS_DIR),
		secrets,
		trustProxy: env.TRUST_PROXY,
		bodyLimitBytes: env.BODY_LIMIT_BYTES,
		requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
		databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
		healthCheckTimeoutMs: env.HEALTH_CHECK_TIMEOUT_MS,
		healthToken: env.HEALTH_TOKEN,
		metricsToken: env.METRICS_TOKEN,
		logLevel: env.LOG_LEVEL,
		// Embedded database: seed a demo catalog on first start unless told otherwise.
		seedOnEmpty: env.SEED_ON_EMPTY ?? !env.DATABASE_URL,
		seedProducts: env.SEED_PRODUCTS,
		seedValue: env.SEED_VALUE,
		rateLimit: {
			redisUrl: env.REDIS_URL,
			upstash:
				env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN
					? { url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN }
					: undefined,
			prefix: env.RATE_LIMIT_PREFIX,
			storeTimeoutMs: env.RATE_LIMIT_STORE_TIMEOUT_MS,
			search: { limit: env.RATE_LIMIT_SEARCH_MAX, windowMs: env.RATE_LIMIT_SEARCH_WINDOW_SECONDS * 1000 },
			breaker: { failureThreshold: env.RATE_LIMIT_BREAKER_FAILURES, openMs: env.RATE_LIMIT_BREAKER_OPEN_SECONDS * 1000 }
		},
		searchCache: { ttlMs: env.SEARCH_CACHE_SECONDS * 1000, maxEntries: env.SEARCH_CACHE_ENTRIES },
		searchIndex: env.SEARCH_INDEX,
		catalogCache: {
			maxEntries: env.CATALOG_CACHE_ENTRIES,
			responseBytes: env.RESPONSE_CACHE_MB * 1024 * 1024,
			httpMaxAgeSeconds: env.CATALOG_HTTP_MAX_AGE,
			httpStaleWhileRevalidateSeconds: env.CATALOG_HTTP_STALE_WHILE_REVALIDATE
		},
		testHooks: env.TEST_HOOKS,
		shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
		jobs: env.JOBS === 'on',
		testHoldStartup: env.TEST_HOOKS && env.TEST_HOLD_STARTUP,
		mail: {
			smtpUrl: env.SMTP_URL,
			from: env.MAIL_FROM ?? `hoclieu <no-reply@${new URL(origin).hostname}>`
		},
		social,
		authLimits: {
			windowMs: env.AUTH_RATE_WINDOW_SECONDS * 1000,
			perEmail: env.AUTH_RATE_PER_EMAIL,
			perIp: env.AUTH_RATE_PER_IP,
			mailPerEmail: env.AUTH_MAIL_PER_EMAIL,
			mailPerIp: env.AUTH_MAIL_PER_IP,
			signUpTakenPerIp: env.SIGNUP_TAKEN_PER_IP,
			signUpTakenWindowMs: env.SIGNUP_TAKEN_WINDOW_SECONDS * 1000
		},
		storage,
		music: {
			enabled: env.MUSIC_ENABLED,
			freeMonthlyLimit: env.MUSIC_FREE_MONTHLY_LIMIT,
			urlTtlSeconds: env.MUSIC_URL_TTL_SECONDS,
			downloadRatePerMinute: env.MUSIC_DOWNLOAD_RATE_PER_MINUTE
		},
		payment: paymentSettings(env),
		paymentWebhook: webhookKey(env),
		paymentSweepIntervalMs: env.PAYMENT_SWEEP_INTERVAL_MS,
		notify: { digestMinutes: env.NOTIFY_DIGEST_MINUTES, mailIntervalMs: env.NOTIFY_MAIL_INTERVAL_MS },
		live: {
			heartbeatMs: env.LIVE_HEARTBEAT_MS,
			retryMs: env.LIVE_RETRY_MS,
			retentionMs: env.LIVE_RETENTION_HOURS * 3_600_000,
			pruneIntervalMs: env.LIVE_PRUNE_INTERVAL_MS
		},
		paymentBankApps: env.PAYMENT_BANK_APPS,
		paymentDeepLinkBase: env.PAYMENT_DEEPLINK_BASE,
		wishlistMaxItems: env.WISHLIST_MAX_ITEMS,
		cartMaxLines: env.CART_MAX_LINES,
		cartRateLimit: env.CART_RATE_LIMIT,
		receiptSeller: { name: env.RECEIPT_SELLER_NAME, address: env.RECEIPT_SELLER_ADDRESS ?? null, taxCode: env.RECEIPT_SELLER_TAX_CODE ?? null },
		topupOrderTtlMs: env.TOPUP_ORDER_TTL_MINUTES * 60_000,
		walletMaxBalanceVnd: env.WALLET_MAX_BALANCE_VND,
		topupOrderRateLimit: env.TOPUP_ORDER_RATE_LIMIT,
		topupPromoRateLimit: env.TOPUP_PROMO_RATE_LIMIT,
		giftcodeFailureLimit: env.GIFTCODE_FAILURE_LIMIT,
		giftcodeFailureIpLimit: env.GIFTCODE_FAILURE_IP_LIMIT,
		reportRateLimit: env.REPORT_RATE_LIMIT,
		reportRateLimitIp: env.REPORT_RATE_LIMIT_IP,
		supportRateLimit: env.SUPPORT_RATE_LIMIT,
		supportRateLimitIp: env.SUPPORT_RATE_LIMIT_IP,
		conversations: {
			startPerHour: env.CONVERSATION_RATE_LIMIT,
			startPerHourIp: env.CONVERSATION_RATE_LIMIT_IP,
			messagesPerMinute: env.MESSAGE_RATE_LIMIT,
			messagesPerMinuteIp: env.MESSAGE_RATE_LIMIT_IP,
			attachmentMaxBytes: env.MESSAGE_ATTACHMENT_MAX_BYTES
		},
		giftcodeFailureWindowMs: env.GIFTCODE_FAILURE_WINDOW_MINUTES * 60_000,
		uploads: {
			maxFileBytes: env.UPLOAD_MAX_FILE_BYTES,
			maxImageBytes: env.UPLOAD_MAX_IMAGE_BYTES,
			urlTtlSeconds: env.UPLOAD_URL_TTL_SECONDS,
			multipartThresholdBytes: env.UPLOAD_MULTIPART_THRESHOLD_BYTES,
			partBytes: env.UPLOAD_PART_BYTES
		},
		studioQuotas: {
			uploadSlotsPerHour: env.UPLOAD_SLOTS_PER_HOUR,
			pendingBytesPerAuthor: env.UPLOAD_PENDING_BYTES_PER_AUTHOR,
			storedBytesPerAuthor: env.UPLOAD_STORED_BYTES_PER_AUTHOR,
			unattachedTtlHours: env.UPLOAD_UNATTACHED_TTL_HOURS,
			inReviewPerAuthor: env.STUDIO_IN_REVIEW_PER_AUTHOR
		},
		authorRevenueSharePercent: env.AUTHOR_REVENUE_SHARE_PERCENT,
		payoutDetailsCooldownHours: env.PAYOUT_DETAILS_COOLDOWN_HOURS,
		previews: {
			concurrency: env.PREVIEW_CONCURRENCY,
			pages: env.PREVIEW_PAGES,
			clipSeconds: env.PREVIEW_CLIP_SECONDS,
			sandbox: {
				timeoutMs: env.PREVIEW_TOOL_TIMEOUT_MS,
				killGraceMs: env.PREVIEW_KILL_GRACE_MS,
				cpuSeconds: env.PREVIEW_TOOL_CPU_SECONDS,
				memoryBytes: env.PREVIEW_TOOL_MEMORY_MB * 1024 ** 2,
				outputFileBytes: env.PREVIEW_TOOL_OUTPUT_MB * 1024 ** 2,
				openFiles: env.PREVIEW_TOOL_OPEN_FILES
			},
			maxPages: env.PREVIEW_MAX_PAGES,
			maxDurationSeconds: env.PREVIEW_MAX_DURATION_SECONDS,
			maxPixels: env.PREVIEW_MAX_PIXELS,
			maxUnpackedBytes: env.PREVIEW_MAX_UNPACKED_MB * 1024 ** 2,
			maxAttempts: env.PREVIEW_MAX_ATTEMPTS,
			leaseMs: env.PREVIEW_LEASE_SECONDS * 1000,
			pollMs: env.PREVIEW_POLL_MS,
			tools: {
				pdftoppm: env.PREVIEW_PDFTOPPM_PATH,
				pdfinfo: env.PREVIEW_PDFINFO_PATH,
				ffmpeg: env.PREVIEW_FFMPEG_PATH,
				ffprobe: env.PREVIEW_FFPROBE_PATH,
				soffice: env.PREVIEW_SOFFICE_PATH
			},
			fontFile: env.PREVIEW_FONT_FILE
		},
		checkout: {
			guestEnabled: env.GUEST_CHECKOUT_ENABLED,
			qrOrderTtlMs: env.CHECKOUT_ORDER_TTL_MINUTES * 60_000,
			cashOrderTtlMs: env.CASH_ORDER_TTL_HOURS * 3_600_000,
			orderAccessTtlMs: env.ORDER_ACCESS_TTL_MINUTES * 60_000,
			idempotencyKeyTtlMs: env.IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000,
			createRateLimit: env.CHECKOUT_RATE_LIMIT,
			promoRateLimit: env.CHECKOUT_PROMO_RATE_LIMIT,
			downloadTokenTtlMs: env.DOWNLOAD_TOKEN_TTL_HOURS * 3_600_000,
			downloadUrlTtlSeconds: env.DOWNLOAD_URL_TTL_SECONDS,
			downloadRateLimit: env.DOWNLOAD_TOKEN_RATE_LIMIT
		}
	};
}

/**
 * The environment a preview tool runs in (previews/tools.ts): this process's own (PATH,
 * locale), passed through untouched, with HOME replaced when the tool needs a directory of its
 * own (LibreOffice writes its profile there). Read here, where every other variable is read.
 */
export function toolEnvironment(home?: string): NodeJS.ProcessEnv {
	return home ? { ...process.env, HOME: home } : process.env;
}

let cached: Config | undefined;

/** The process-wide configuration, validated on first use. */
export function config(): Config {
	cached ??= loadConfig();
	return cached;
}
