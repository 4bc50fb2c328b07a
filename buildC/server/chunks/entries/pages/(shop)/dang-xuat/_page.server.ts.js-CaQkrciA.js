import { N as redirect } from '../../../../chunks/utils.js-YOZGUGf-.js';
import { e as signOut } from '../../../../chunks/accounts.js-BCqWXCT9.js';
import { d as clearSessionCookie } from '../../../../chunks/session.js-BLaF3H5c.js';

const actions = {
  default: async ({ locals, cookies }) => {
    if (locals.session) await signOut(locals.session.id);
    clearSessionCookie(cookies);
    redirect(303, "/");
  }
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  actions: actions
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-CaQkrciA.js.map
