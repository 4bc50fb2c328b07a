import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { z } from 'zod';

const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");
const positiveInt = z.coerce.number().int().positive();
const secret = z.string().min(32, "must be at least 32 characters");
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3e3),
  HOST: z.string().default("0.0.0.0"),
  ORIGIN: z.url().optional(),
  DATA_DIR: z.string().default(".data"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional(),
  DATABASE_POOL_MAX: positiveInt.default(10),
  DATABASE_TIMEOUT_MS: positiveInt.default(5e3),
  MIGRATIONS_DIR: z.string().default("drizzle"),
  AUTH_SECRET: secret.optional(),
  SIGNING_SECRET: secret.optional(),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: positiveInt.default(64 * 1024),
  REQUEST_TIMEOUT_MS: positiveInt.default(1e4),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.default(5e3),
  HEALTH_CHECK_TIMEOUT_MS: positiveInt.default(1e3),
  HEALTH_TOKEN: secret.optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SEED_ON_EMPTY: bool.optional(),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1e6).default(240),
  SEED_VALUE: z.coerce.number().int().default(20260901),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL").optional(),
  UPSTASH_REDIS_REST_URL: z.url().optional(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
  RATE_LIMIT_PREFIX: z.string().min(1).max(100).default("hoclieu:rl:"),
  RATE_LIMIT_STORE_TIMEOUT_MS: positiveInt.default(500),
  RATE_LIMIT_SEARCH_MAX: positiveInt.default(30),
  RATE_LIMIT_SEARCH_WINDOW_SECONDS: positiveInt.default(60),
  /** How long a search's hits may be reused while the catalog is unchanged; 0 turns the cache off. */
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SEARCH_CACHE_ENTRIES: positiveInt.max(1e5).default(2e3),
  TEST_HOOKS: bool.default(false),
  /** Outgoing mail (sign-in codes, links, resets); unset = delivery suppressed and logged. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  /** Sender address, e.g. `hoclieu <no-reply@hoclieu.vn>`; defaults to no-reply@<ORIGIN host>. */
  MAIL_FROM: z.string().min(3).optional(),
  /** Brute-force limits of the auth flows (sign-in, codes, links, resets), one window for all. */
  AUTH_RATE_WINDOW_SECONDS: positiveInt.default(15 * 60),
  AUTH_RATE_PER_EMAIL: positiveInt.default(10),
  AUTH_RATE_PER_IP: positiveInt.default(30),
  /** Emails (codes, links, resets) one address or one IP may trigger per window. */
  AUTH_MAIL_PER_EMAIL: positiveInt.default(5),
  AUTH_MAIL_PER_IP: positiveInt.default(20),
  // Object storage (architecture D6): S3_BUCKET set → S3, unset → files under DATA_DIR/files.
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_TIMEOUT_MS: positiveInt.default(5e3),
  // Classroom music (spec 4.17, 4.18).
  MUSIC_ENABLED: bool.default(true),
  MUSIC_FREE_MONTHLY_LIMIT: z.coerce.number().int().min(0).default(10),
  MUSIC_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(7 * 24 * 3600).default(300),
  MUSIC_DOWNLOAD_RATE_PER_MINUTE: positiveInt.default(30),
  // Payments (architecture D7). Read as plain strings and checked by
  // paymentSettings() and webhookKey(): a missing or broken value disables
  // payments (503 payment_processing) instead of stopping the whole service.
  PAYMENT_BANK_BIN: z.string().optional(),
  PAYMENT_BANK_NAME: z.string().optional(),
  PAYMENT_ACCOUNT_NUMBER: z.string().optional(),
  PAYMENT_ACCOUNT_NAME: z.string().optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().optional(),
  PAYMENT_SWEEP_INTERVAL_MS: positiveInt.default(3e4),
  TOPUP_ORDER_TTL_MINUTES: positiveInt.max(24 * 60).default(30),
  WALLET_MAX_BALANCE_VND: z.string().regex(/^[1-9][0-9]{0,14}$/, "must be a positive whole number of VND").default("20000000").transform((v) => BigInt(v)),
  TOPUP_ORDER_RATE_LIMIT: positiveInt.default(10),
  TOPUP_PROMO_RATE_LIMIT: positiveInt.default(20),
  GIFTCODE_FAILURE_LIMIT: positiveInt.default(5),
  GIFTCODE_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
  // Checkout (spec 4.6–4.9, 4.19).
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
  DOWNLOAD_TOKEN_RATE_LIMIT: positiveInt.default(30)
});
const DEMO_PAYMENT_ACCOUNT = {
  bankBin: "970000",
  bankName: "Ngân hàng DEMO",
  accountNumber: "0000000000",
  accountName: "HOCLIEU DEMO",
  webhookSecret: "hoclieu-demo-webhook-secret-never-use-in-production"
};
const paymentFields = {
  bankBin: ["PAYMENT_BANK_BIN", z.string().regex(/^[0-9]{6}$/, "must be the 6-digit NAPAS bank BIN")],
  bankName: ["PAYMENT_BANK_NAME", z.string().trim().min(1).max(60)],
  accountNumber: ["PAYMENT_ACCOUNT_NUMBER", z.string().regex(/^[0-9A-Za-z]{1,19}$/, "must be 1–19 letters or digits")],
  accountName: ["PAYMENT_ACCOUNT_NAME", z.string().trim().min(1).max(60)],
  webhookSecret: ["PAYMENT_WEBHOOK_SECRET", secret]
};
function readPaymentFields(env, fields) {
  const allowDemo = env.NODE_ENV !== "production";
  const problems = [];
  const values = {};
  let demo = false;
  for (const field of fields) {
    const [name, schema] = paymentFields[field];
    const raw = env[name];
    if (raw === void 0 && allowDemo) {
      values[field] = DEMO_PAYMENT_ACCOUNT[field];
      demo = true;
    } else if (raw === void 0) {
      problems.push(`${name} is not set`);
    } else {
      const parsed = schema.safeParse(raw);
      if (parsed.success) values[field] = parsed.data;
      else problems.push(`${name} ${parsed.error.issues[0]?.message ?? "is invalid"}`);
    }
  }
  return { values, problems, demo };
}
function paymentSettings(env) {
  const { values, problems, demo } = readPaymentFields(env, ["bankBin", "bankName", "accountNumber", "accountName"]);
  return problems.length > 0 ? { ready: false, problems } : { ready: true, ...values, demo };
}
function webhookKey(env) {
  const { values, problems, demo } = readPaymentFields(env, ["webhookSecret"]);
  return problems.length > 0 ? { ready: false, problems } : { ready: true, secret: values.webhookSecret, demo };
}
class ConfigError extends Error {
  name = "ConfigError";
}
function formatIssues(error) {
  return error.issues.map((i) => `  - ${i.path.join(".") || "(root)"}: ${i.message}`).join("\n");
}
function loadOrCreateDevSecrets(dataDir) {
  const file = join(dataDir, "dev-secrets.json");
  if (existsSync(file)) {
    const parsed = z.object({ authSecret: secret, signingSecret: secret }).safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (parsed.success) return parsed.data;
  }
  const fresh = {
    authSecret: randomBytes(32).toString("base64url"),
    signingSecret: randomBytes(32).toString("base64url")
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 384 });
  return fresh;
}
function loadConfig(source = process.env) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:
${formatIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const dataDir = resolve(env.DATA_DIR);
  if (isProduction) {
    const missing = [
      !env.AUTH_SECRET && "AUTH_SECRET",
      !env.SIGNING_SECRET && "SIGNING_SECRET",
      !env.ORIGIN && "ORIGIN"
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(
        `Production start-up refused: set ${missing.join(", ")} (secrets: at least 32 random characters, e.g. \`openssl rand -base64 32\`).`
      );
    }
    if (env.TEST_HOOKS) throw new ConfigError("TEST_HOOKS must never be enabled in production.");
  }
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (default AWS credential chain).");
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
    throw new ConfigError("S3_* variables are set but S3_BUCKET is not: set S3_BUCKET to use S3 storage.");
  }
  const storage = env.S3_BUCKET ? {
    kind: "s3",
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    credentials: env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : void 0,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    timeoutMs: env.S3_TIMEOUT_MS
  } : { kind: "fs", dir: join(dataDir, "files") };
  if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
    throw new ConfigError("Set both UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, or neither.");
  }
  if (env.UPSTASH_REDIS_REST_URL && env.REDIS_URL) {
    throw new ConfigError("Choose one rate-limit store: REDIS_URL or UPSTASH_REDIS_REST_URL, not both.");
  }
  const dev = isProduction ? void 0 : loadOrCreateDevSecrets(dataDir);
  const secrets = {
    authSecret: env.AUTH_SECRET ?? dev.authSecret,
    signingSecret: env.SIGNING_SECRET ?? dev.signingSecret
  };
  const origin = (env.ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    isProduction,
    isDevelopment: env.NODE_ENV === "development",
    port: env.PORT,
    host: env.HOST,
    origin,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
    pgliteDir: join(dataDir, "pglite"),
    migrationsDir: resolve(env.MIGRATIONS_DIR),
    secrets,
    trustProxy: env.TRUST_PROXY,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    healthCheckTimeoutMs: env.HEALTH_CHECK_TIMEOUT_MS,
    healthToken: env.HEALTH_TOKEN,
    logLevel: env.LOG_LEVEL,
    // Embedded database: seed a demo catalog on first start unless told otherwise.
    seedOnEmpty: env.SEED_ON_EMPTY ?? !env.DATABASE_URL,
    seedProducts: env.SEED_PRODUCTS,
    seedValue: env.SEED_VALUE,
    rateLimit: {
      redisUrl: env.REDIS_URL,
      upstash: env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN ? { url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN } : void 0,
      prefix: env.RATE_LIMIT_PREFIX,
      storeTimeoutMs: env.RATE_LIMIT_STORE_TIMEOUT_MS,
      search: { limit: env.RATE_LIMIT_SEARCH_MAX, windowMs: env.RATE_LIMIT_SEARCH_WINDOW_SECONDS * 1e3 }
    },
    searchCache: { ttlMs: env.SEARCH_CACHE_SECONDS * 1e3, maxEntries: env.SEARCH_CACHE_ENTRIES },
    testHooks: env.TEST_HOOKS,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `hoclieu <no-reply@${new URL(origin).hostname}>`
    },
    authLimits: {
      windowMs: env.AUTH_RATE_WINDOW_SECONDS * 1e3,
      perEmail: env.AUTH_RATE_PER_EMAIL,
      perIp: env.AUTH_RATE_PER_IP,
      mailPerEmail: env.AUTH_MAIL_PER_EMAIL,
      mailPerIp: env.AUTH_MAIL_PER_IP
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
    topupOrderTtlMs: env.TOPUP_ORDER_TTL_MINUTES * 6e4,
    walletMaxBalanceVnd: env.WALLET_MAX_BALANCE_VND,
    topupOrderRateLimit: env.TOPUP_ORDER_RATE_LIMIT,
    topupPromoRateLimit: env.TOPUP_PROMO_RATE_LIMIT,
    giftcodeFailureLimit: env.GIFTCODE_FAILURE_LIMIT,
    giftcodeFailureWindowMs: env.GIFTCODE_FAILURE_WINDOW_MINUTES * 6e4,
    checkout: {
      guestEnabled: env.GUEST_CHECKOUT_ENABLED,
      qrOrderTtlMs: env.CHECKOUT_ORDER_TTL_MINUTES * 6e4,
      cashOrderTtlMs: env.CASH_ORDER_TTL_HOURS * 36e5,
      orderAccessTtlMs: env.ORDER_ACCESS_TTL_MINUTES * 6e4,
      idempotencyKeyTtlMs: env.IDEMPOTENCY_KEY_TTL_HOURS * 36e5,
      createRateLimit: env.CHECKOUT_RATE_LIMIT,
      promoRateLimit: env.CHECKOUT_PROMO_RATE_LIMIT,
      downloadTokenTtlMs: env.DOWNLOAD_TOKEN_TTL_HOURS * 36e5,
      downloadUrlTtlSeconds: env.DOWNLOAD_URL_TTL_SECONDS,
      downloadRateLimit: env.DOWNLOAD_TOKEN_RATE_LIMIT
    }
  };
}
let cached;
function config() {
  cached ??= loadConfig();
  return cached;
}

export { config as c };
//# sourceMappingURL=config.js-CBoIX22t.js.map
