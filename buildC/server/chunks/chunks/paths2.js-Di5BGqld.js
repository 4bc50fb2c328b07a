import { M as MAX_PATH_LENGTH, a as MAX_PATH_DEPTH, b as MAX_SEGMENT_LENGTH, S as SLUG_PATTERN } from './catalog.js-DINH2wV_.js';
import { b as badRequest } from './app-error.js-BJVvpKXy.js';

function pathProblem(path) {
  if (path.length > MAX_PATH_LENGTH) return "too_long";
  const segments = path.split("/");
  if (segments.length > MAX_PATH_DEPTH) return "too_deep";
  for (const segment of segments) {
    if (segment === "") return "empty_segment";
    if (segment.length > MAX_SEGMENT_LENGTH) return "too_long";
    if (!SLUG_PATTERN.test(segment)) return "invalid_characters";
  }
  return null;
}
const MESSAGES = {
  empty_segment: 'Đường dẫn không hợp lệ: có đoạn rỗng (hai dấu "/" liền nhau hoặc "/" ở cuối).',
  too_long: "Đường dẫn quá dài.",
  too_deep: "Đường dẫn có quá nhiều cấp.",
  invalid_characters: "Đường dẫn chỉ được chứa chữ thường không dấu, chữ số và dấu gạch ngang."
};
function assertValidPath(path, field) {
  const problem = pathProblem(path);
  if (problem) throw badRequest(MESSAGES[problem], { fields: [{ path: field, message: MESSAGES[problem], reason: problem }] });
}
function splitProductPath(fullPath) {
  const cut = fullPath.lastIndexOf("/");
  if (cut <= 0) return null;
  return { categoryPath: fullPath.slice(0, cut), slug: fullPath.slice(cut + 1) };
}
function pathPrefixes(path) {
  const segments = path.split("/");
  return segments.map((_, i) => segments.slice(0, i + 1).join("/"));
}
function slugify(text, maxLength = 100) {
  const folded = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/đ/g, "d").replace(/Đ/g, "D").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (folded.length <= maxLength) return folded || "san-pham";
  const cut = folded.slice(0, maxLength + 1);
  const boundary = cut.lastIndexOf("-");
  return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, maxLength)).replace(/-+$/g, "") || "san-pham";
}

export { assertValidPath as a, splitProductPath as b, pathPrefixes as p, slugify as s };
//# sourceMappingURL=paths2.js-Di5BGqld.js.map
