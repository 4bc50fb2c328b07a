/**
 * A real HTTP server shaped like Zalo's OAuth v4 and Graph API, for the Zalo
 * sign-in tests (ADR 019). It does what the app relies on Zalo to do, and
 * refuses what Zalo refuses:
 *
 * - GET  /v4/permission?app_id&redirect_uri&code_challenge&state: "the person
 *   approves" at once and redirects to `redirect_uri` with a fresh `code`, the
 *   `state` and the `code_challenge` (as Zalo echoes it).
 * - POST /v4/access_token (form `app_id`, `code`, `grant_type`,
 *   `code_verifier`; header `secret_key`): the code is single use and the
 *   verifier must hash (S256) to the challenge it was issued for. Like Zalo,
 *   a refusal is HTTP 200 with a numeric `error`, and a success has no
 *   `token_type` and `expires_in` as a string.
 * - GET  /v2.0/me?fields=id,name,picture (header `access_token`): the user.
 *
 * Tests choose who approves next (`nextUser`), read why requests were refused
 * (`refusals`), and may hold profile answers until N callbacks wait at once
 * (`holdProfiles`), which makes concurrent first sign-ins really overlap.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from './server';

export interface ZaloUser {
	id: string;
	name: string;
}

export interface TestZaloServer {
	url: string;
	appId: string;
	secret: string;
	nextUser(user: ZaloUser): void;
	/** Why the token and profile endpoints refused requests, oldest first. */
	refusals: string[];
	/** The token requests as received (form fields and the secret header). */
	tokenRequests: { form: Record<string, string>; secretKey: string | undefined }[];
	/** The next `count` profile requests are answered together, once all of them have arrived. */
	holdProfiles(count: number): void;
	stop(): Promise<void>;
}

interface IssuedCode {
	challenge: string;
	user: ZaloUser;
	used: boolean;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function json(res: ServerResponse, body: unknown, status = 200): void {
	res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

export async function startZaloServer(opts: { appId?: string; secret?: string } = {}): Promise<TestZaloServer> {
	const appId = opts.appId ?? '3001234567890123456';
	const secret = opts.secret ?? `zalo-secret-${randomBytes(6).toString('hex')}`;
	let user: ZaloUser = { id: '1000000000000000001', name: 'Người dùng Zalo' };
	const codes = new Map<string, IssuedCode>();
	const accessTokens = new Map<string, ZaloUser>();
	const refusals: string[] = [];
	const tokenRequests: TestZaloServer['tokenRequests'] = [];
	let held: { needed: number; waiting: (() => void)[] } | null = null;

	const refuse = (res: ServerResponse, reason: string, error: number) => {
		refusals.push(reason);
		json(res, { error, error_name: reason, error_reason: reason, ref_doc: 'https://developers.zalo.me/docs', error_description: reason });
	};

	const server = createServer(async (req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1');
		if (req.method === 'GET' && url.pathname === '/v4/permission') {
			const redirectUri = url.searchParams.get('redirect_uri');
			const challenge = url.searchParams.get('code_challenge');
			if (url.searchParams.get('app_id') !== appId || !redirectUri || !challenge) {
				refusals.push('permission_bad_request');
				res.writeHead(400).end('invalid request');
				return;
			}
			const code = randomBytes(24).toString('base64url');
			codes.set(code, { challenge, user, used: false });
			const back = new URL(redirectUri);
			back.searchParams.set('code', code);
			back.searchParams.set('state', url.searchParams.get('state') ?? '');
			back.searchParams.set('code_challenge', challenge);
			res.writeHead(302, { location: back.href }).end();
			return;
		}
		if (req.method === 'POST' && url.pathname === '/v4/access_token') {
			const form = await formOf(req);
			const secretKey = req.headers['secret_key'] as string | undefined;
			tokenRequests.push({ form, secretKey });
			if (secretKey !== secret) return refuse(res, 'invalid_secret_key', -14004);
			if (form.app_id !== appId) return refuse(res, 'invalid_app_id', -14001);
			if (form.grant_type !== 'authorization_code') return refuse(res, 'invalid_grant_type', -14002);
			const issued = form.code ? codes.get(form.code) : undefined;
			if (!issued) return refuse(res, 'invalid_code', -14019);
			if (issued.used) return refuse(res, 'code_already_used', -14019);
			// Spent by this attempt whatever follows, as an authorization code must be.
			issued.used = true;
			if (!form.code_verifier) return refuse(res, 'missing_code_verifier', -14016);
			if (s256(form.code_verifier) !== issued.challenge) return refuse(res, 'invalid_code_verifier', -14016);
			const accessToken = randomBytes(24).toString('base64url');
			accessTokens.set(accessToken, issued.user);
			json(res, { access_token: accessToken, refresh_token: randomBytes(24).toString('base64url'), expires_in: '3600' });
			return;
		}
		if (req.method === 'GET' && url.pathname === '/v2.0/me') {
			const who = accessTokens.get(String(req.headers['access_token'] ?? ''));
			if (!who) {
				refusals.push('invalid_access_token');
				json(res, { error: 452, message: 'Session key invalid. This could be because session key has an incorrect format, or because the user has revoked this session' });
				return;
			}
			if (held) {
				const gate = held;
				await new Promise<void>((release) => {
					gate.waiting.push(release);
					if (gate.waiting.length >= gate.needed) {
						held = null;
						for (const r of gate.waiting) r();
					}
				});
			}
			json(res, { id: who.id, name: who.name, picture: { data: { url: `https://s120-ava-talk.zadn.vn/${who.id}.jpg` } }, error: 0, message: 'Success' });
			return;
		}
		res.writeHead(404).end('not found');
	});
	const port = await freePort();
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${port}`,
		appId,
		secret,
		nextUser: (u) => {
			user = u;
		},
		refusals,
		tokenRequests,
		holdProfiles: (count) => {
			held = { needed: count, waiting: [] };
		},
		stop: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
}
