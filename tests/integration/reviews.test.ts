/**
 * Buyer reviews through the storefront's tRPC procedures against the built
 * server: only an account that bought the product through a paid order may
 * review it, once (then it edits); the product's rating is recomputed from
 * the visible reviews; "Hữu ích" votes and reports come from other accounts;
 * staff hide and unhide with an audit row; bad input is explained field by
 * field in Vietnamese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, sellable } from '../helpers/checkout';
import { createUser, request, sql, type TestUser } from '../helpers/http';
import { creditWallet } from '../helpers/money';
import { grantOwnership } from '../helpers/music-fixtures';
import { startServer, type TestServer } from '../helpers/server';

let server: TestServer;
let base: string;
let staff: TestUser;

const get = (user: TestUser | null, path: string, input: unknown) =>
	request(base, `/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: user ? { cookie: user.cookie } : {} });
const post = (user: TestUser | null, path: string, input: unknown) =>
	request(base, `/api/trpc/${path}`, { method: 'POST', json: input, headers: { origin: base, ...(user ? { cookie: user.cookie } : {}) } });
const data = (res: { body: any }) => res.body.result.data;

async function buyer(productId: string, name?: string): Promise<TestUser> {
	const user = await createUser(base, name ? { name } : {});
	await creditWallet(base, user.userId, '100000');
	const res = await checkout(base, { productId, paymentMethod: 'wallet' }, { user });
	expect(res.status, res.text).toBe(200);
	expect(res.body.data.status).toBe('PAID');
	return user;
}

async function rating(productId: string): Promise<{ avg: number; count: number }> {
	const [row] = await sql<{ avg: number; count: number }>(base, 'SELECT rating_avg AS avg, rating_count AS count FROM products WHERE id = $1', [productId]);
	return { avg: Number(row!.avg), count: Number(row!.count) };
}

const review = (productId: string, stars: number, body = 'Giáo án rõ ràng, dễ dùng cho tiết học trên lớp.') => ({ productId, stars, body });

beforeAll(async () => {
	server = await startServer({ env: { CHECKOUT_RATE_LIMIT: '1000' } });
	base = server.url;
	staff = await createUser(base, { role: 'staff' });
}, 120_000);
afterAll(async () => {
	await server?.stop();
});

describe('who may review', () => {
	it('refuses a signed-out reader, a non-buyer and an owner without a paid order', async () => {
		const product = await sellable(base, { priceVnd: '20000' });
		expect((await post(null, 'reviews.create', review(product.id, 5))).status).toBe(401);

		const stranger = await createUser(base);
		const refused = await post(stranger, 'reviews.create', review(product.id, 5));
		expect(refused.status).toBe(403);
		expect(refused.body.error.data.appCode).toBe('forbidden');
		expect(refused.body.error.message).toBe('Chỉ người đã mua học liệu này mới có thể viết đánh giá.');
		expect(data(await get(stranger, 'reviews.mine', { productId: product.id }))).toEqual({ canReview: false, review: null });

		// Ownership that did not come from a paid order (a grant, a claim) is not a purchase.
		const granted = await createUser(base);
		await grantOwnership(base, granted.userId, product.id);
		expect((await post(granted, 'reviews.create', review(product.id, 5))).status).toBe(403);

		const count = await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM buyer_reviews WHERE product_id = $1', [product.id]);
		expect(count[0]!.n).toBe(0);
		expect(await rating(product.id)).toEqual({ avg: 0, count: 0 });
	});

	it('a buyer reviews once; a second review is refused and the first one is edited instead', async () => {
		const product = await sellable(base, { priceVnd: '20000' });
		const user = await buyer(product.id, 'Cô Hạnh');
		expect(data(await get(user, 'reviews.mine', { productId: product.id }))).toEqual({ canReview: true, review: null });

		const created = await post(user, 'reviews.create', review(product.id, 4, '  Bài giảng hay, học sinh rất thích phần trò chơi.  '));
		expect(created.status, created.text).toBe(200);
		expect(data(created)).toMatchObject({ stars: 4, body: 'Bài giảng hay, học sinh rất thích phần trò chơi.', hidden: false, editedAt: null });
		expect(await rating(product.id)).toEqual({ avg: 4, count: 1 });

		const again = await post(user, 'reviews.create', review(product.id, 1));
		expect(again.status).toBe(409);
		expect(again.body.error.data).toMatchObject({ appCode: 'conflict', details: { reviewId: data(created).id } });
		expect(await rating(product.id)).toEqual({ avg: 4, count: 1 });

		const edited = await post(user, 'reviews.update', review(product.id, 2, 'Sau khi dạy thử thì thấy phần bài tập còn thiếu.'));
		expect(edited.status, edited.text).toBe(200);
		expect(data(edited)).toMatchObject({ id: data(created).id, stars: 2 });
		expect(data(edited).editedAt).not.toBeNull();
		expect(await rating(product.id)).toEqual({ avg: 2, count: 1 });

		const list = data(await get(null, 'reviews.list', { productId: product.id }));
		expect(list.items).toHaveLength(1);
		expect(list.items[0]).toMatchObject({ stars: 2, authorName: 'Cô Hạnh', verifiedBuyer: true, helpfulCount: 0, mine: false });
		expect(JSON.stringify(list)).not.toContain(user.email);
		expect(data(await get(user, 'reviews.list', { productId: product.id })).items[0].mine).toBe(true);

		// Someone who never reviewed has nothing to edit.
		const other = await buyer(product.id);
		expect((await post(other, 'reviews.update', review(product.id, 5))).status).toBe(404);
	});

	it('averages every visible review and shows it in the catalog', async () => {
		const product = await sellable(base, { priceVnd: '20000' });
		for (const stars of [5, 4, 4]) {
			const user = await buyer(product.id);
			expect((await post(user, 'reviews.create', review(product.id, stars))).status).toBe(200);
		}
		expect(await rating(product.id)).toEqual({ avg: 4.33, count: 3 });
		const [path] = await sql<{ p: string }>(base, `SELECT c.path || '/' || p.slug AS p FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = $1`, [product.id]);
		const detail = await request(base, `/api/v1/catalog/products/${path!.p}`);
		expect(detail.body.data.product).toMatchObject({ ratingAvg: 4.33, ratingCount: 3 });
	});
});

describe('bad input', () => {
	it('explains each field in Vietnamese in the error envelope and writes nothing', async () => {
		const product = await sellable(base, { priceVnd: '20000' });
		const user = await buyer(product.id);
		const cases: [unknown, string, string][] = [
			[review(product.id, 0), 'stars', 'Hãy chọn số sao từ 1 đến 5.'],
			[review(product.id, 6), 'stars', 'Hãy chọn số sao từ 1 đến 5.'],
			[review(product.id, 3.5), 'stars', 'Hãy chọn số sao từ 1 đến 5.'],
			[review(product.id, 4, '   ngắn   '), 'body', 'Nhận xét cần ít nhất 10 ký tự.'],
			[review(product.id, 4, 'x'.repeat(2001)), 'body', 'Nhận xét tối đa 2000 ký tự.'],
			[review('không-phải-uuid', 4), 'productId', 'Mã sản phẩm không hợp lệ.']
		];
		for (const [input, path, message] of cases) {
			const res = await post(user, 'reviews.create', input);
			expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(400);
			expect(res.body.error.data.appCode).toBe('validation_error');
			expect(res.body.error.data.details.fields.find((f: { path: string }) => f.path === path)?.message).toBe(message);
		}
		expect((await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM buyer_reviews WHERE user_id = $1', [user.userId]))[0]!.n).toBe(0);

		const badReport = await post(user, 'reviews.report', { reviewId: crypto.randomUUID(), reason: 'boring' });
		expect(badReport.status).toBe(400);
		expect(badReport.body.error.data.details.fields.find((f: { path: string }) => f.path === 'reason')?.message).toBe('Hãy chọn lý do báo cáo.');
		const badCursor = await get(null, 'reviews.list', { productId: product.id, cursor: 'giả-mạo' });
		expect(badCursor.status).toBe(400);
		expect(badCursor.body.error.data.details.fields[0].path).toBe('cursor');
	});
});

describe('helpful votes', () => {
	it('one per account, never on one\'s own review; the listing sorts by helpfulness then recency, page by page', async () => {
		const product = await sellable(base, { priceVnd: '20000' });
		const authors = [await buyer(product.id), await buyer(product.id), await buyer(product.id)];
		const ids: string[] = [];
		for (const [i, author] of authors.entries()) {
			const res = await post(author, 'reviews.create', review(product.id, 3 + i, `Nhận xét số ${i + 1} về giáo án này.`));
			ids.push(data(res).id);
			// Distinct times, so "newest first" among equals is observable.
			const at = new Date(Date.UTC(2026, 9, i + 1)).toISOString();
			// The sql hook numbers parameters by position, so each placeholder gets its own value.
			await sql(base, 'UPDATE buyer_reviews SET created_at = $1, updated_at = $2 WHERE id = $3', [at, at, data(res).id]);
		}
		const newestFirst = data(await get(null, 'reviews.list', { productId: product.id })).items.map((r: { id: string }) => r.id);
		expect(newestFirst).toEqual([ids[2], ids[1], ids[0]]);

		const own = await post(authors[0]!, 'reviews.voteHelpful', { reviewId: ids[0] });
		expect(own.status).toBe(403);
		expect(own.body.error.data.appCode).toBe('forbidden');

		const reader = await createUser(base);
		expect(data(await post(reader, 'reviews.voteHelpful', { reviewId: ids[0] }))).toEqual({ votedHelpful: true, helpfulCount: 1 });
		expect(data(await post(reader, 'reviews.voteHelpful', { reviewId: ids[0] }))).toEqual({ votedHelpful: true, helpfulCount: 1 });
		expect(data(await post(authors[1]!, 'reviews.voteHelpful', { reviewId: ids[0] }))).toEqual({ votedHelpful: true, helpfulCount: 2 });
		expect(data(await post(reader, 'reviews.voteHelpful', { reviewId: ids[1] }))).toEqual({ votedHelpful: true, helpfulCount: 1 });
		const votes = await sql<{ n: number }>(base, 'SELECT count(*)::int AS n FROM buyer_review_votes WHERE review_id = $1', [ids[0]]);
		expect(votes[0]!.n).toBe(2);

		const first = data(await get(reader, 'reviews.list', { productId: product.id, pageSize: 2 }));
		expect(first.items.map((r: { id: string }) => r.id)).toEqual([ids[0], ids[1]]);
		expect(first.items.map((r: { votedHelpful: boolean }) => r.votedHelpful)).toEqual([true, true]);
		expect(first.hasMore).toBe(true);
		const second = data(await get(reader, 'reviews.list', { productId: product.id, pageSize: 2, cursor: first.nextCursor }));
		expect(second.items.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
		expect(second).toMatchObject({ hasMore: false, nextCursor: null });
		// A cursor belongs to its product.
		const elsewhere = await sellable(base, { priceVnd: '20000' });
		expect((await get(reader, 'reviews.list', { productId: elsewhere.id, cursor: first.nextCursor })).status).toBe(400);

		expect(data(await post(reader, 'reviews.withdrawHelpful', { reviewId: ids[0] }))).toEqual({ votedHelpful: false, helpfulCount: 1 });
		expect(data(await post(reader, 'reviews.withdrawHelpful', { reviewId: ids[0] }))).toEqual({ votedHelpful: false, helpfulCount: 1 });
		expect((await post(null, 'reviews.voteHelpful', { reviewId: ids[0] })).status).toBe(401);
	});
});

describe('reports and staff moderation', () => {
	it('other readers report; staff hide (rating recomputed, audited) and unhide', async () => {
		const product = await sellable(base, { priceVnd: '20000' });
		const fair = await buyer(product.id);
		const spammer = await buyer(product.id);
		expect((await post(fair, 'reviews.create', review(product.id, 4))).status).toBe(200);
		const spam = data(await post(spammer, 'reviews.create', review(product.id, 1, 'Mua tài liệu giá rẻ hơn tại trang web khác nhé!')));
		expect(await rating(product.id)).toEqual({ avg: 2.5, count: 2 });

		const ownReport = await post(spammer, 'reviews.report', { reviewId: spam.id, reason: 'spam' });
		expect(ownReport.status, ownReport.text).toBe(403);
		const reporter = await createUser(base);
		for (let i = 0; i < 2; i++) {
			const res = await post(reporter, 'reviews.report', { reviewId: spam.id, reason: 'spam', message: 'Quảng cáo trang khác.' });
			expect(res.status, res.text).toBe(200);
			expect(data(res)).toEqual({ reported: true });
		}
		expect((await post(fair, 'reviews.report', { reviewId: spam.id, reason: 'off_topic' })).status).toBe(200);
		expect(data(await get(reporter, 'reviews.list', { productId: product.id })).items.find((r: { id: string }) => r.id === spam.id).reportedByMe).toBe(true);

		// Staff only.
		const notStaff = await get(reporter, 'admin.buyerReviews.list', { filter: 'reported' });
		expect(notStaff.status, notStaff.text).toBe(403);
		expect((await post(reporter, 'admin.buyerReviews.hide', { reviewId: spam.id, reason: 'Quảng cáo' })).status).toBe(403);

		const queue = data(await get(staff, 'admin.buyerReviews.list', { filter: 'reported' }));
		const queued = queue.items.find((r: { id: string }) => r.id === spam.id);
		expect(queued).toMatchObject({ openReports: 2, hidden: false, stars: 1, productId: product.id });
		expect(queued.reportReasons.map((r: { reason: string }) => r.reason).sort()).toEqual(['off_topic', 'spam']);

		const noReason = await post(staff, 'admin.buyerReviews.hide', { reviewId: spam.id, reason: ' ' });
		expect(noReason.status).toBe(400);
		expect(noReason.body.error.data.details.fields[0]).toMatchObject({ path: 'reason' });

		const hidden = await post(staff, 'admin.buyerReviews.hide', { reviewId: spam.id, reason: 'Quảng cáo trang web khác.' });
		expect(hidden.status, hidden.text).toBe(200);
		expect(data(hidden)).toMatchObject({ hidden: true, hiddenReason: 'Quảng cáo trang web khác.', openReports: 0 });
		expect(await rating(product.id)).toEqual({ avg: 4, count: 1 });
		expect(data(await get(null, 'reviews.list', { productId: product.id })).items.map((r: { id: string }) => r.id)).not.toContain(spam.id);
		expect(data(await get(staff, 'admin.buyerReviews.list', { filter: 'reported' })).items.map((r: { id: string }) => r.id)).not.toContain(spam.id);
		expect(data(await get(spammer, 'reviews.mine', { productId: product.id })).review).toMatchObject({ id: spam.id, hidden: true });
		// Hidden reviews take no votes or reports, and hiding twice is a conflict.
		expect((await post(reporter, 'reviews.voteHelpful', { reviewId: spam.id })).status).toBe(404);
		expect((await post(staff, 'admin.buyerReviews.hide', { reviewId: spam.id, reason: 'Lần nữa' })).status).toBe(409);
		// Editing does not bring it back.
		expect((await post(spammer, 'reviews.update', review(product.id, 5, 'Tôi sửa lại nội dung cho đúng mực.'))).status).toBe(200);
		expect(await rating(product.id)).toEqual({ avg: 4, count: 1 });

		const [audit] = await sql<{ actor_user_id: string; action: string; summary: any }>(
			base,
			`SELECT actor_user_id, action, summary FROM audit_log WHERE target_type = 'buyer_review' AND target_id = $1 AND action = 'review.hide'`,
			[spam.id]
		);
		expect(audit).toMatchObject({ actor_user_id: staff.userId, action: 'review.hide', summary: { before: { hidden: false }, after: { hidden: true, productId: product.id, resolvedReports: 2 } } });

		const shown = await post(staff, 'admin.buyerReviews.unhide', { reviewId: spam.id });
		expect(shown.status, shown.text).toBe(200);
		expect(data(shown)).toMatchObject({ hidden: false, hiddenReason: null, stars: 5 });
		expect(await rating(product.id)).toEqual({ avg: 4.5, count: 2 });
		const actions = await sql<{ action: string }>(base, `SELECT action FROM audit_log WHERE target_type = 'buyer_review' AND target_id = $1 `, [spam.id]);
		expect(actions.map((a) => a.action).sort()).toEqual(['review.hide', 'review.unhide']);
		expect((await post(staff, 'admin.buyerReviews.unhide', { reviewId: spam.id })).status).toBe(409);
	});
});

describe('refunds', () => {
	it("a refund takes the buyer's review out of the rating, in the refund's transaction", async () => {
		const product = await sellable(base, { priceVnd: '20000' });
		const kept = await buyer(product.id);
		expect((await post(kept, 'reviews.create', review(product.id, 5))).status).toBe(200);
		const user = await createUser(base);
		await creditWallet(base, user.userId, '100000');
		const order = await checkout(base, { productId: product.id, paymentMethod: 'wallet' }, { user });
		expect(order.body.data.status).toBe('PAID');
		const written = data(await post(user, 'reviews.create', review(product.id, 1, 'Không như mô tả, tôi đã xin hoàn tiền.')));
		expect(await rating(product.id)).toEqual({ avg: 3, count: 2 });

		const refund = await request(base, `/api/v1/admin/orders/${order.body.data.id}/refund`, {
			method: 'POST',
			json: { reason: 'Khách yêu cầu hoàn tiền' },
			headers: { origin: base, cookie: staff.cookie }
		});
		expect(refund.status, refund.text).toBe(200);
		expect(await rating(product.id)).toEqual({ avg: 5, count: 1 });
		expect(data(await get(user, 'reviews.mine', { productId: product.id }))).toMatchObject({ review: { id: written.id, hidden: true } });
		expect(data(await get(null, 'reviews.list', { productId: product.id })).items.map((r: { id: string }) => r.id)).toEqual([data(await get(kept, 'reviews.mine', { productId: product.id })).review.id]);
		const [audit] = await sql<{ summary: { hiddenReviewIds: string[] } }>(base, `SELECT summary FROM audit_log WHERE action = 'order.refund' AND target_id = $1`, [
			order.body.data.id
		]);
		expect(audit!.summary.hiddenReviewIds).toEqual([written.id]);

		// Hidden and frozen: the review of a refunded order can no longer be edited.
		const edit = await post(user, 'reviews.update', review(product.id, 5, 'Sửa lại cho năm sao sau khi đã được hoàn tiền.'));
		expect(edit.status, edit.text).toBe(403);
		expect(edit.body.error.data.appCode).toBe('forbidden');
		expect(edit.body.error.message).toBe('Đơn hàng của bạn cho học liệu này đã được hoàn tiền nên đánh giá đã bị ẩn và không thể sửa nữa.');
		const [row] = await sql<{ stars: number; body: string }>(base, 'SELECT stars, body FROM buyer_reviews WHERE id = $1', [written.id]);
		expect(row).toEqual({ stars: 1, body: 'Không như mô tả, tôi đã xin hoàn tiền.' });
		expect(await rating(product.id)).toEqual({ avg: 5, count: 1 });
		expect(data(await get(user, 'reviews.mine', { productId: product.id }))).toMatchObject({ canReview: false, review: { hidden: true } });
	});
});


describe('replies', () => {
	const reply = (who: TestUser | null, reviewId: string, body: string) => post(who, 'reviews.reply', { reviewId, body });
	const notes = (userId: string, kind: string) =>
		sql<{ title: string; body: string; link: string; group: string }>(base, 'SELECT title, body, link, "group" FROM notifications WHERE user_id = $1 AND kind = $2 ORDER BY id', [userId, kind]);

	async function authoredReview() {
		const author = await createUser(base, { role: 'author', name: 'Thầy Dũng' });
		const product = await sellable(base, { priceVnd: '20000' });
		await sql(base, 'UPDATE products SET author_id = $1, title = $2 WHERE id = $3', [author.userId, 'Giáo án Toán 7 – Cánh diều', product.id]);
		const reviewer = await buyer(product.id, 'Cô Mai');
		const created = await post(reviewer, 'reviews.create', review(product.id, 3, 'Thiếu đáp án phần luyện tập cuối bài.'));
		expect(created.status, created.text).toBe(200);
		return { author, product, reviewer, reviewId: data(created).id as string };
	}

	it("tells the author of a new review, and the author's one public reply is shown under it and tells the reviewer once", async () => {
		const { author, product, reviewer, reviewId } = await authoredReview();
		const [written] = await notes(author.userId, 'review.new');
		expect(written).toMatchObject({ group: 'studio', title: '“Giáo án Toán 7 – Cánh diều” có đánh giá mới: 3/5 sao', body: 'Thiếu đáp án phần luyện tập cuối bài.' });
		expect(written!.link).toMatch(/^\/san-pham\/.+#reviews-title$/);

		expect(data(await get(author, 'reviews.list', { productId: product.id })).canReply).toBe(true);
		expect(data(await get(reviewer, 'reviews.list', { productId: product.id })).canReply).toBe(false);
		expect(data(await get(null, 'reviews.list', { productId: product.id })).canReply).toBe(false);

		const first = await reply(author, reviewId, '  Cảm ơn cô, đáp án đã có trong bản cập nhật.  ');
		expect(first.status, first.text).toBe(200);
		expect(data(first)).toMatchObject({ body: 'Cảm ơn cô, đáp án đã có trong bản cập nhật.', authorName: 'Thầy Dũng', editedAt: null });
		const shown = data(await get(null, 'reviews.list', { productId: product.id })).items.find((r: { id: string }) => r.id === reviewId);
		expect(shown.reply).toEqual(data(first));

		const edited = await reply(author, reviewId, 'Cảm ơn cô, đáp án ở trang 12 của bản mới.');
		expect(edited.status, edited.text).toBe(200);
		expect(data(edited)).toMatchObject({ body: 'Cảm ơn cô, đáp án ở trang 12 của bản mới.', repliedAt: data(first).repliedAt });
		expect(data(edited).editedAt).not.toBeNull();
		// The reviewer's own text is untouched: the review is not "đã sửa".
		expect(data(await get(null, 'reviews.list', { productId: product.id })).items.find((r: { id: string }) => r.id === reviewId).editedAt).toBeNull();

		const told = await notes(reviewer.userId, 'review.reply');
		expect(told).toHaveLength(1);
		expect(told[0]).toMatchObject({ group: 'messages', title: 'Tác giả đã trả lời đánh giá của bạn về “Giáo án Toán 7 – Cánh diều”' });
		const inbox = await request(base, '/api/v1/notifications', { headers: { cookie: reviewer.cookie } });
		expect(inbox.body.data.map((n: { kind: string }) => n.kind)).toContain('review.reply');
	});

	it('only the author answers (staff for the house catalog); hidden reviews take no reply; bad text is explained', async () => {
		const { author, product, reviewer, reviewId } = await authoredReview();
		expect((await reply(null, reviewId, 'Xin chào')).status).toBe(401);
		const notAuthor = await reply(reviewer, reviewId, 'Tôi tự trả lời');
		expect(notAuthor.status).toBe(403);
		expect(notAuthor.body.error.message).toBe('Chỉ tác giả của học liệu mới có thể trả lời đánh giá.');
		expect((await reply(staff, reviewId, 'Nhân viên trả lời thay')).status).toBe(403);

		const fieldMessage = (res: { body: any }) => res.body.error.data.details.fields.find((f: { path: string }) => f.path === 'body')?.message;
		const empty = await reply(author, reviewId, '   ');
		expect(empty.status).toBe(400);
		expect(fieldMessage(empty)).toBe('Hãy viết nội dung trả lời.');
		const long = await reply(author, reviewId, 'ạ'.repeat(2001));
		expect(long.status).toBe(400);
		expect(fieldMessage(long)).toBe('Câu trả lời tối đa 2000 ký tự.');
		expect((await reply(author, '00000000-0000-4000-8000-000000000000', 'Cảm ơn')).status).toBe(404);
		const [untouched] = await sql<{ reply_body: string | null }>(base, 'SELECT reply_body FROM buyer_reviews WHERE id = $1', [reviewId]);
		expect(untouched!.reply_body).toBeNull();

		expect((await post(staff, 'admin.buyerReviews.hide', { reviewId, reason: 'Nội dung không phù hợp.' })).status).toBe(200);
		const hidden = await reply(author, reviewId, 'Cảm ơn cô');
		expect(hidden.status).toBe(404);
		expect(hidden.body.error.message).toBe('Không tìm thấy đánh giá này, có thể đánh giá đã bị ẩn.');

		// The house catalog has no author: staff answer as "hoclieu".
		const house = await sellable(base, { priceVnd: '20000' });
		await sql(base, 'UPDATE products SET title = $1 WHERE id = $2', ['Đề kiểm tra Văn 8', house.id]);
		const houseBuyer = await buyer(house.id);
		const houseReview = data(await post(houseBuyer, 'reviews.create', review(house.id, 5)));
		expect(await notes(houseBuyer.userId, 'review.new')).toEqual([]);
		expect((await reply(author, houseReview.id, 'Cảm ơn')).status).toBe(403);
		const byStaff = await reply(staff, houseReview.id, 'Cảm ơn thầy cô đã tin dùng.');
		expect(byStaff.status, byStaff.text).toBe(200);
		expect(data(byStaff).authorName).toBe('hoclieu');
		expect((await notes(houseBuyer.userId, 'review.reply'))[0]!.title).toBe('hoclieu đã trả lời đánh giá của bạn về “Đề kiểm tra Văn 8”');
		expect(data(await get(null, 'reviews.list', { productId: product.id })).items.map((r: { id: string }) => r.id)).not.toContain(reviewId);
	});
});
