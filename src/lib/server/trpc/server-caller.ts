/** Server `load` functions call procedures in-process through this caller. */
import { createContext, type ContextSource } from '../policies/context';
import { appRouter } from './app-router';
import { createCallerFactory } from './init';

const factory = createCallerFactory(appRouter);

export function serverCaller(event: ContextSource) {
	return factory(createContext(event));
}
