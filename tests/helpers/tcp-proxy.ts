/**
 * A TCP proxy the fault-injection tests put between the app and PostgreSQL or
 * Redis. It can cut every connection (and refuse new ones), delay traffic, or
 * black-hole it (accept but never forward), and be restored.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyMode = 'pass' | 'cut' | 'blackhole';

export interface TcpProxy {
	port: number;
	mode(): ProxyMode;
	/** Destroys open connections and refuses new ones. */
	cut(): void;
	/** Accepts and holds connections without forwarding a byte. */
	blackhole(): void;
	/** Adds latency to every chunk in both directions. */
	slow(ms: number): void;
	restore(): void;
	close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
	let mode: ProxyMode = 'pass';
	let delayMs = 0;
	const sockets = new Set<Socket>();
	const track = (s: Socket) => {
		sockets.add(s);
		s.on('close', () => sockets.delete(s));
		s.on('error', () => s.destroy());
	};
	const pipe = (from: Socket, to: Socket) => {
		from.on('data', (chunk) => {
			if (mode !== 'pass') return;
			if (delayMs > 0) setTimeout(() => to.writable && to.write(chunk), delayMs);
			else to.write(chunk);
		});
		from.on('close', () => to.destroy());
	};
	const server: Server = createServer((client) => {
		track(client);
		if (mode === 'cut') return void client.destroy();
		if (mode === 'blackhole') return;
		client.pause();
		const upstream = connect(targetPort, targetHost, () => client.resume());
		track(upstream);
		pipe(client, upstream);
		pipe(upstream, client);
	});
	await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
	const port = (server.address() as { port: number }).port;
	const destroyAll = () => {
		for (const s of sockets) s.destroy();
	};
	return {
		port,
		mode: () => mode,
		cut() {
			mode = 'cut';
			destroyAll();
		},
		blackhole() {
			mode = 'blackhole';
			destroyAll();
		},
		slow(ms) {
			delayMs = ms;
		},
		restore() {
			mode = 'pass';
			delayMs = 0;
		},
		close: () =>
			new Promise<void>((res) => {
				destroyAll();
				server.close(() => res());
			})
	};
}
