export { _ as server } from '../entries/pages/(shop)/tai-ve/_page.server.ts.js-BcY7c_Bd.js';
import '../chunks/checkout.js-CYM5ahjD.js';
import 'zod';
import '../chunks/topup.js-C5XdnIjH.js';

const index = 13;
let component_cache;
const component = async () => component_cache ??= (await import('../entries/pages/(shop)/tai-ve/_page.svelte.js-DhcXrt6-.js')).default;
const server_id = "src/routes/(shop)/tai-ve/+page.server.ts";
const imports = ["_app/immutable/nodes/13.467FnX5Y.js","_app/immutable/chunks/D7cGhiFq.js","_app/immutable/chunks/BhyVjzSp.js","_app/immutable/chunks/i8oNqRw2.js","_app/immutable/chunks/z-5EvP4X.js","_app/immutable/chunks/Ca0lmKaV.js","_app/immutable/chunks/65Up0CWQ.js","_app/immutable/chunks/w0BwPUI-.js","_app/immutable/chunks/DK8miAHz.js","_app/immutable/chunks/CP8__OGA.js"];
const stylesheets = ["_app/immutable/assets/DownloadButton.weZWFBnd.css","_app/immutable/assets/13.yen93kY3.css"];
const fonts = [];

export { component, fonts, imports, index, server_id, stylesheets };
//# sourceMappingURL=13.js--Flm0I5l.js.map
