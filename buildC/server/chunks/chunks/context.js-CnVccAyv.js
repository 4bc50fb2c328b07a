function createContext(event) {
  return {
    requestId: event.locals.requestId,
    clientIp: event.locals.clientIp,
    request: event.request,
    cookies: event.cookies,
    responseHeaders: new Headers(),
    session: event.locals.session
  };
}

export { createContext as c };
//# sourceMappingURL=context.js-CnVccAyv.js.map
