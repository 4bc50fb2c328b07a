const index = 1;
let component_cache;
const component = async () => component_cache ??= (await import('../entries/pages/_error.svelte.js-D7LpjMog.js')).default;
const imports = ["_app/immutable/nodes/1.DrLyTpyV.js","_app/immutable/chunks/D7cGhiFq.js","_app/immutable/chunks/BhyVjzSp.js","_app/immutable/chunks/i8oNqRw2.js","_app/immutable/chunks/z-5EvP4X.js","_app/immutable/chunks/Dq5VbQ1V.js","_app/immutable/chunks/ras4GAWO.js","_app/immutable/chunks/w0BwPUI-.js","_app/immutable/chunks/Ca0lmKaV.js"];
const stylesheets = ["_app/immutable/assets/1.PlDsaHhx.css"];
const fonts = [];

export { component, fonts, imports, index, stylesheets };
//# sourceMappingURL=1.js-Cg1QOUVD.js.map
