import { t as toAuthUser } from '../../chunks/accounts.js-BCqWXCT9.js';

const load = ({ locals }) => ({
  user: locals.session ? toAuthUser(locals.session.user) : null
});

var _layout_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  load: load
});

export { _layout_server_ts as _ };
//# sourceMappingURL=_layout.server.ts.js-DBFC1Kug.js.map
