/**
 * The top frames of V8 CPU profiles (`.cpuprofile`, written by the server on
 * SIGUSR2: src/lib/server/platform/cpu-profile.ts), by self time, so a bench
 * run's JSON says where each scenario's server time went.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

export interface TopFrame {
	frame: string;
	selfMs: number;
	percent: number;
}

/** `build/server/chunks/x.js:12` rather than a file:// URL with the whole checkout path. */
function where(url: string, line: number): string {
	if (!url) return '';
	const short = url.replace(/^file:\/\//, '').replace(/^.*?\/(build|node_modules)\//, '$1/');
	return ` ${short}:${line + 1}`;
}

export function topFrames(files: string[], count = 15): { totalMs: number; top: TopFrame[] } {
	const selfUs = new Map<string, number>();
	let totalUs = 0;
	for (const file of files) {
		const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
		const names = new Map(profile.nodes.map((n) => [n.id, `${n.callFrame.functionName || '(anonymous)'}${where(n.callFrame.url, n.callFrame.lineNumber)}`]));
		profile.samples.forEach((id, i) => {
			const us = profile.timeDeltas[i] ?? 0;
			const name = names.get(id) ?? '(unknown)';
			selfUs.set(name, (selfUs.get(name) ?? 0) + us);
			totalUs += us;
		});
	}
	const top = [...selfUs.entries()]
		.sort((a, b) => b[1] - a[1])
		.slice(0, count)
		.map(([frame, us]) => ({ frame, selfMs: Math.round(us / 100) / 10, percent: totalUs ? Math.round((us / totalUs) * 1000) / 10 : 0 }));
	return { totalMs: Math.round(totalUs / 1000), top };
}
