import { C as error } from './utils.js-YOZGUGf-.js';
import { c as classifyError } from './classify.js-IAiHLL2t.js';

function throwPageError(e) {
  const c = classifyError(e);
  error(c.status, { message: c.message, code: c.code });
}

export { throwPageError as t };
//# sourceMappingURL=page-error.js-Dr-caU-8.js.map
