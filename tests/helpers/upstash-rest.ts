/**
 * A stand-in for Upstash's REST endpoint in front of the real Redis: it speaks
 * the protocol @upstash/redis uses (JSON command arrays on POST, `/pipeline`,
 * bearer token, base64-encoded replies) and runs each command on Redis. Only
 * the HTTP hop is imitated; the commands, Lua scripts and keys are real.
 * Upstash accepts the scripts' `#!lua flags=allow-key-locking` line and this
 * machine's Redis 7.0 does not, so the stand-in drops that line (keeping the
 * client's script hashes valid) the way Upstash's server would accept it.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Redis } from 'ioredis';

export interface UpstashStandIn {
	url: string;
	token: string;
	/** Commands received, e.g. ["EVALSHA", …]. */
	commands: string[][];
	close(): Promise<void>;
}

function encode(value: unknown): unknown {
	if (typeof value === 'string') return value === 'OK' ? value : Buffer.from(value).toString('base64');
	if (Array.isArray(value)) return value.map(encode);
	return value;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startUpstashStandIn(redisUrl: string): Promise<UpstashStandIn> {
	const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
	const token = 'test-token-upstash';
	const commands: string[][] = [];
	const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
	const scripts = new Map<string, string>();
	const run = async (command: unknown[], base64: boolean) => {
		const [name, ...args] = command.map(String);
		commands.push([name!.toUpperCase(), ...args]);
		if (name!.toUpperCase() === 'EVAL') {
			const stripped = args[0]!.replace(/^#!lua[^\n]*\n/, '');
			scripts.set(sha1(args[0]!), sha1(stripped));
			args[0] = stripped;
		} else if (name!.toUpperCase() === 'EVALSHA') {
			args[0] = scripts.get(args[0]!) ?? args[0]!;
		}
		try {
			const result = await redis.call(name!, ...args);
			return { result: base64 ? encode(result) : result };
		} catch (error) {
			return { error: (error as Error).message };
		}
	};
	const server: Server = createServer(async (req, res) => {
		if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${token}`) {
			res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Unauthorized' }));
			return;
		}
		const base64 = req.headers['upstash-encoding'] === 'base64';
		const body = (await readBody(req)) as unknown[];
		let reply: unknown;
		if (req.url === '/pipeline' || req.url === '/multi-exec') {
			reply = await Promise.all((body as unknown[][]).map((c) => run(c, base64)));
		} else {
			reply = await run(body, base64);
			if ((reply as { error?: string }).error) {
				res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
				return;
			}
		}
		res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}`,
		token,
		commands,
		close: async () => {
			await new Promise((resolve) => server.close(resolve));
			redis.disconnect();
		}
	};
}
