/** What people send each other and the staff: reports, support requests, conversations (per account and per IP). */
import { positiveInt, setting, type EnvOf } from './kit';

export const communityVariables = {
	REPORT_RATE_LIMIT: setting(positiveInt.default(5), 'product reports per hour per account (per address when signed out)'),
	REPORT_RATE_LIMIT_IP: setting(positiveInt.default(30), 'product reports per hour per address (a school behind one NAT)'),
	SUPPORT_RATE_LIMIT: setting(positiveInt.default(5), 'support requests ("Hỗ trợ") per hour per account (per address when signed out)'),
	SUPPORT_RATE_LIMIT_IP: setting(positiveInt.default(30), 'support requests per hour per address'),
	CONVERSATION_RATE_LIMIT: setting(positiveInt.default(10), 'new conversations (and questions continuing one) per hour per account'),
	CONVERSATION_RATE_LIMIT_IP: setting(positiveInt.default(60), 'new conversations per hour per address'),
	MESSAGE_RATE_LIMIT: setting(positiveInt.default(30), 'messages per minute per account'),
	MESSAGE_RATE_LIMIT_IP: setting(positiveInt.default(120), 'messages per minute per address'),
	MESSAGE_ATTACHMENT_MAX_BYTES: setting(
		positiveInt.max(100 * 1024 ** 2).default(10 * 1024 ** 2),
		'largest file attached to a message (10 MiB; at most 100 MiB); images (JPEG, PNG, WebP) and PDFs, at most 4 a message'
	)
};

export function communitySettings(env: EnvOf<typeof communityVariables>) {
	return {
		/** Reports per hour: per account (or IP when signed out), and per IP. */
		reportRateLimit: env.REPORT_RATE_LIMIT,
		reportRateLimitIp: env.REPORT_RATE_LIMIT_IP,
		/** Support requests per hour, per account (or per IP when signed out), and per IP. */
		supportRateLimit: env.SUPPORT_RATE_LIMIT,
		supportRateLimitIp: env.SUPPORT_RATE_LIMIT_IP,
		/** New conversations per hour and messages per minute, per account and per IP. */
		conversations: {
			startPerHour: env.CONVERSATION_RATE_LIMIT,
			startPerHourIp: env.CONVERSATION_RATE_LIMIT_IP,
			messagesPerMinute: env.MESSAGE_RATE_LIMIT,
			messagesPerMinuteIp: env.MESSAGE_RATE_LIMIT_IP,
			attachmentMaxBytes: env.MESSAGE_ATTACHMENT_MAX_BYTES
		}
	};
}
