// `npm start`: the embedded demo. Build once if there is no build yet, then serve it
// with adapter-node (which honours PORT, HOST and ORIGIN). The server itself treats an
// unset NODE_ENV as production (`node build` never runs on demo keys), so this launcher
// chooses demo mode explicitly and says so before anything else.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

process.env.NODE_ENV ??= 'development';
const mode = process.env.NODE_ENV === 'development' ? 'demo' : process.env.NODE_ENV;
console.log(
	mode === 'demo'
		? 'hoclieu: DEMO mode (NODE_ENV=development): embedded database, demo catalog and account, public demo payment keys. Never expose this to the internet; production is `node build` with the settings in README "Modes".'
		: `hoclieu: ${mode} mode (NODE_ENV=${process.env.NODE_ENV}).`
);

if (!existsSync('build/index.js')) {
	console.log('No build yet: running `vite build` first…');
	const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../build/index.js');
