/**
 * Conversations in real Chromium, two people at 360 px: a buyer asks about a
 * product from its page ("Hỏi tác giả"), the author finds the question on
 * /tin-nhan (unread) and replies, and the buyer's open conversation shows the
 * reply without a reload. axe on each page.
 */
import { sellable } from '../helpers/checkout';
import { createUser, sql } from '../helpers/http';
import { cleanupUser, expect, expectAccessible, PHONE, screenshots, signInAs, test, uniqueEmail } from './fixtures';

test('a buyer asks the author from the product page, the author replies, the buyer sees the reply', async ({ page, context, browser, baseURL }) => {
	const base = baseURL!;
	const buyer = await createUser(base, { email: uniqueEmail('hoi'), name: 'Thầy Minh E2E' });
	const author = await createUser(base, { role: 'author', email: uniqueEmail('tacgia'), name: 'Cô Lan Tác Giả' });
	const product = await sellable(base, { priceVnd: '25000' });
	const title = `Giáo án hỏi tác giả ${Date.now()}`;
	await sql(base, 'UPDATE products SET author_id = $1, title = $2 WHERE id = $3', [author.userId, title, product.id]);
	const [row] = await sql<{ full_path: string }>(base, `SELECT c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`, [product.id]);
	const authorContext = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
	try {
		await page.setViewportSize(PHONE);
		await signInAs(context, base, buyer);
		await page.goto(`/san-pham/${row!.full_path}`);
		await page.getByTestId('ask-author').click();
		await expect(page).toHaveURL(`/tin-nhan/hoi?sp=${product.id}`);
		await expect(page.getByRole('heading', { level: 1, name: 'Hỏi tác giả', exact: true })).toBeVisible();
		await expect(page.getByRole('main').getByText(title)).toBeVisible();
		await page.getByLabel('Câu hỏi của bạn').fill('Tài liệu có file Word không ạ? https://example.vn/xem');
		await expect(page.getByText('53/4000 ký tự')).toBeVisible();
		await expectAccessible(page);
		await page.getByRole('button', { name: 'Gửi câu hỏi' }).click();
		await expect(page).toHaveURL(/\/tin-nhan\?c=[0-9a-f-]{36}$/);
		const buyerThread = page.getByTestId('messages');
		await expect(buyerThread.getByTestId('message')).toHaveCount(1);
		await expect(buyerThread.getByRole('link', { name: 'https://example.vn/xem' })).toHaveAttribute('href', 'https://example.vn/xem');
		await expectAccessible(page);

		const authorPage = await authorContext.newPage();
		await signInAs(authorContext, base, author);
		await authorPage.goto('/tin-nhan');
		await expect(authorPage.getByTestId('unread-messages')).toContainText('1');
		const conversation = authorPage.getByTestId('conversation').filter({ hasText: 'Thầy Minh E2E' });
		await expect(conversation.getByTestId('conversation-unread')).toContainText('1');
		await expectAccessible(authorPage);
		await screenshots(authorPage, 'tin-nhan-danh-sach');
		await conversation.getByRole('link').click();
		await expect(authorPage.getByTestId('message')).toContainText('Tài liệu có file Word không ạ?');
		await authorPage.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
		await expect(authorPage.getByTestId('unread-messages')).toHaveCount(0);
		await authorPage.getByLabel('Tin nhắn').fill('Có ạ, file Word nằm trong gói tải về.');
		await authorPage.getByRole('button', { name: 'Gửi', exact: true }).click();
		await expect(authorPage.getByTestId('message')).toHaveCount(2);
		await expectAccessible(authorPage);
		await screenshots(authorPage, 'tin-nhan-cuoc-tro-chuyen');

		// The buyer's page, still open, polls for newer messages: the reply appears without a reload.
		await expect(buyerThread.getByTestId('message')).toHaveCount(2, { timeout: 15_000 });
		await expect(buyerThread.getByTestId('message').nth(1)).toContainText('Có ạ, file Word nằm trong gói tải về.');
		await expect(buyerThread.getByTestId('message').nth(1)).toContainText('Cô Lan Tác Giả');
	} finally {
		await authorContext.close();
		await cleanupUser(base, buyer.userId);
		await cleanupUser(base, author.userId);
	}
});
