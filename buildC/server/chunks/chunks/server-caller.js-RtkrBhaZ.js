import { c as createContext } from './context.js-CnVccAyv.js';
import { c as createCallerFactory, a as appRouter } from './app-router.js-DteJZ6ep.js';

const factory = createCallerFactory(appRouter);
function serverCaller(event) {
  return factory(createContext(event));
}

export { serverCaller as s };
//# sourceMappingURL=server-caller.js-RtkrBhaZ.js.map
