/**
 * What production refuses, found in one pass so the operator fixes it all at
 * once: missing secrets and ORIGIN, a missing, malformed or demo bank account
 * or webhook key, test hooks. loadConfig reports these together with any
 * malformed variable, in one message.
 */
import { bool, ConfigError } from './kit';
import { productionPaymentProblems } from './payments';

const PRODUCTION_REQUIRED = ['AUTH_SECRET', 'SIGNING_SECRET', 'ORIGIN'] as const;

export function productionProblems(source: Record<string, string | undefined>): string[] {
	const payments = productionPaymentProblems(source);
	const missing: string[] = [...PRODUCTION_REQUIRED.filter((name) => !source[name]), ...payments.missing];
	const other = [...payments.other];
	if (bool.safeParse(source.TEST_HOOKS).data === true) other.push('TEST_HOOKS must never be enabled in production');
	return [...(missing.length > 0 ? [`missing: ${missing.join(', ')}`] : []), ...other];
}

export function refuseProduction(problems: string[]): never {
	throw new ConfigError(
		`Production start-up refused (NODE_ENV is production or unset; for the local demo run \`npm start\` or set NODE_ENV=development):\n` +
			problems.map((p) => `  - ${p}`).join('\n') +
			'\nSecrets need at least 32 random characters, e.g. `openssl rand -base64 32`; the bank account is the one VietQR codes pay into.'
	);
}
