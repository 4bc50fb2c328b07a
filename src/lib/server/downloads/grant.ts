/**
 * Operator grants (ops CLI `downloads:grant`): give an account a product —
 * a replacement for a lost download, a gift, a school licence — and hand
 * over a download token for it. The ownership row is what the token is
 * checked against, so removing it revokes the token.
 */
import { eq, sql } from 'drizzle-orm';
import { db } from '../db/client';
import { productOwnerships, products, users } from '../db/schema';
import { AppError } from '../errors/app-error';
import { now } from '../platform/clock';
import { downloadPageUrl } from './links';
import { issueDownloadToken } from './tokens';
import { isUuid } from '../db/ids';

export interface Grant {
	userId: string;
	productId: string;
	productTitle: string;
	/** False when the account already owned the product (the token is issued anyway). */
	newlyOwned: boolean;
	token: string;
	url: string;
	expiresAt: Date;
}

export async function grantDownload(email: string, productId: string): Promise<Grant> {
	if (!isUuid(productId)) throw new AppError('validation_error', 'Mã sản phẩm phải là một UUID.');
	const [user] = await db()
		.select({ id: users.id })
		.from(users)
		.where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
	if (!user) throw new AppError('not_found', `Không có tài khoản nào với email ${email}.`);
	const [product] = await db().select({ id: products.id, title: products.title }).from(products).where(eq(products.id, productId));
	if (!product) throw new AppError('not_found', 'Không tìm thấy sản phẩm.');
	const inserted = await db()
		.insert(productOwnerships)
		.values({ userId: user.id, productId: product.id, source: 'grant', createdAt: now() })
		.onConflictDoNothing()
		.returning({ userId: productOwnerships.userId });
	const { token, expiresAt } = issueDownloadToken({ productId: product.id, userId: user.id });
	return { userId: user.id, productId: product.id, productTitle: product.title, newlyOwned: inserted.length > 0, token, url: downloadPageUrl(token), expiresAt };
}
