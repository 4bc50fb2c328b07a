import { O as fail } from './utils.js-YOZGUGf-.js';
import { b as setSessionCookie } from './session.js-BLaF3H5c.js';
import { c as classifyError } from './classify.js-IAiHLL2t.js';
import { a as authRequest } from './auth-endpoint.js-B09h9PEa.js';

const SECRET_FIELDS = /* @__PURE__ */ new Set(["password", "newPassword", "confirmPassword", "otp", "token"]);
function formValues(data) {
  const values = {};
  for (const [k, v] of data) if (typeof v === "string" && v !== "") values[k] = v;
  return values;
}
function publicValues(values) {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_FIELDS.has(k)));
}
function fieldMessages(details) {
  const fields = {};
  const list = details?.fields ?? [];
  for (const f of list) fields[f.path] ??= f.message;
  return fields;
}
async function formAction(event, schema, run) {
  const values = formValues(await event.request.formData());
  try {
    const input = schema.parse(values);
    return { ok: true, value: await run(input, authRequest(event)) };
  } catch (error) {
    return { ok: false, failure: formFailure(error, values) };
  }
}
function formFailure(error, values) {
  const c = classifyError(error);
  const fields = fieldMessages(c.details);
  return fail(c.status, {
    // Field errors speak for themselves next to their fields; the banner only points at them.
    message: Object.keys(fields).length > 0 ? "Vui lòng kiểm tra lại thông tin đã nhập." : c.message,
    fields,
    values: publicValues(values)
  });
}
function startBrowserSession(event, signedIn) {
  setSessionCookie(event.cookies, signedIn.token, signedIn.expiresAt);
}

export { formAction as f, startBrowserSession as s };
//# sourceMappingURL=forms.js-BuPKuocx.js.map
