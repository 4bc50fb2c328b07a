import { c as config } from './config.js-CBoIX22t.js';
import { A as AppError } from './app-error.js-BJVvpKXy.js';
import { c as createCallerFactory, a as appRouter } from './app-router.js-DteJZ6ep.js';
import { c as createContext } from './context.js-CnVccAyv.js';
import { m as matchRoute, d as deprecationHeaders, b as buildRouteTable, c as coerceParams } from './coerce.js-DxiRIGP4.js';
import { a as errorResponse, w as withHeaders, j as json, b as successBody, c as assertStorableText, r as readJsonBody } from './envelope.js-DJ9_zMGQ.js';

let table;
function routeTable() {
  table ??= buildRouteTable(appRouter).filter((r) => !r.meta.internal || config().testHooks);
  return table;
}
const createCaller = createCallerFactory(appRouter);
function isRedirect(value) {
  return typeof value === "object" && value !== null && typeof value.redirect === "string";
}
async function buildInput(route, event, params) {
  const pathParams = coerceParams(route.input, new Map(Object.entries(params)));
  assertStorableText(pathParams);
  if (route.method === "GET") {
    if (!route.input) return void 0;
    const query = coerceParams(route.input, event.url.searchParams);
    assertStorableText(query);
    return { ...query, ...pathParams };
  }
  const body = await readJsonBody(event.request);
  if (!route.input) return void 0;
  if (body === void 0) return Object.keys(pathParams).length ? pathParams : {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError(400, "validation_error", "Nội dung gửi lên phải là một đối tượng JSON.");
  }
  return { ...body, ...pathParams };
}
function call(ctx, route, input) {
  let target = createCaller(ctx);
  for (const segment of route.procedurePath.split(".")) target = target[segment];
  return withDeadline(target(input));
}
async function withDeadline(work) {
  const ms = config().requestTimeoutMs;
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError(503, "service_unavailable", "Hệ thống phản hồi quá chậm, vui lòng thử lại sau ít phút.")),
      ms
    );
  });
  work.catch(() => {
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
async function handleRest(event) {
  const requestId = event.locals.requestId;
  const match = matchRoute(routeTable(), event.request.method, event.url.pathname);
  if (match.kind === "not-found") {
    return errorResponse(new AppError(404, "not_found", "Không có API nào ở đường dẫn này."), requestId);
  }
  if (match.kind === "method-not-allowed") {
    const response = errorResponse(
      new AppError(405, "method_not_allowed", `Phương thức ${event.request.method} không được hỗ trợ ở đường dẫn này.`),
      requestId
    );
    response.headers.set("Allow", [...match.allow, ...match.allow.includes("GET") ? ["HEAD"] : []].join(", "));
    return response;
  }
  const { route, params } = match;
  const ctx = createContext(event);
  if (route.meta.deprecated) {
    for (const [k, v] of Object.entries(deprecationHeaders(route.meta.deprecated, config().origin))) {
      ctx.responseHeaders.set(k, v);
    }
  }
  try {
    const input = await buildInput(route, event, params);
    const result = await call(ctx, route, input);
    if (route.meta.redirects && isRedirect(result)) {
      return withHeaders(new Response(null, { status: 308, headers: { Location: result.redirect } }), ctx.responseHeaders);
    }
    return withHeaders(json(successBody(route.meta.envelope, result, requestId), 200), ctx.responseHeaders);
  } catch (error) {
    return errorResponse(error, requestId, route.meta.errorShape, ctx.responseHeaders);
  }
}

export { handleRest as h, routeTable as r };
//# sourceMappingURL=facade.js-BUehpMiX.js.map
