/**
 * Buyer reviews in real Chromium: a teacher who bought a product writes a
 * review on its page (a missing star count is explained next to the stars),
 * sees it with "Đã mua" and the recomputed rating; another reader reports it
 * and staff (who answer for the house catalog, as an author does for theirs)
 * reply under it on the product page, then hide it from /quan-tri/danh-gia;
 * at 360 px and 1280 px with axe.
 */
import { checkout } from '../helpers/checkout';
import { createUser, request, sql } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { cleanupUser, expect, expectAccessible, hydrated, screenshots, signInAs, test, uniqueEmail } from './fixtures';

test('a buyer reviews a product, a reader reports it, staff hide it', async ({ page, context, baseURL }) => {
	const base = baseURL!;
	// A product the demo reviewers already rated, so the list shows theirs too.
	const [product] = await sql<{ id: string; full_path: string }>(
		base,
		`SELECT p.id::text AS id, c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.is_published AND c.is_active AND p.price_vnd > 0 AND p.rating_count BETWEEN 1 AND 5 ORDER BY p.id LIMIT 1`
	);
	const buyer = await createUser(base, { email: uniqueEmail('danhgia'), name: 'Cô Thảo E2E' });
	const reader = await createUser(base, { email: uniqueEmail('docgia') });
	const staff = await createUser(base, { role: 'staff', email: uniqueEmail('quantri'), name: 'Quản trị Đánh giá' });
	const before = (await sql<{ n: number }>(base, 'SELECT rating_count AS n FROM products WHERE id = $1', [product!.id]))[0]!.n;
	try {
		await creditWallet(base, buyer.userId, '500000');
		const order = await checkout(base, { productId: product!.id, paymentMethod: 'wallet' }, { user: buyer });
		expect(order.status, order.text).toBe(200);

		await signInAs(context, base, buyer);
		await page.goto(`/san-pham/${product!.full_path}`);
		await hydrated(page);
		const section = page.getByTestId('reviews');
		await section.getByLabel('Nhận xét').fill('Giáo án bám sát sách, phần trò chơi khởi động rất cuốn hút học sinh.');
		await section.getByRole('button', { name: 'Gửi đánh giá' }).click();
		await expect(section.getByText('Hãy chọn số sao từ 1 đến 5.')).toBeVisible();
		await section.getByLabel('4 sao').check();
		await section.getByRole('button', { name: 'Gửi đánh giá' }).click();
		await expect(section.getByText('Cảm ơn bạn đã đánh giá!')).toBeVisible();
		const mine = section.getByTestId('review').filter({ hasText: 'Cô Thảo E2E' });
		await expect(mine.getByText('Đã mua')).toBeVisible();
		await expect(section.getByRole('heading', { name: 'Đánh giá của bạn' })).toBeVisible();
		await expect(section.getByRole('img', { name: new RegExp(`từ ${before + 1} lượt`) })).toBeVisible();
		await screenshots(page, 'danh-gia-san-pham');
		await expectAccessible(page);

		await signInAs(context, base, reader);
		await page.goto(`/san-pham/${product!.full_path}`);
		await hydrated(page);
		const theirs = page.getByTestId('review').filter({ hasText: 'Cô Thảo E2E' });
		await theirs.getByRole('button', { name: /Hữu ích/ }).click();
		await expect(theirs.getByRole('button', { name: /Hữu ích/ })).toHaveAttribute('aria-pressed', 'true');
		await theirs.getByRole('button', { name: 'Báo cáo' }).click();
		await theirs.getByLabel('Lý do báo cáo').selectOption('spam');
		await theirs.getByRole('button', { name: 'Gửi báo cáo' }).click();
		await expect(theirs.getByText('Đã báo cáo, cảm ơn bạn.')).toBeVisible();

		await signInAs(context, base, staff);
		await page.goto(`/san-pham/${product!.full_path}`);
		await hydrated(page);
		const answered = page.getByTestId('review').filter({ hasText: 'Cô Thảo E2E' });
		await answered.getByRole('button', { name: 'Trả lời' }).click();
		await answered.getByLabel('Trả lời công khai của bạn').fill('Cảm ơn cô Thảo, chúc cô có những tiết học vui.');
		await answered.getByRole('button', { name: 'Gửi trả lời' }).click();
		const reply = answered.getByTestId('review-reply');
		await expect(reply).toContainText('Phản hồi của hoclieu');
		await expect(reply).toContainText('Cảm ơn cô Thảo, chúc cô có những tiết học vui.');
		await expect(answered.getByRole('button', { name: 'Sửa trả lời' })).toBeVisible();
		await expectAccessible(page);

		await page.goto('/quan-tri');
		await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Đánh giá của người mua' }).click();
		const row = page.getByTestId('admin-review').filter({ hasText: 'Cô Thảo E2E' });
		await expect(row.getByText('Quảng cáo, spam')).toBeVisible();
		await screenshots(page, 'admin-danh-gia');
		await expectAccessible(page);
		await row.getByLabel('Lý do ẩn (ghi vào nhật ký)').fill('Thử ẩn trong kiểm thử tự động.');
		await row.getByRole('button', { name: 'Ẩn đánh giá' }).click();
		await expect(page.getByText('Đã ẩn đánh giá; điểm đánh giá của học liệu đã được tính lại.')).toBeVisible();
		const after = await request(base, `/api/v1/catalog/products/${product!.full_path}`);
		expect(after.body.data.product.ratingCount).toBe(before);
	} finally {
		// The review goes with its author's purchase rows; the trigger puts the rating back.
		await sql(base, 'DELETE FROM buyer_reviews WHERE user_id = $1', [buyer.userId]);
		for (const u of [buyer, reader, staff]) await cleanupUser(base, u.userId);
	}
});

test('more reviews load in place, and the same link shows them without JavaScript', async ({ page, baseURL }) => {
	const base = baseURL!;
	// A product nobody has reviewed, so the twelve below are all it has.
	const [product] = await sql<{ id: string; full_path: string }>(
		base,
		`SELECT p.id::text AS id, c.path || '/' || p.slug AS full_path FROM products p JOIN categories c ON c.id = p.category_id
		 WHERE p.is_published AND c.is_active AND NOT EXISTS (SELECT 1 FROM buyer_reviews r WHERE r.product_id = p.id) ORDER BY p.id LIMIT 1`
	);
	const reviewers = [];
	for (let i = 1; i <= 12; i++) reviewers.push(await createUser(base, { email: uniqueEmail(`nhanxet${i}`), name: `Cô giáo số ${String(i).padStart(2, '0')}` }));
	try {
		// Most helpful first: number 12 leads, numbers 02 and 01 make the second page.
		for (const [i, reviewer] of reviewers.entries()) {
			await sql(
				base,
				`INSERT INTO buyer_reviews (id, product_id, user_id, stars, body, helpful_count, created_at, updated_at)
				 VALUES (gen_random_uuid(), $1, $2, 5, $3, $4, now(), now())`,
				[product!.id, reviewer.userId, `Nhận xét thử số ${i + 1}: học sinh rất thích phần khởi động.`, i]
			);
		}
		await page.goto(`/san-pham/${product!.full_path}`);
		const reviews = page.getByTestId('review');
		await expect(reviews).toHaveCount(10);
		await expect(reviews.first()).toContainText('Cô giáo số 12');
		const more = page.getByRole('link', { name: 'Xem thêm đánh giá' });
		const nextPage = (await more.getAttribute('href'))!;
		expect(nextPage).toMatch(new RegExp(`^/san-pham/${product!.full_path}\\?danh-gia-sau=[^&#]+#reviews-title$`));
		await hydrated(page);
		await more.click();
		await expect(reviews).toHaveCount(12);
		await expect(reviews.last()).toContainText('Cô giáo số 01');
		await expect(more).toHaveCount(0);
		await expect(page).toHaveURL(`/san-pham/${product!.full_path}`);
		// The link's page, rendered by the server: the two least helpful.
		await page.goto(nextPage);
		await expect(reviews).toHaveCount(2);
		await expect(reviews.first()).toContainText('Cô giáo số 02');
		await expect(reviews.last()).toContainText('Cô giáo số 01');
		await expect(more).toHaveCount(0);
	} finally {
		await sql(base, 'DELETE FROM buyer_reviews WHERE product_id = $1', [product!.id]);
		for (const u of reviewers) await cleanupUser(base, u.userId);
	}
});
