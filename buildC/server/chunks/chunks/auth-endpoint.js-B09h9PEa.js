import { s as sessionResponse } from './accounts.js-BCqWXCT9.js';
import { b as setSessionCookie } from './session.js-BLaF3H5c.js';
import { A as AppError } from './app-error.js-BJVvpKXy.js';
import { j as json, w as withHeaders, a as errorResponse, r as readJsonBody } from './envelope.js-DJ9_zMGQ.js';

function authRequest(event) {
  return {
    ip: event.locals.clientIp,
    userAgent: event.request.headers.get("user-agent"),
    currentSessionId: event.locals.session?.id ?? null,
    responseHeaders: new Headers()
  };
}
async function parseJson(schema, request) {
  const body = await readJsonBody(request);
  if (body !== void 0 && (typeof body !== "object" || body === null || Array.isArray(body))) {
    throw new AppError(400, "validation_error", "Nội dung gửi lên phải là một đối tượng JSON.");
  }
  return schema.parse(body ?? {});
}
function signedInBody(cookies, signedIn) {
  setSessionCookie(cookies, signedIn.token, signedIn.expiresAt);
  return sessionResponse(signedIn.user, signedIn.expiresAt);
}
function authEndpoint(handler) {
  return async (event) => {
    const req = authRequest(event);
    try {
      const result = await handler(event, req);
      const response = result instanceof Response ? result : json(result, 200);
      return withHeaders(response, req.responseHeaders);
    } catch (error) {
      return errorResponse(error, event.locals.requestId, "standard", req.responseHeaders);
    }
  };
}
function methodNotAllowed(...allow) {
  return (event) => {
    const response = errorResponse(
      new AppError(405, "method_not_allowed", `Phương thức ${event.request.method} không được hỗ trợ ở đường dẫn này.`),
      event.locals.requestId
    );
    response.headers.set("Allow", allow.join(", "));
    return response;
  };
}

export { authRequest as a, authEndpoint as b, methodNotAllowed as m, parseJson as p, signedInBody as s };
//# sourceMappingURL=auth-endpoint.js-B09h9PEa.js.map
