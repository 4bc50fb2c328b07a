/**
 * Builds the demo catalog, deterministically: the same seed value and size
 * give the same categories, products, aliases and flash sales (ids included);
 * dates are relative to `now`. Product #n is the same whatever the size, so a
 * small catalog is a prefix of a large one.
 *
 * `CatalogGenerator` hands the products out in chunks, so a seed can write
 * each chunk before the next is made and hold only what later rows depend on
 * (the slugs taken, the aliases and flash sales planned): 1 000 000 products
 * generated whole held 3.96 GB (docs/performance.md, "The seed at scale").
 * `generateCatalog` collects the same chunks into one catalog.
 */
import { sampleFileName, sampleSuffix } from '../../platform/storage/sample-files';
import type { ProductType } from '../../../contracts/catalog';
import { slugify } from '../paths';
import { coverFor } from './covers';
import { levelOf, musicKinds, songs, subjects, textbookSeries, type Series, type Subject } from './curriculum';
import type { CategoryRow } from '../categories';
import { Random } from './random';
import { demoReviewsFor, type ReviewPlan, type SeedPurchase, type SeedReview } from './reviews';

/** A seeded category has exactly the columns the catalog reads back. */
export type SeedCategory = CategoryRow;

export interface SeedProduct {
	id: string;
	categoryId: string;
	/** Not a column: the category path, for aliases and logs. */
	categoryPath: string;
	type: ProductType;
	title: string;
	slug: string;
	description: string;
	tags: string[];
	priceVnd: bigint;
	salePriceVnd: bigint | null;
	saleEndsAt: Date | null;
	coverImageUrl: string;
	previewImageUrls: string[];
	ratingAvg: number;
	ratingCount: number;
	popularity: number;
	fileKey: string;
	fileName: string;
	isPublished: boolean;
	createdAt: Date;
	updatedAt: Date;
}

export interface SeedAlias {
	path: string;
	productId: string;
}

export interface SeedFlashSale {
	id: string;
	productId: string;
	startsAt: Date;
	endsAt: Date;
	salePriceVnd: bigint;
	stockCap: number | null;
	stockLeft: number | null;
}

export interface SeedCatalog {
	categories: SeedCategory[];
	products: SeedProduct[];
	aliases: SeedAlias[];
	flashSales: SeedFlashSale[];
	/** Demo reviewers' paid orders and their reviews (./reviews.ts). */
	purchases: SeedPurchase[];
	reviews: SeedReview[];
}

export interface SeedOptions {
	products: number;
	seed: number;
	now: Date;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Leaf {
	category: SeedCategory;
	grade: number;
	subject: Subject;
	series: Series | null;
	weight: number;
}

const CORE_SUBJECTS = new Set(['toan', 'tieng-viet', 'ngu-van', 'tieng-anh']);

function buildCategories(rng: Random): { categories: SeedCategory[]; leaves: Leaf[] } {
	const categories: SeedCategory[] = [];
	const leaves: Leaf[] = [];
	for (let grade = 1; grade <= 12; grade++) {
		const gradeCategory: SeedCategory = {
			id: rng.uuid(),
			parentId: null,
			name: `Lớp ${grade}`,
			slug: `lop-${grade}`,
			path: `lop-${grade}`,
			depth: 0,
			sortOrder: grade,
			isActive: true
		};
		categories.push(gradeCategory);
		subjects
			.filter((s) => s.grades.includes(grade) && s.topics[grade]?.length)
			.forEach((subject, i) => {
				const subjectCategory: SeedCategory = {
					id: rng.uuid(),
					parentId: gradeCategory.id,
					name: subject.name,
					slug: subject.slug,
					path: `${gradeCategory.path}/${subject.slug}`,
					depth: 1,
					sortOrder: i + 1,
					isActive: true
				};
				categories.push(subjectCategory);
				const weight = CORE_SUBJECTS.has(subject.slug) ? 3 : 1;
				if (!subject.bySeries) {
					leaves.push({ category: subjectCategory, grade, subject, series: null, weight });
					return;
				}
				textbookSeries.forEach((series, j) => {
					const seriesCategory: SeedCategory = {
						id: rng.uuid(),
						parentId: subjectCategory.id,
						name: series.name,
						slug: series.slug,
						path: `${subjectCategory.path}/${series.slug}`,
						depth: 2,
						sortOrder: j + 1,
						isActive: true
					};
					categories.push(seriesCategory);
					leaves.push({ category: seriesCategory, grade, subject, series, weight: weight / textbookSeries.length });
				});
			});
	}
	return { categories, leaves };
}

function typeWeights(subject: Subject): [ProductType, number][] {
	if (subject.slug === 'am-nhac') {
		return [
			['MUSIC', 45],
			['LESSON_PLAN', 20],
			['SLIDE', 15],
			['VIDEO', 15],
			['COMBO', 5]
		];
	}
	return [
		['LESSON_PLAN', 35],
		['SLIDE', 27],
		['VIDEO', 13],
		['MUSIC', 5],
		['COMBO', 20]
	];
}

const PRICE_RANGES: Record<ProductType, [number, number]> = {
	LESSON_PLAN: [15, 120],
	SLIDE: [25, 150],
	VIDEO: [39, 199],
	MUSIC: [5, 29],
	COMBO: [149, 890]
};

const TYPE_TAGS: Record<ProductType, string> = {
	LESSON_PLAN: 'Giáo án',
	SLIDE: 'PowerPoint',
	VIDEO: 'Video',
	MUSIC: 'Âm nhạc',
	COMBO: 'Combo'
};

const LABELS: Record<ProductType, string> = {
	LESSON_PLAN: 'Giáo án',
	SLIDE: 'Bài giảng PowerPoint',
	VIDEO: 'Video bài giảng',
	MUSIC: 'File nhạc',
	COMBO: 'Combo tài liệu'
};

const DETAILS: Record<ProductType, string> = {
	LESSON_PLAN:
		'Đầy đủ mục tiêu, thiết bị dạy học, tiến trình các hoạt động (khởi động, hình thành kiến thức, luyện tập, vận dụng) và phiếu học tập; tải về để chỉnh sửa theo lớp của mình.',
	SLIDE:
		'Khoảng 30 trang trình chiếu sinh động, có hiệu ứng, trò chơi khởi động và câu hỏi củng cố cuối bài; chỉnh sửa được bằng PowerPoint.',
	VIDEO: 'Video dài 15–20 phút, lời giảng rõ ràng, hình minh hoạ trực quan; dùng để dạy trực tuyến hoặc trình chiếu trên lớp.',
	MUSIC: 'File âm thanh chất lượng cao, dùng cho tiết Âm nhạc, hoạt động khởi động, trò chơi hoặc sinh hoạt lớp.',
	COMBO: 'Trọn bộ gồm giáo án, bài giảng PowerPoint và phiếu bài tập cho cả học kì, tiết kiệm hơn mua lẻ từng bài.'
};

const LESSON_VARIANTS = ['', '', '', ' – Tiết 1', ' – Tiết 2', ' (có phiếu học tập)', ' (mẫu mới)'];
const COMBO_VARIANTS = [' cả năm', ' – Học kì I', ' – Học kì II'];

/** Money rounded to thousands of đồng. */
const vnd = (thousands: number) => BigInt(Math.round(thousands)) * 1000n;

/** The title, made safe as a file name, with the ending of the sample file the seed stores for it. */
function fileNameFor(title: string, type: ProductType): string {
	const base = title
		.replace(/[\\/:*?"<>|“”]/g, '')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, 120)
		.trim();
	return sampleFileName(type, base);
}

function titleFor(type: ProductType, leaf: Leaf, rng: Random): { title: string; topic: string } {
	const topics = leaf.subject.topics[leaf.grade]!;
	const index = rng.int(0, topics.length - 1);
	const topic = topics[index]!;
	const where = `${leaf.subject.name} lớp ${leaf.grade}`;
	// English units already carry their number ("Unit 3: …").
	const lesson = topic.startsWith('Unit ') ? topic : `Bài ${index + 1}: ${topic}`;
	const series = leaf.series ? ` (${leaf.series.short})` : '';
	switch (type) {
		case 'LESSON_PLAN':
			return { topic, title: `Giáo án ${where} – ${lesson}${series}${rng.pick(LESSON_VARIANTS)}` };
		case 'SLIDE':
			return { topic, title: `Bài giảng PowerPoint ${where} – ${lesson}${series}${rng.pick(LESSON_VARIANTS)}` };
		case 'VIDEO':
			return { topic, title: `Video bài giảng ${where} – ${topic}${series}` };
		case 'MUSIC':
			// Songs belong to Âm nhạc; other subjects sell background tracks for their lessons.
			if (leaf.subject.slug === 'am-nhac' && rng.chance(0.6)) {
				const song = rng.pick(songs[levelOf(leaf.grade)]);
				return {
					topic: song,
					title: rng.chance(0.5)
						? `Bài hát “${song}” – Âm nhạc lớp ${leaf.grade} (bản có lời)`
						: `Beat karaoke “${song}” – Âm nhạc lớp ${leaf.grade}`
				};
			}
			return { topic, title: `${rng.pick(musicKinds)} – ${where}` };
		case 'COMBO':
			return { topic, title: `Combo giáo án và bài giảng PowerPoint ${where}${rng.pick(COMBO_VARIANTS)}${series}` };
	}
}

/** A title's later copy: its base slug, then "-mau-N" (N ≥ 2, as `${N}` prints it). */
const COPY_SLUG = /^(.*)-mau-([1-9]\d*)$/;

/**
 * The slugs the products of one category have, in memory that grows with the distinct titles
 * rather than with the products. A repeated title's copies take "(mẫu N)" in turn from the last
 * one it took, each free one found by probing every slug before it, so every "-mau-2" to
 * "-mau-N" of a title whose last copy is N is taken: only each title's base slug (when its first
 * product has it) and its last N are kept. Exactly the answers a set of every slug gave.
 */
class CategorySlugs {
	/** Slugs taken as they are, by a title's first product. */
	private readonly plain = new Set<string>();
	/** A title's base slug → the last "(mẫu N)" it took (1: only the first product). */
	private readonly lastCopy = new Map<string, number>();

	has(slug: string): boolean {
		if (this.plain.has(slug)) return true;
		const copy = COPY_SLUG.exec(slug);
		return copy !== null && (this.lastCopy.get(copy[1]!) ?? 0) >= Number(copy[2]);
	}

	/**
	 * The lowest free "(mẫu N)" of a title with `baseSlug` (1: the base slug itself is free), taken.
	 * Probed from the last one this title took in this category: every lower one is taken already,
	 * so the answer is the same as probing from 2, without probing N slugs for the N-th copy
	 * (quadratic: 1 000 000 products spent minutes here).
	 */
	take(baseSlug: string): { slug: string; copy: number } {
		let copy = this.lastCopy.get(baseSlug) ?? 1;
		let slug = copy > 1 ? `${baseSlug}-mau-${copy}` : baseSlug;
		while (this.has(slug)) slug = `${baseSlug}-mau-${++copy}`;
		if (copy === 1) this.plain.add(slug);
		this.lastCopy.set(baseSlug, copy);
		return { slug, copy };
	}
}

/** The products, made one at a time in order: everything a product depends on is kept here. */
class ProductMaker {
	private readonly weightedLeaves: (readonly [Leaf, number])[];
	private readonly takenSlugs = new Map<string, CategorySlugs>();
	private made = 0;

	constructor(
		leaves: Leaf[],
		private readonly rng: Random,
		private readonly now: Date,
		private readonly seed: number
	) {
		this.weightedLeaves = leaves.map((l) => [l, l.weight] as const);
	}

	/** Whether a product of the category at `categoryId` has `slug`. */
	slugTaken(categoryId: string, slug: string): boolean {
		return this.takenSlugs.get(categoryId)?.has(slug) ?? false;
	}

	next(): { product: SeedProduct; purchases: SeedPurchase[]; reviews: SeedReview[] } {
		const { rng, now, seed, takenSlugs } = this;
		const n = this.made++;
		const leaf = rng.weighted(this.weightedLeaves);
		const type = rng.weighted(typeWeights(leaf.subject));
		const made = titleFor(type, leaf, rng);
		const topic = made.topic;
		let title = made.title;
		const taken = takenSlugs.get(leaf.category.id) ?? new CategorySlugs();
		takenSlugs.set(leaf.category.id, taken);
		const { slug, copy } = taken.take(slugify(title));
		if (copy > 1) title = `${title} (mẫu ${copy})`;

		const free = type === 'MUSIC' ? rng.chance(0.3) : rng.chance(0.04);
		const [lo, hi] = PRICE_RANGES[type];
		const price = free ? 0n : vnd(rng.int(lo, hi));
		let salePriceVnd: bigint | null = null;
		let saleEndsAt: Date | null = null;
		if (price > 0n && rng.chance(0.15)) {
			salePriceVnd = vnd((Number(price / 1000n) * (50 + rng.int(0, 35))) / 100);
			const ending = rng.next();
			saleEndsAt =
				ending < 0.6
					? new Date(now.getTime() + rng.int(1, 30) * DAY)
					: ending < 0.8
						? null
						: new Date(now.getTime() - rng.int(1, 10) * DAY);
		}
		// The same draws as when ratings were synthetic, so every product keeps its id; they now
		// plan the product's demo reviews, from which its rating is computed (./reviews.ts).
		const rated = rng.chance(0.75);
		const plan: ReviewPlan = { rated, countDraw: rated ? rng.next() : 0, levelDraw: rated ? rng.next() : 0 };
		const createdAt = new Date(now.getTime() - Math.floor(rng.next() * 730 * DAY));
		const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + Math.floor(rng.next() * 60 * DAY)));
		const id = rng.uuid();
		const fileName = fileNameFor(title, type);
		const series = leaf.series ? `, bộ sách ${leaf.series.name}` : '';
		const product: SeedProduct = {
			id,
			categoryId: leaf.category.id,
			categoryPath: leaf.category.path,
			type,
			title,
			slug,
			description: `${LABELS[type]} ${leaf.subject.name} lớp ${leaf.grade} – ${topic}, soạn theo Chương trình giáo dục phổ thông 2018${series}. ${DETAILS[type]}`,
			tags: [
				leaf.subject.name,
				`Lớp ${leaf.grade}`,
				TYPE_TAGS[type],
				...(leaf.series ? [leaf.series.short] : []),
				...(price === 0n ? ['Miễn phí'] : [])
			],
			priceVnd: price,
			salePriceVnd,
			saleEndsAt,
			coverImageUrl: coverFor(leaf.subject.slug, type),
			previewImageUrls: [],
			ratingAvg: 0,
			ratingCount: 0,
			popularity: Math.floor(Math.exp(rng.next() * 9.2)) - 1,
			// Storage keys are ASCII; the Vietnamese name travels in Content-Disposition.
			fileKey: `products/${id}/file${sampleSuffix(type)}`,
			fileName,
			isPublished: !rng.chance(0.01),
			createdAt,
			updatedAt
		};
		const demo = demoReviewsFor(product, n, plan, seed, now);
		product.ratingAvg = demo.ratingAvg;
		product.ratingCount = demo.ratingCount;
		// Reviewed products sell more: popularity follows, as it followed the synthetic counts.
		product.popularity += demo.ratingCount * 3;
		return { product, purchases: demo.purchases, reviews: demo.reviews };
	}
}

/**
 * Earlier names and places of some products: renamed (new slug), moved (new category), or both.
 * Planned product by product as they are made (one draw each, in order); an old path that a
 * product (made before or after) or an earlier alias has is dropped once every product is made.
 */
class AliasPlanner {
	private readonly parentPath: Map<string, string | null>;
	private readonly pathById: Map<string, string>;
	private readonly candidates: SeedAlias[] = [];

	constructor(
		categories: SeedCategory[],
		private readonly rng: Random
	) {
		this.parentPath = new Map(categories.map((c) => [c.path, c.parentId]));
		this.pathById = new Map(categories.map((c) => [c.id, c.path]));
	}

	plan(p: SeedProduct): void {
		const roll = this.rng.next();
		if (roll >= 0.035) return;
		const add = (path: string, productId: string) => this.candidates.push({ path, productId });
		const oldTitle = p.title
			.replace(/^Giáo án/, 'Kế hoạch bài dạy')
			.replace(/^Bài giảng PowerPoint/, 'Slide bài giảng')
			.replace(/^Video bài giảng/, 'Video dạy học');
		const oldSlug = slugify(oldTitle === p.title ? `${p.title} ban cu` : oldTitle, 90);
		const parentId = this.parentPath.get(p.categoryPath);
		const formerCategory = parentId ? this.pathById.get(parentId) : undefined;
		const moved = formerCategory !== undefined && p.categoryPath.split('/').length === 3;
		if (roll < 0.005 && moved) {
			// Renamed first, moved into its textbook series later: two old paths, both one hop away.
			add(`${formerCategory}/${oldSlug}`, p.id);
			add(`${p.categoryPath}/${oldSlug}`, p.id);
		} else if (roll < 0.02 && moved) {
			add(`${formerCategory}/${p.slug}`, p.id);
		} else {
			add(`${p.categoryPath}/${oldSlug}`, p.id);
		}
	}

	/** The aliases, once every product is made: `productHas(path)` tells whether a product lives at `path`. */
	finish(productHas: (path: string) => boolean): SeedAlias[] {
		const taken = new Set<string>();
		return this.candidates.filter(({ path }) => {
			if (taken.has(path) || productHas(path)) return false;
			taken.add(path);
			return true;
		});
	}
}

class FlashSalePlanner {
	readonly sales: SeedFlashSale[] = [];

	constructor(
		private readonly rng: Random,
		private readonly now: Date
	) {}

	plan(p: SeedProduct): void {
		const { rng, now } = this;
		if (p.priceVnd < 20_000n || !p.isPublished || !rng.chance(0.04)) return;
		const running = rng.chance(0.7);
		const startsAt = running
			? new Date(now.getTime() - rng.int(10, 120) * MINUTE)
			: new Date(now.getTime() + rng.int(1, 48) * HOUR);
		const endsAt = new Date(startsAt.getTime() + rng.int(6, 48) * HOUR);
		const capped = rng.chance(0.7);
		const stockCap = capped ? rng.int(20, 200) : null;
		const stockLeft = stockCap === null ? null : rng.chance(0.1) ? 0 : rng.int(1, stockCap);
		this.sales.push({
			id: rng.uuid(),
			productId: p.id,
			startsAt,
			endsAt,
			salePriceVnd: vnd((Number(p.priceVnd / 1000n) * rng.int(40, 60)) / 100),
			stockCap,
			stockLeft
		});
	}
}

/** What is known only once every product is made. */
export type SeedCatalogRest = Pick<SeedCatalog, 'aliases' | 'flashSales' | 'purchases' | 'reviews'>;

/**
 * The catalog of `options`, its products in chunks (see the module comment). Separate random
 * streams: adding products never changes category ids, and aliases or flash sales never change
 * products, so making them product by product gives what making them after all products gave.
 */
export class CatalogGenerator {
	readonly categories: SeedCategory[];
	private readonly categoryIdByPath: Map<string, string>;
	private readonly maker: ProductMaker;
	private readonly aliases: AliasPlanner;
	private readonly flashSales: FlashSalePlanner;
	private readonly purchases: SeedPurchase[] = [];
	private readonly reviews: SeedReview[] = [];
	private made = 0;

	constructor(private readonly options: SeedOptions) {
		const { categories, leaves } = buildCategories(new Random(options.seed));
		this.categories = categories;
		this.categoryIdByPath = new Map(categories.map((c) => [c.path, c.id]));
		this.maker = new ProductMaker(leaves, new Random(options.seed + 1), options.now, options.seed);
		this.aliases = new AliasPlanner(categories, new Random(options.seed + 2));
		this.flashSales = new FlashSalePlanner(new Random(options.seed + 3), options.now);
	}

	/** The next products, at most `size` of them; empty once all are made. */
	nextChunk(size: number): SeedProduct[] {
		const chunk: SeedProduct[] = [];
		while (chunk.length < size && this.made < this.options.products) {
			const { product, purchases, reviews } = this.maker.next();
			this.made++;
			this.aliases.plan(product);
			this.flashSales.plan(product);
			this.purchases.push(...purchases);
			this.reviews.push(...reviews);
			chunk.push(product);
		}
		return chunk;
	}

	*chunks(size: number): Generator<SeedProduct[]> {
		for (let chunk = this.nextChunk(size); chunk.length > 0; chunk = this.nextChunk(size)) yield chunk;
	}

	/** The aliases, flash sales and demo reviews: only once every product is made. */
	rest(): SeedCatalogRest {
		if (this.made < this.options.products) throw new Error(`${this.made} of ${this.options.products} products made`);
		const productHas = (path: string) => {
			const slash = path.lastIndexOf('/');
			const categoryId = this.categoryIdByPath.get(path.slice(0, slash));
			return categoryId !== undefined && this.maker.slugTaken(categoryId, path.slice(slash + 1));
		};
		return { aliases: this.aliases.finish(productHas), flashSales: this.flashSales.sales, purchases: this.purchases, reviews: this.reviews };
	}
}

export function generateCatalog(options: SeedOptions): SeedCatalog {
	const generator = new CatalogGenerator(options);
	const products: SeedProduct[] = [];
	for (const chunk of generator.chunks(10_000)) products.push(...chunk);
	const { aliases, flashSales, purchases, reviews } = generator.rest();
	return { categories: generator.categories, products, aliases, flashSales, purchases, reviews };
}
