import { N as redirect } from '../../../../chunks/utils.js-YOZGUGf-.js';
import { z } from 'zod';
import { c as ResetPasswordInput } from '../../../../chunks/auth.js-DNKvsyge.js';
import { r as resetPassword } from '../../../../chunks/password-reset.js-fEODcVKi.js';
import { d as clearSessionCookie } from '../../../../chunks/session.js-BLaF3H5c.js';
import { f as formAction } from '../../../../chunks/forms.js-BuPKuocx.js';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';

const ResetForm = ResetPasswordInput.extend({ confirmPassword: z.string({ error: "Vui lòng nhập lại mật khẩu." }) }).refine(
  (f) => f.newPassword === f.confirmPassword,
  { path: ["confirmPassword"], message: "Mật khẩu nhập lại không khớp." }
);
const load = ({ url }) => ({ token: url.searchParams.get("token") });
const actions = {
  default: async (event) => {
    const result = await formAction(event, ResetForm, (input, req) => resetPassword(input, req));
    if (!result.ok) return result.failure;
    if (event.locals.session?.user.id === result.value) clearSessionCookie(event.cookies);
    redirect(303, `${paths.signIn}?da-dat-lai=1`);
  }
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  actions: actions,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-CjCxV-wa.js.map
