function deprecationHeaders(d, origin) {
  const since = Date.parse(d.since);
  const sunset = Date.parse(d.sunset);
  return {
    Deprecation: `@${Math.floor(since / 1e3)}`,
    Sunset: new Date(sunset).toUTCString(),
    Link: `<${origin}/developers#deprecations>; rel="deprecation"; type="text/html"`
  };
}
function assertDeprecationWindow(name, d) {
  const since = Date.parse(d.since);
  const sunset = Date.parse(d.sunset);
  if (Number.isNaN(since) || Number.isNaN(sunset)) throw new Error(`${name}: deprecation dates must be ISO dates`);
  const earliest = new Date(since);
  earliest.setUTCMonth(earliest.getUTCMonth() + 6);
  if (sunset < earliest.getTime()) throw new Error(`${name}: Sunset must be at least 6 months after Deprecation`);
}
const PARAM = /\{(\.\.\.)?([A-Za-z_][A-Za-z0-9_]*)\}/g;
function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function compilePath(path) {
  const params = [];
  let source = "";
  let last = 0;
  for (const m of path.matchAll(PARAM)) {
    source += escapeRegExp(path.slice(last, m.index));
    const catchAll = m[1] === "...";
    params.push({ name: m[2], catchAll });
    source += catchAll ? "(.*)" : "([^/]+)";
    last = m.index + m[0].length;
  }
  source += escapeRegExp(path.slice(last));
  return { pattern: new RegExp(`^${source}$`), params };
}
function openApiPath(path) {
  return path.replace(PARAM, (_, __, name) => `{${name}}`);
}
function buildRouteTable(router) {
  const procedures = router._def.procedures;
  const routes = [];
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const def = procedure._def;
    const meta = def.meta?.openapi;
    if (!meta || def.type === "subscription") continue;
    if (meta.method === "GET" !== (def.type === "query")) {
      throw new Error(`${procedurePath}: GET routes must be queries and other methods mutations`);
    }
    if (def.inputs.length > 1) throw new Error(`${procedurePath}: one input schema per REST procedure`);
    if (meta.deprecated) assertDeprecationWindow(procedurePath, meta.deprecated);
    const { pattern, params } = compilePath(meta.path);
    routes.push({
      procedurePath,
      type: def.type,
      meta,
      method: meta.method,
      pattern,
      params,
      input: def.inputs[0],
      output: def.output
    });
  }
  return routes.sort((a, b) => a.params.length - b.params.length);
}
function decodeSegmented(raw) {
  return raw.split("/").map(decodeURIComponent).join("/");
}
function matchRoute(routes, method, pathname) {
  const allow = /* @__PURE__ */ new Set();
  for (const route of routes) {
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    if (route.method !== method && !(method === "HEAD" && route.method === "GET")) {
      allow.add(route.method);
      continue;
    }
    const params = {};
    route.params.forEach((p, i) => {
      params[p.name] = decodeSegmented(m[i + 1]);
    });
    return { kind: "found", route, params };
  }
  if (allow.size > 0) return { kind: "method-not-allowed", allow: [...allow].sort() };
  return { kind: "not-found" };
}
const WRAPPERS = /* @__PURE__ */ new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);
function kindOf(schema) {
  let s = schema;
  for (let i = 0; i < 10 && s; i++) {
    const def = s._zod.def;
    if (WRAPPERS.has(def.type)) s = def.innerType;
    else if (def.type === "pipe") s = def.in;
    else if (def.type === "number" || def.type === "int" || def.type === "bigint") return "number";
    else if (def.type === "boolean") return "boolean";
    else if (def.type === "array") return "array";
    else return "other";
  }
  return "other";
}
function objectShape(schema) {
  let s = schema;
  for (let i = 0; i < 10 && s; i++) {
    const def = s._zod.def;
    if (def.type === "object") return s.shape;
    if (WRAPPERS.has(def.type)) s = def.innerType;
    else if (def.type === "pipe") s = def.in;
    else return {};
  }
  return {};
}
const INTEGER = /^-?\d+$/;
function coerceValue(schema, raw) {
  switch (kindOf(schema)) {
    case "number":
      return INTEGER.test(raw) ? Number(raw) : raw;
    case "boolean":
      return raw === "true" ? true : raw === "false" ? false : raw;
    default:
      return raw;
  }
}
function coerceParams(schema, params) {
  const shape = objectShape(schema);
  const out = {};
  const keys = new Set(params.keys());
  for (const key of keys) {
    const field = shape[key];
    const values = params instanceof URLSearchParams ? params.getAll(key) : [params.get(key)];
    if (field && kindOf(field) === "array") {
      out[key] = values;
    } else if (values.length > 1) {
      out[key] = values.map((v) => coerceValue(field, v));
    } else {
      out[key] = field ? coerceValue(field, values[0]) : values[0];
    }
  }
  return out;
}

export { objectShape as a, buildRouteTable as b, coerceParams as c, deprecationHeaders as d, matchRoute as m, openApiPath as o };
//# sourceMappingURL=coerce.js-DxiRIGP4.js.map
