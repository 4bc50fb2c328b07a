import { N as redirect } from './utils.js-YOZGUGf-.js';
import { p as paths } from './paths.js-xLTGA48h.js';

function signInPath(returnTo) {
  return `${paths.signIn}?returnTo=${encodeURIComponent(returnTo)}`;
}
function requireSignIn(event) {
  if (!event.locals.session) redirect(303, signInPath(event.url.pathname + event.url.search));
  return event.locals.session;
}

export { requireSignIn as r };
//# sourceMappingURL=page-guards.js--uaxia2H.js.map
