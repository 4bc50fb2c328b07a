// `npm start`: build once if there is no build yet, then serve it with adapter-node
// (which honours PORT, HOST and ORIGIN). Migrations run inside the server at start-up.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('build/index.js')) {
	console.log('No build yet: running `vite build` first…');
	const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
	if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../build/index.js');
