/**
 * @upstash/ratelimit's client interface over ioredis, so the same Lua scripts
 * run against a self-hosted Redis. The scripts start with
 * `#!lua flags=allow-key-locking`, which Redis 7.0 refuses ("Unexpected flag
 * in script shebang"); we strip that line and remember which stripped script
 * stands for which of the library's hashes, so EVALSHA keeps working.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ScriptClient } from './upstash-algorithm-store';

const SHEBANG = /^#!lua[^\n]*\n/;

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

export function stripShebang(script: string): string {
	return script.replace(SHEBANG, '');
}

type Arg = string | number;

export class IoRedisScriptClient implements ScriptClient {
	/** The library's hash (of the original script) → the SHA Redis knows (of the stripped one). */
	private readonly loaded = new Map<string, string>();

	constructor(private readonly redis: Redis) {}

	async evalsha(sha: string, keys: string[], args: unknown[]): Promise<unknown> {
		const stripped = this.loaded.get(sha);
		// The library answers NOSCRIPT by sending the script itself through eval().
		if (!stripped) throw new Error('NOSCRIPT script not loaded through this client yet');
		return this.redis.evalsha(stripped, keys.length, ...keys, ...(args as Arg[]));
	}

	async eval(script: string, keys: string[], args: unknown[]): Promise<unknown> {
		const stripped = stripShebang(script);
		const result = await this.redis.eval(stripped, keys.length, ...keys, ...(args as Arg[]));
		this.loaded.set(sha1(script), sha1(stripped));
		return result;
	}

	get(key: string): Promise<unknown> {
		return this.redis.get(key);
	}

	set(key: string, value: unknown): Promise<unknown> {
		return this.redis.set(key, String(value));
	}
}
