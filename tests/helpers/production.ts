/**
 * What a production server needs to start (besides ORIGIN, which startServer
 * sets): real-looking secrets and a real-looking bank account, never the demo
 * values (the config refuses those in production).
 */
export const PRODUCTION_WEBHOOK_SECRET = 'w'.repeat(40);

export const productionEnv: Record<string, string | undefined> = {
	NODE_ENV: undefined, // unset means production for `node build`
	TEST_HOOKS: undefined,
	AUTH_SECRET: 'a'.repeat(48),
	SIGNING_SECRET: 'b'.repeat(48),
	PAYMENT_WEBHOOK_SECRET: PRODUCTION_WEBHOOK_SECRET,
	PAYMENT_BANK_BIN: '970436',
	PAYMENT_BANK_NAME: 'Vietcombank',
	PAYMENT_ACCOUNT_NUMBER: '1023456789',
	PAYMENT_ACCOUNT_NAME: 'CONG TY HOC LIEU'
};
