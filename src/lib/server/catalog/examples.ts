/**
 * Example payloads for the OpenAPI document, taken from the demo catalog
 * (`npm run seed` with the default seed value: ids and paths are what the
 * seed produces; dates are relative to when it ran).
 */
import type {
	CategoryListingResult,
	CategoryTreeItem,
	ProductDetailResult,
	ProductSummary,
	SearchResult
} from '../../contracts/catalog';

const lop4 = { id: '5d993f7b-aa48-4e0e-9ad0-4bf420e761c9', name: 'Lớp 4', slug: 'lop-4', path: 'lop-4' };
const trainghiem = {
	id: 'b39a76fb-dd45-4ce4-a45b-6b4e46828407',
	name: 'Hoạt động trải nghiệm',
	slug: 'hoat-dong-trai-nghiem',
	path: 'lop-4/hoat-dong-trai-nghiem'
};

const slide: ProductSummary = {
	id: 'db495723-9c64-4681-810b-0b35d221d942',
	title: 'Bài giảng PowerPoint Hoạt động trải nghiệm lớp 4 – Bài 4: Phòng tránh đuối nước – Tiết 1',
	slug: 'bai-giang-powerpoint-hoat-dong-trai-nghiem-lop-4-bai-4-phong-tranh-duoi-nuoc-tiet-1',
	fullPath: 'lop-4/hoat-dong-trai-nghiem/bai-giang-powerpoint-hoat-dong-trai-nghiem-lop-4-bai-4-phong-tranh-duoi-nuoc-tiet-1',
	type: 'SLIDE',
	priceVnd: '86000',
	salePriceVnd: null,
	isOnSale: false,
	saleEndsAt: null,
	flashSale: null,
	ratingAvg: 3.4,
	ratingCount: 23,
	coverImageUrl: '/covers/slide.svg',
	previewImageUrls: [],
	tags: ['Hoạt động trải nghiệm', 'Lớp 4', 'PowerPoint'],
	createdAt: '2025-09-07T21:24:51.422Z'
};

const onSale: ProductSummary = {
	id: '479643bc-ecd4-408c-8006-de670c0ac606',
	title: 'Bài giảng PowerPoint Toán lớp 7 – Bài 12: Góc với đường tròn (Kết nối tri thức) – Tiết 1',
	slug: 'bai-giang-powerpoint-toan-lop-7-bai-12-goc-voi-duong-tron-ket-noi-tri-thuc-tiet-1',
	fullPath: 'lop-7/toan/ket-noi-tri-thuc/bai-giang-powerpoint-toan-lop-7-bai-12-goc-voi-duong-tron-ket-noi-tri-thuc-tiet-1',
	type: 'SLIDE',
	priceVnd: '62000',
	salePriceVnd: '37000',
	isOnSale: true,
	saleEndsAt: '2026-09-29T01:00:00.000Z',
	flashSale: null,
	ratingAvg: 5,
	ratingCount: 3,
	coverImageUrl: '/covers/slide.svg',
	previewImageUrls: [],
	tags: ['Toán', 'Lớp 7', 'PowerPoint', 'Kết nối tri thức'],
	createdAt: '2024-10-19T12:28:17.386Z'
};

const productDetail: ProductDetailResult = {
	product: {
		...slide,
		description:
			'Bài giảng PowerPoint Hoạt động trải nghiệm lớp 4 – Phòng tránh đuối nước, soạn theo Chương trình giáo dục phổ thông 2018. Khoảng 30 trang trình chiếu sinh động, có hiệu ứng, trò chơi khởi động và câu hỏi củng cố cuối bài; chỉnh sửa được bằng PowerPoint.',
		files: [
			{
				id: '3c1f0e52-7a4b-4e0f-9d2a-5b8e6f1c2d3a',
				fileName: 'Phòng tránh đuối nước.pptx',
				format: 'PPTX',
				contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
				sizeBytes: 4_718_592,
				pageCount: 30,
				durationSeconds: null,
				preview: { status: 'ready', imageUrls: [], clipUrl: null }
			},
			{
				id: '8d2e4b61-0c5f-4a7e-b3d9-1f6a2c8e9b40',
				fileName: 'Phiếu học tập.pdf',
				format: 'PDF',
				contentType: 'application/pdf',
				sizeBytes: 183_500,
				pageCount: 2,
				durationSeconds: null,
				preview: { status: 'ready', imageUrls: [], clipUrl: null }
			}
		]
	},
	category: { ...trainghiem, parent: { id: lop4.id, name: lop4.name } },
	isPurchased: false
};

const listing: CategoryListingResult = {
	items: [slide],
	nextCursor: 'eyJ2IjoxLCJtIjoibmV3ZXN0IiwiZiI6IjFkOXVfX2tsbzRrV3pVVWMiLCJrIjpbIjIwMjUtMDktMDcgMjE6MjQ6NTEuNDIyKzAwIiwiZGI0OTU3MjMtOWM2NC00NjgxLTgxMGItMGIzNWQyMjFkOTQyIl19.3bTn9cY0kq4mTqS8J0Jw2mG1o6oVnOa5yB7oUzH9d2c',
	hasMore: true,
	category: { ...trainghiem, parent: { id: lop4.id, name: lop4.name } },
	breadcrumbs: [
		{ id: lop4.id, name: lop4.name, path: lop4.path },
		{ id: trainghiem.id, name: trainghiem.name, path: trainghiem.path }
	]
};

const tree: CategoryTreeItem[] = [
	{ id: 'b9f18006-23bc-4e63-8040-7cd77b1c8d84', name: 'Lớp 1', slug: 'lop-1', parentId: null, fullPath: 'lop-1', depth: 0, isActive: true },
	{
		id: 'da55b6a4-e896-48d3-8999-58b1253bf167',
		name: 'Toán',
		slug: 'toan',
		parentId: 'b9f18006-23bc-4e63-8040-7cd77b1c8d84',
		fullPath: 'lop-1/toan',
		depth: 1,
		isActive: true
	},
	{
		id: 'fb6e5f14-8609-4f9a-8b39-bd73d61ba75c',
		name: 'Kết nối tri thức với cuộc sống',
		slug: 'ket-noi-tri-thuc',
		parentId: 'da55b6a4-e896-48d3-8999-58b1253bf167',
		fullPath: 'lop-1/toan/ket-noi-tri-thuc',
		depth: 2,
		isActive: true
	}
];

const search: SearchResult = { items: [onSale], nextCursor: null, hasMore: false };

export const catalogExamples = { productDetail, listing, tree, search };
