/**
 * Playwright's global setup: a real OpenID Connect provider (the one the
 * integration tests use, tests/helpers/oidc-server.ts) on the port the e2e
 * server's OIDC_ISSUER names (playwright.config.ts). It signs in one teacher
 * whose address it vouches for; the returned function stops it after the run.
 */
import { startOidcServer } from '../helpers/oidc-server';

export const E2E_OIDC_TEACHER = { sub: 'e2e-teacher-oidc', email: 'co.thu.oidc@truong.edu.vn', email_verified: true, name: 'Cô Đặng Thu Thảo' };

export default async function setup(): Promise<() => Promise<void>> {
	const provider = await startOidcServer({ port: Number(process.env.E2E_OIDC_PORT) });
	provider.nextUser(E2E_OIDC_TEACHER);
	return () => provider.stop();
}
