class MediaQuery {
  current;
  /**
   * @param {string} query
   * @param {boolean} [matches]
   */
  constructor(query, matches = false) {
    this.current = matches;
  }
}

export { MediaQuery as M };
//# sourceMappingURL=index-server.js-Bpvy_lqR.js.map
