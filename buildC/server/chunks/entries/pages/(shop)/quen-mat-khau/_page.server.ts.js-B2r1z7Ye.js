import { F as ForgetPasswordInput } from '../../../../chunks/auth.js-DNKvsyge.js';
import { a as requestPasswordReset } from '../../../../chunks/password-reset.js-fEODcVKi.js';
import { f as formAction } from '../../../../chunks/forms.js-BuPKuocx.js';

const actions = {
  default: async (event) => {
    const result = await formAction(event, ForgetPasswordInput, async (input, req) => {
      await requestPasswordReset(input, req);
      return { sentTo: input.email };
    });
    return result.ok ? result.value : result.failure;
  }
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  actions: actions
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-B2r1z7Ye.js.map
