import { p as productTypes, l as listSorts } from './catalog.js-DINH2wV_.js';

const sortLabels = {
  newest: "Mới nhất",
  popular: "Phổ biến nhất",
  rating: "Đánh giá cao nhất"
};
function parsePrice(raw) {
  if (raw === null) return void 0;
  const digits = raw.replace(/\D/g, "");
  if (digits === "" || digits.length > 12) return void 0;
  return Number(digits);
}
function parseFilters(params) {
  const out = {};
  const type = params.get("type");
  if (type && productTypes.includes(type)) out.type = type;
  let min = parsePrice(params.get("minPrice"));
  let max = parsePrice(params.get("maxPrice"));
  if (min !== void 0 && max !== void 0 && min > max) [min, max] = [max, min];
  if (min !== void 0) out.minPrice = min;
  if (max !== void 0) out.maxPrice = max;
  if (params.get("onSale") === "true") out.onSale = true;
  const sort = params.get("sort");
  if (sort && listSorts.includes(sort)) out.sort = sort;
  return out;
}
function filterQuery(filters, extra = {}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) if (v) params.set(k, v);
  if (filters.type) params.set("type", filters.type);
  if (filters.minPrice !== void 0) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== void 0) params.set("maxPrice", String(filters.maxPrice));
  if (filters.onSale) params.set("onSale", "true");
  if (filters.sort) params.set("sort", filters.sort);
  const s = params.toString();
  return s ? `?${s}` : "";
}
function hasFilters(f) {
  return f.type !== void 0 || f.minPrice !== void 0 || f.maxPrice !== void 0 || f.onSale === true;
}

export { filterQuery as f, hasFilters as h, parseFilters as p, sortLabels as s };
//# sourceMappingURL=listing-filters.js-BC-SGA3w.js.map
