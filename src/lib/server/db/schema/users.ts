import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A staff member may also author; `author` sells, `customer` only buys (docs/architecture.md#supply-side). */
export const userRoles = ['customer', 'author', 'staff'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
	'users',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		/** Stored already normalised (trimmed, NFC, lower-case) by the auth service. */
		email: text('email').notNull(),
		name: text('name'),
		passwordHash: text('password_hash'),
		emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
		role: text('role', { enum: userRoles }).notNull().default('customer'),
		isVip: boolean('is_vip').notNull().default(false),
		vipUntil: timestamp('vip_until', { withTimezone: true }),
		/** Set by staff: the account can no longer sign in and its sessions are gone. */
		disabledAt: timestamp('disabled_at', { withTimezone: true }),
		/**
		 * Set when staff take the author role away: the studio application then
		 * answers 403 instead of making the account an author again, until staff
		 * clear it (both audited, admin/users.ts).
		 */
		authorReapplyBlockedAt: timestamp('author_reapply_blocked_at', { withTimezone: true }),
		/** Printed on receipts as the buyer's unit ("Đơn vị") and its tax code (10 digits, or 10-3 for a branch). */
		schoolName: text('school_name'),
		taxCode: text('tax_code'),
		/**
		 * The owner deleted the account: personal data is gone (the email is a
		 * non-routable placeholder) while orders, payments and the ledger stay.
		 */
		deletedAt: timestamp('deleted_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
		check('users_role_known', sql`${t.role} IN ('customer', 'author', 'staff')`),
		check('users_tax_code_format', sql`${t.taxCode} IS NULL OR ${t.taxCode} ~ '^[0-9]{10}(-[0-9]{3})?$'`),
		check(
			'users_deleted_anonymised',
			sql`${t.deletedAt} IS NULL OR (${t.passwordHash} IS NULL AND ${t.name} IS NULL AND ${t.schoolName} IS NULL AND ${t.taxCode} IS NULL AND ${t.disabledAt} IS NOT NULL)`
		)
	]
);

/** The Lucia pattern (docs/architecture.md#sessions): the row key is the SHA-256 of the cookie token. */
export const sessions = pgTable(
	'sessions',
	{
		id: text('id').primaryKey(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
		userAgent: text('user_agent'),
		ip: text('ip')
	},
	(t) => [index('sessions_user_id_idx').on(t.userId)]
);

// `add_email`: the code that adds an address to an account without one (account/add-email.ts).
// `email_verify_*`: the code and link of the sign-up mail and "Gửi lại mã xác minh" (auth/email-verification.ts).
export const authTokenPurposes = ['sign_in_otp', 'magic_link', 'password_reset', 'email_verify_code', 'email_verify_link', 'add_email'] as const;
export type AuthTokenPurpose = (typeof authTokenPurposes)[number];

/**
 * Single-use secrets sent by email (docs/architecture.md#sessions): sign-in codes, magic
 * links and password resets. Only a hash is stored. Codes and links may be
 * issued to an address that has no account yet (it is created on successful
 * verification), so the row is keyed by the normalised email; `userId` is set
 * when the account already existed.
 */
export const authTokens = pgTable(
	'auth_tokens',
	{
		id: uuid('id').primaryKey(),
		purpose: text('purpose', { enum: authTokenPurposes }).notNull(),
		email: text('email').notNull(),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		tokenHash: text('token_hash').notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		/** Wrong guesses so far (sign-in codes); the code is burnt at the limit. */
		attempts: integer('attempts').notNull().default(0),
		usedAt: timestamp('used_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
		index('auth_tokens_email_purpose_idx').on(t.email, t.purpose),
		check('auth_tokens_attempts_nonneg', sql`${t.attempts} >= 0`)
	]
);

/** The identity providers social sign-in knows (ADR 019); each is enabled only when configured. */
export const socialProviders = ['google', 'zalo', 'oidc'] as const;
export type SocialProvider = (typeof socialProviders)[number];

/**
 * An account's identity at an external provider (ADR 019): who the provider
 * says this is (`subject`, stable per provider) and the address it vouched
 * for when last seen. One identity belongs to one account; an account may
 * hold one per provider.
 */
export const providerIdentities = pgTable(
	'provider_identities',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		provider: text('provider', { enum: socialProviders }).notNull(),
		subject: text('subject').notNull(),
		email: text('email'),
		emailVerified: boolean('email_verified').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [
		uniqueIndex('provider_identities_provider_subject_key').on(t.provider, t.subject),
		uniqueIndex('provider_identities_user_provider_key').on(t.userId, t.provider),
		check('provider_identities_provider_known', sql`${t.provider} IN ('google', 'zalo', 'oidc')`)
	]
);

/**
 * A social sign-in between the redirect to the provider and its return: the
 * PKCE verifier and nonce stay here, keyed by SHA-256 of the `state` the
 * browser carries, and the row is deleted when the callback uses it, so a
 * callback replayed with the same state finds nothing.
 */
export const oauthFlows = pgTable(
	'oauth_flows',
	{
		stateHash: text('state_hash').primaryKey(),
		provider: text('provider', { enum: socialProviders }).notNull(),
		codeVerifier: text('code_verifier').notNull(),
		nonce: text('nonce').notNull(),
		callbackUrl: text('callback_url').notNull(),
		/** Set when a signed-in person links a provider from their account page. */
		linkUserId: uuid('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
	},
	(t) => [index('oauth_flows_expires_at_idx').on(t.expiresAt)]
);
