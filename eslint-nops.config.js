import base from '/work/main/eslint.config.js';
export default base.map((c) => (c.languageOptions?.parserOptions?.projectService ? { ...c, languageOptions: { ...c.languageOptions, parserOptions: { ...c.languageOptions.parserOptions, projectService: false } } } : c));
