import './state.svelte.js-E3lk_GL8.js';
import './exports.js-B9Uzt4sy.js';
import './utils2.js-ejsMtG81.js';
import './utils.js-YOZGUGf-.js';
import './root.js-BiG7g75A.js';
import { a3 as getContext } from './index.js-Oj9LwuME.js';

function context() {
  return getContext("__request__");
}
const page$1 = {
  get error() {
    return context().page.error;
  },
  get status() {
    return context().page.status;
  },
  get url() {
    return context().page.url;
  }
};
const page = page$1;

export { page as p };
//# sourceMappingURL=index2.js-CCcmzUgx.js.map
