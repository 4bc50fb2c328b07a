/** What the "Gửi lại mã xác minh" actions answer (server/verify-email-actions.ts) for `VerifyEmail.svelte`. */
export interface VerificationResult {
	/** The code and link were mailed to this address. */
	sentTo?: string;
	/** The address is proven now. */
	verified?: boolean;
	/** Why the last step failed. */
	message?: string;
	/** The failure was the code's: keep showing the code field. */
	codeStep?: boolean;
}
