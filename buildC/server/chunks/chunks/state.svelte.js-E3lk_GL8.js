import { W as noop } from './index.js-Oj9LwuME.js';
import './exports.js-B9Uzt4sy.js';
import './utils.js-YOZGUGf-.js';
import './root.js-BiG7g75A.js';

const is_legacy = noop.toString().includes("$$") || /function \w+\(\) \{\}/.test(noop.toString());
const placeholder_url = "a:";
if (is_legacy) {
  ({
    url: new URL(placeholder_url)
  });
} else {
  new class Page {
    data = {};
    form = null;
    error = null;
    params = {};
    route = { id: null };
    state = {};
    status = -1;
    url = new URL(placeholder_url);
  }();
}
//# sourceMappingURL=state.svelte.js-E3lk_GL8.js.map
