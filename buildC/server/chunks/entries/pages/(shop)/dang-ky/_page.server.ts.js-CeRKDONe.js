import { N as redirect } from '../../../../chunks/utils.js-YOZGUGf-.js';
import { z } from 'zod';
import { i as isSafeRedirectPath, S as SignUpInput, R as RedirectPath } from '../../../../chunks/auth.js-DNKvsyge.js';
import { a as signUp } from '../../../../chunks/accounts.js-BCqWXCT9.js';
import { f as formAction, s as startBrowserSession } from '../../../../chunks/forms.js-BuPKuocx.js';

const SignUpForm = SignUpInput.extend({ confirmPassword: z.string({ error: "Vui lòng nhập lại mật khẩu." }), returnTo: RedirectPath.optional() }).refine(
  (f) => f.password === f.confirmPassword,
  { path: ["confirmPassword"], message: "Mật khẩu nhập lại không khớp." }
);
const load = ({ url }) => {
  const returnTo = url.searchParams.get("returnTo");
  return { returnTo: returnTo && isSafeRedirectPath(returnTo) ? returnTo : null };
};
const actions = {
  default: async (event) => {
    const result = await formAction(event, SignUpForm, async (input, req) => ({
      signedIn: await signUp({ email: input.email, password: input.password, name: input.name }, req),
      returnTo: input.returnTo
    }));
    if (!result.ok) return result.failure;
    startBrowserSession(event, result.value.signedIn);
    redirect(303, result.value.returnTo ?? "/");
  }
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  actions: actions,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-CeRKDONe.js.map
