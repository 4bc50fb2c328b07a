import { z } from 'zod';

const productTypes = ["LESSON_PLAN", "SLIDE", "VIDEO", "MUSIC", "COMBO"];
const ProductType = z.enum(productTypes);
const productTypeLabels = {
  LESSON_PLAN: "Giáo án",
  SLIDE: "Bài giảng trình chiếu",
  VIDEO: "Video bài giảng",
  MUSIC: "Âm nhạc",
  COMBO: "Combo"
};
const MoneyVnd = z.string().regex(/^[0-9]+$/);
const DateTime = z.iso.datetime({ offset: true });
const listSorts = ["newest", "popular", "rating"];
const ListSort = z.enum(listSorts);
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SEGMENT_LENGTH = 120;
const MAX_PATH_LENGTH = 512;
const MAX_PATH_DEPTH = 12;
const FlashSaleInfo = z.object({
  active: z.boolean(),
  endTime: DateTime,
  stockLeft: z.number().int().nullable()
});
const ProductSummary = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  fullPath: z.string(),
  type: ProductType,
  priceVnd: MoneyVnd,
  /** The price actually charged now when it is below `priceVnd` (flash sale first, then the regular sale). */
  salePriceVnd: MoneyVnd.nullable(),
  isOnSale: z.boolean(),
  saleEndsAt: DateTime.nullable(),
  /** The running flash sale, or the next one scheduled; null when there is none. */
  flashSale: FlashSaleInfo.nullable(),
  ratingAvg: z.number(),
  ratingCount: z.number().int(),
  coverImageUrl: z.string().nullable(),
  previewImageUrls: z.array(z.string()),
  tags: z.array(z.string()),
  createdAt: DateTime
});
const ProductDetail = ProductSummary.extend({ description: z.string() });
const CategoryDetail = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  path: z.string(),
  parent: z.object({ id: z.string(), name: z.string() }).nullable()
});
const Breadcrumb = z.object({ id: z.string(), name: z.string(), path: z.string() });
const CategoryTreeItem = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: z.string().nullable(),
  fullPath: z.string(),
  depth: z.number().int(),
  isActive: z.boolean()
});
const pageSize = (max, fallback) => z.number().int().min(1).max(max).default(fallback);
const cursor = z.string().min(1).max(512).optional();
const priceBound = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
function boundsInOrder(schema, min, max) {
  return schema.refine(
    (v) => v[min] === void 0 || v[max] === void 0 || v[min] <= v[max],
    { message: `${min} không được lớn hơn ${max}.`, path: [min] }
  );
}
const ProductDetailInput = z.object({ fullPath: z.string().min(1).max(MAX_PATH_LENGTH * 2) });
const ProductDetailResult = z.object({
  product: ProductDetail,
  category: CategoryDetail,
  isPurchased: z.boolean()
});
const Redirect = z.object({ redirect: z.string() });
const CategoryListingInput = boundsInOrder(
  z.object({
    path: z.string().max(MAX_PATH_LENGTH * 2),
    type: ProductType.optional(),
    minPriceVnd: priceBound.optional(),
    maxPriceVnd: priceBound.optional(),
    onSale: z.boolean().optional(),
    sort: ListSort.default("newest"),
    cursor,
    pageSize: pageSize(50, 12)
  }),
  "minPriceVnd",
  "maxPriceVnd"
);
const CategoryListingResult = z.object({
  items: z.array(ProductSummary),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
  category: CategoryDetail,
  breadcrumbs: z.array(Breadcrumb)
});
const CategoryTreeResult = z.array(CategoryTreeItem);
const SEARCH_MAX_LENGTH = 128;
const SearchInput = boundsInOrder(
  z.object({
    q: z.string().max(SEARCH_MAX_LENGTH).transform((s) => s.normalize("NFC").trim()).pipe(z.string().min(1, "Nhập từ khoá tìm kiếm.")),
    type: ProductType.optional(),
    categoryId: z.uuid().optional(),
    minPrice: priceBound.optional(),
    maxPrice: priceBound.optional(),
    /** Omitted: relevance. */
    sort: ListSort.optional(),
    cursor,
    pageSize: pageSize(50, 24)
  }),
  "minPrice",
  "maxPrice"
);
const SearchResult = z.object({
  items: z.array(ProductSummary),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean()
});

export { CategoryTreeResult as C, MAX_PATH_LENGTH as M, ProductSummary as P, Redirect as R, SLUG_PATTERN as S, MAX_PATH_DEPTH as a, MAX_SEGMENT_LENGTH as b, SearchInput as c, SearchResult as d, CategoryListingInput as e, CategoryListingResult as f, ProductDetailInput as g, ProductDetailResult as h, ProductType as i, SEARCH_MAX_LENGTH as j, productTypeLabels as k, listSorts as l, productTypes as p };
//# sourceMappingURL=catalog.js-DINH2wV_.js.map
