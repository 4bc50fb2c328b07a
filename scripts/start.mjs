// `npm start`: the embedded demo. Serves a production build made from the sources as they are
// now (scripts/start-build.mjs), building first when there is none or it is stale, with
// adapter-node (which honours PORT, HOST and ORIGIN). The server itself treats an unset NODE_ENV
// as production (`node build` never runs on demo keys), so this launcher chooses demo mode
// explicitly and says so before anything else.
import { buildForStart, sourceDigest, staleBecause } from './start-build.mjs';

process.env.NODE_ENV ??= 'development';
const mode = process.env.NODE_ENV === 'development' ? 'demo' : process.env.NODE_ENV;
console.log(
	mode === 'demo'
		? 'hoclieu: DEMO mode (NODE_ENV=development): embedded database, demo catalog and account, public demo payment keys. Never expose this to the internet; production is `node build` with the settings in README "Modes".'
		: `hoclieu: ${mode} mode (NODE_ENV=${process.env.NODE_ENV}).`
);

const stale = staleBecause('build', sourceDigest('.'));
if (stale) {
	console.log(`Building (${stale}): \`vite build\`…`);
	if (!buildForStart('.', 'build')) process.exit(1);
}
await import('../build/index.js');
