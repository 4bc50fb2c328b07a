/**
 * The demo account the README's examples sign in as: created with the demo
 * catalog, in demo mode only (`npm start`, NODE_ENV=development), never in
 * production or test. Its starting balance goes through the wallet service,
 * so the ledger explains every đồng of it.
 */
import { db } from './db/client';
import { users } from './db/schema';
import { hashPassword } from './auth/password';
import { config } from './config';
import { now } from './platform/clock';
import { credit } from './wallet/service';

export const DEMO_ACCOUNT = {
	email: 'co.lan@example.vn',
	password: 'một câu mật khẩu dài',
	name: 'Cô Lan (tài khoản demo)',
	balanceVnd: 500_000n
} as const;

/** Idempotent: an existing account (any password, any balance) is left alone. */
export async function seedDemoAccount(): Promise<boolean> {
	if (config().mode !== 'demo') return false;
	const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
	return db().transaction(async (tx) => {
		const [user] = await tx
			.insert(users)
			.values({ email: DEMO_ACCOUNT.email, name: DEMO_ACCOUNT.name, passwordHash, emailVerifiedAt: now() })
			.onConflictDoNothing()
			.returning({ id: users.id });
		if (!user) return false;
		await credit(tx, {
			userId: user.id,
			pocket: 'main',
			amount: DEMO_ACCOUNT.balanceVnd,
			entryType: 'ADJUSTMENT',
			refType: 'demo_seed',
			refId: null,
			note: 'Số dư demo để thử mua học liệu (chỉ có ở bản demo).'
		});
		return true;
	});
}
