/**
 * Demo buyer reviews: the rating a product shows is computed from its
 * reviews (migration 0023), so a demo catalog without any would have no stars
 * and a meaningless "rating" sort. A few demo reviewer accounts buy some of
 * the first products (a PAID order paid at the counter, and the ownership it
 * grants, as checkout would write them) and review them in Vietnamese.
 *
 * Product #n gets the same reviews whatever the catalog size (the plan comes
 * from the product's own random draws), and only the first REVIEWED_PREFIX
 * products are reviewed, so seeding stays fast at 100 000 products. The
 * generator also stores each product's resulting rating, which is exactly
 * what the trigger computes, so inserting the reviews rewrites no product.
 */
import { Random } from './random';

/** Reviewed products are among the first this many (about a third of the paid, published ones). */
export const REVIEWED_PREFIX = 400;

const DAY = 86_400_000;

/**
 * Fixed ids, and a reserved domain (.invalid cannot receive mail, so nobody
 * can sign up with these addresses): the same accounts whatever the seed
 * value, and none of them can sign in (no password).
 */
export const DEMO_REVIEWERS = [
	{ id: '5eed0000-0000-4000-8000-000000000001', name: 'Cô Nguyễn Thị Mai', email: 'co.mai@nguoi-danh-gia.invalid' },
	{ id: '5eed0000-0000-4000-8000-000000000002', name: 'Thầy Trần Văn Hùng', email: 'thay.hung@nguoi-danh-gia.invalid' },
	{ id: '5eed0000-0000-4000-8000-000000000003', name: 'Cô Lê Thu Hà', email: 'co.ha@nguoi-danh-gia.invalid' },
	{ id: '5eed0000-0000-4000-8000-000000000004', name: 'Cô Phạm Ngọc Lan', email: 'co.lan.pham@nguoi-danh-gia.invalid' },
	{ id: '5eed0000-0000-4000-8000-000000000005', name: 'Thầy Đỗ Minh Tuấn', email: 'thay.tuan@nguoi-danh-gia.invalid' },
	{ id: '5eed0000-0000-4000-8000-000000000006', name: 'Cô Hoàng Thanh Hương', email: 'co.huong@nguoi-danh-gia.invalid' },
	{ id: '5eed0000-0000-4000-8000-000000000007', name: 'Cô Vũ Bích Ngọc', email: 'co.ngoc@nguoi-danh-gia.invalid' },
	{ id: '5eed0000-0000-4000-8000-000000000008', name: 'Thầy Bùi Quang Huy', email: 'thay.huy@nguoi-danh-gia.invalid' }
] as const;

const TEXTS: Record<number, readonly string[]> = {
	5: [
		'Giáo án soạn rất kỹ, bám sát chương trình mới. Tôi chỉ cần chỉnh vài chỗ là dùng được ngay cho lớp mình.',
		'Nội dung rõ ràng, hoạt động khởi động hay, học sinh hào hứng suốt tiết học. Rất đáng tiền.',
		'Tài liệu chất lượng, trình bày đẹp, có cả phần đánh giá cuối bài. Cảm ơn tác giả!',
		'Dùng cho tiết thao giảng và được tổ chuyên môn khen. Sẽ mua thêm các bài khác.'
	],
	4: [
		'Nội dung tốt, đúng chuẩn kiến thức. Phần luyện tập có thể thêm vài bài nâng cao cho học sinh khá giỏi.',
		'Khá đầy đủ và dễ chỉnh sửa. Một vài hình ảnh hơi mờ nhưng không ảnh hưởng nhiều.',
		'Tiết kiệm cho tôi nhiều thời gian soạn bài. Thời lượng các hoạt động hơi dài so với một tiết.',
		'Bố cục hợp lý, phù hợp với học sinh vùng tôi dạy. Mong tác giả cập nhật thêm phiếu học tập.'
	],
	3: [
		'Dùng được, nhưng tôi phải sửa khá nhiều phần hoạt động nhóm cho phù hợp với lớp đông.',
		'Nội dung ổn, tuy nhiên còn vài lỗi chính tả và phần tổng kết hơi sơ sài.',
		'Tạm được. Phần lý thuyết tốt nhưng ví dụ minh hoạ chưa gần gũi với học sinh.'
	],
	2: [
		'Nội dung chưa bám sát sách giáo khoa bộ tôi đang dạy, phải soạn lại gần hết.',
		'Định dạng bị lỗi khi mở trên máy tôi, nội dung khá sơ sài so với mô tả.'
	],
	1: ['Tài liệu không giống phần mô tả, thiếu hẳn phần bài tập như đã giới thiệu.']
};

export interface ReviewPlan {
	/** The product's own draws: whether it is reviewed, how many reviews, how well it is liked. */
	rated: boolean;
	countDraw: number;
	levelDraw: number;
}

export interface SeedPurchase {
	orderId: string;
	userId: string;
	productId: string;
	priceVnd: bigint;
	paidAt: Date;
}

export interface SeedReview {
	id: string;
	productId: string;
	userId: string;
	orderId: string;
	stars: number;
	body: string;
	helpfulCount: number;
	createdAt: Date;
	/** Other demo reviewers who found it helpful (one vote row each). */
	voterIds: string[];
}

export interface DemoReviews {
	purchases: SeedPurchase[];
	reviews: SeedReview[];
	ratingAvg: number;
	ratingCount: number;
}

function shuffled<T>(items: readonly T[], rng: Random): T[] {
	const out = [...items];
	for (let i = out.length - 1; i > 0; i--) {
		const j = rng.int(0, i);
		[out[i], out[j]] = [out[j]!, out[i]!];
	}
	return out;
}

const NONE: DemoReviews = { purchases: [], reviews: [], ratingAvg: 0, ratingCount: 0 };

/** What the reviews of a seeded product depend on (generate.ts's SeedProduct has it; named here so the two files do not import each other). */
export interface ReviewedProduct {
	id: string;
	priceVnd: bigint;
	isPublished: boolean;
	createdAt: Date;
}

/** The same rounding as buyer_reviews_rate_product(): two decimals. */
export const roundRating = (sum: number, count: number) => (count === 0 ? 0 : Math.round((sum / count) * 100) / 100);

export function demoReviewsFor(product: ReviewedProduct, index: number, plan: ReviewPlan, seed: number, now: Date): DemoReviews {
	// Only something bought through a paid order can be reviewed: free products have no demo reviews.
	if (!plan.rated || index >= REVIEWED_PREFIX || !product.isPublished || product.priceVnd === 0n || plan.countDraw < 0.55) return NONE;
	const rng = new Random(seed * 7919 + index);
	const count = 1 + Math.floor(((plan.countDraw - 0.55) / 0.45) * 5);
	// Reviewers are distinct per product: one review per buyer.
	const reviewers = shuffled(DEMO_REVIEWERS, rng).slice(0, count);
	const level = 3.2 + plan.levelDraw * 1.8;
	const purchases: SeedPurchase[] = [];
	const reviews: SeedReview[] = [];
	const since = Math.max(product.createdAt.getTime(), now.getTime() - 365 * DAY);
	for (const reviewer of reviewers) {
		const stars = Math.max(1, Math.min(5, Math.round(level + (rng.next() - 0.5) * 2.2)));
		const paidAt = new Date(since + Math.floor(rng.next() * (now.getTime() - since) * 0.8));
		// Written some time after paying, and before now.
		const createdAt = new Date(paidAt.getTime() + Math.floor(rng.next() * (now.getTime() - paidAt.getTime()) * 0.9));
		const orderId = rng.uuid();
		const voterIds = reviewers.filter((r) => r.id !== reviewer.id && rng.chance(0.3)).map((r) => r.id);
		purchases.push({ orderId, userId: reviewer.id, productId: product.id, priceVnd: product.priceVnd, paidAt });
		reviews.push({ id: rng.uuid(), productId: product.id, userId: reviewer.id, orderId, stars, body: rng.pick(TEXTS[stars]!), helpfulCount: voterIds.length, createdAt, voterIds });
	}
	const sum = reviews.reduce((s, r) => s + r.stars, 0);
	return { purchases, reviews, ratingAvg: roundRating(sum, reviews.length), ratingCount: reviews.length };
}
