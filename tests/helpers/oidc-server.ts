/**
 * A real OpenID Connect server for the social sign-in tests (ADR 019):
 * oauth2-mock-server on a free local port, with discovery, JWKS, an
 * authorization endpoint that redirects back with a code, PKCE checked at the
 * token endpoint, and ID tokens signed with its own RSA key. Tests choose who
 * the next sign-in is (`nextUser`) and may tamper with the next ID token or
 * token response to see the app refuse it.
 */
import type { JWTPayload } from 'jose';
import { generateKeyPairSync, sign } from 'node:crypto';
import { OAuth2Server, type MutableResponse, type MutableToken } from 'oauth2-mock-server';
import { freePort } from './server';

export interface OidcUser {
	sub: string;
	email?: string;
	email_verified?: boolean;
	name?: string;
}

export interface TestOidcServer {
	issuer: string;
	/** Who the next ID tokens name (until changed). */
	nextUser(user: OidcUser): void;
	/** Changes the next ID token's claims before it is signed (once). */
	tamperNextIdToken(edit: (payload: JWTPayload) => void): void;
	/** Replaces the next ID token with one signed by a key the issuer never published (once). */
	signNextIdTokenWithForeignKey(): void;
	stop(): Promise<void>;
}

/** `port`: a fixed one, when the app's configuration must name the issuer before the server starts (Playwright). */
export async function startOidcServer(opts: { port?: number } = {}): Promise<TestOidcServer> {
	const server = new OAuth2Server();
	await server.issuer.keys.generate('RS256');
	const port = opts.port ?? (await freePort());
	await server.start(port, '127.0.0.1');
	const issuer = `http://127.0.0.1:${port}`;
	server.issuer.url = issuer;

	let user: OidcUser = { sub: 'johndoe' };
	let tamper: ((payload: JWTPayload) => void) | null = null;
	let foreignKey = false;

	// The access token carries `scope`; the ID token does not.
	server.service.on('beforeTokenSigning', (token: MutableToken) => {
		if ('scope' in token.payload) return;
		Object.assign(token.payload, user);
		if (tamper) {
			tamper(token.payload);
			tamper = null;
		}
	});
	// The event is synchronous, so the forged token is signed with node:crypto's synchronous sign.
	const { privateKey: foreign } = generateKeyPairSync('rsa', { modulusLength: 2048 });
	server.service.on('beforeResponse', (response: MutableResponse) => {
		if (!foreignKey) return;
		foreignKey = false;
		const body = response.body as Record<string, unknown>;
		const [header, payload] = String(body.id_token).split('.');
		// The same header (and `kid`) and claims as the real token: only the signature differs.
		const input = `${header}.${payload}`;
		body.id_token = `${input}.${sign('sha256', Buffer.from(input), foreign).toString('base64url')}`;
	});

	return {
		issuer,
		nextUser: (u) => {
			user = u;
		},
		tamperNextIdToken: (edit) => {
			tamper = edit;
		},
		signNextIdTokenWithForeignKey: () => {
			foreignKey = true;
		},
		stop: () => server.stop()
	};
}
