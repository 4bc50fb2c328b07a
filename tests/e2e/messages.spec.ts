/**
 * Conversations in real Chromium, two people at 360 px: a buyer who bought a
 * product asks about it from its page ("Hỏi tác giả"); the author, with
 * /tin-nhan already open, sees the badge and the list change without a reload
 * (the live event stream), opens the question and replies, and the buyer's
 * open conversation shows the reply without a reload. Then staff refund the
 * buyer's order: the bell counts it live, the order page says "Đã hoàn tiền"
 * and /thong-bao lists it. axe on each page.
 */
import { checkout, sellable } from '../helpers/checkout';
import { createUser, request, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { cleanupUser, expect, expectAccessible, hydrated, PHONE, screenshots, signInAs, test, uniqueEmail } from './fixtures';

test('a buyer asks the author from the product page, the author replies, the buyer sees the reply; a refund shows where the buyer looks', async ({ page, context, browser, baseURL }) => {
	const base = baseURL!;
	const buyer = await createUser(base, { email: uniqueEmail('hoi'), name: 'Thầy Minh E2E' });
	const author = await createUser(base, { role: 'author', email: uniqueEmail('tacgia'), name: 'Cô Lan Tác Giả' });
	const product = await sellable(base, { priceVnd: '25000' });
	const title = `Giáo án hỏi tác giả ${Date.now()}`;
	await sql(base, 'UPDATE products SET author_id = $1, title = $2 WHERE id = $3', [author.userId, title, product.id]);
	const [row] = await sql<{ full_path: string }>(base, `SELECT c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`, [product.id]);
	const staff = await createUser(base, { role: 'staff', email: uniqueEmail('hoantien') });
	await creditWallet(base, buyer.userId, '100000');
	const bought = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user: buyer });
	expect(bought.status, bought.text).toBe(200);
	const orderId = bought.body.data.id as string;
	const authorContext = await browser.newContext({ viewport: PHONE, locale: 'vi-VN' });
	try {
		// The author is on /tin-nhan before the question is asked.
		const authorPage = await authorContext.newPage();
		await signInAs(authorContext, base, author);
		await authorPage.goto('/tin-nhan');
		await hydrated(authorPage);
		await expect(authorPage.getByTestId('unread-messages')).toHaveCount(0);

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

		// Live, without a reload: the badge and the list.
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

		// The buyer's page, still open, gets the reply live: no reload.
		await expect(buyerThread.getByTestId('message')).toHaveCount(2);
		await expect(buyerThread.getByTestId('message').nth(1)).toContainText('Có ạ, file Word nằm trong gói tải về.');
		await expect(buyerThread.getByTestId('message').nth(1)).toContainText('Cô Lan Tác Giả');

		// Staff refund the order: the buyer's bell counts it without a reload, and the order and /thong-bao say so.
		// Settled first: the reply's notice is marked read once the open conversation has read the reply, leaving "order paid"
		// and "receipt ready".
		const unreadNotifications = async () => (await request(base, '/api/v1/me/unread', { headers: { cookie: buyer.cookie } })).body.data.notifications as number;
		await expect.poll(unreadNotifications).toBe(2);
		await expect(page.getByTestId('unread-count')).toContainText('2');
		const refund = await request(base, `/api/v1/admin/orders/${orderId}/refund`, { method: 'POST', headers: { origin: base, cookie: staff.cookie }, json: { reason: 'Tệp bị lỗi, đã kiểm tra' } });
		expect(refund.status, refund.text).toBe(200);
		await expect.poll(unreadNotifications).toBe(3);
		await expect(page.getByTestId('unread-count')).toContainText('3');
		await page.goto(`/thanh-toan/${orderId}`);
		await expect(page.getByRole('heading', { name: 'Đã hoàn tiền' })).toBeVisible();
		await expect(page.getByRole('main').getByRole('button', { name: /Tải xuống/ })).toHaveCount(0);
		await expectAccessible(page);
		await page.goto('/thong-bao');
		await expect(page.getByRole('main').getByText(/đã được hoàn tiền/).first()).toBeVisible();
		await expectAccessible(page);
	} finally {
		await authorContext.close();
		for (const u of [buyer, author, staff]) await cleanupUser(base, u.userId);
	}
});
