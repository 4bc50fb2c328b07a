/** Notification mail (README "Notifications and mail preferences") and the live event stream (README "Live event stream", ADR 020). */
import { positiveInt, setting, type EnvOf } from './kit';

export const notifyVariables = {
	NOTIFY_DIGEST_MINUTES: setting(
		positiveInt.default(60),
		'at most one notification digest mail per person per this many minutes (money mails are not held back); see [Notifications and mail preferences](#notifications-and-mail-preferences)'
	),
	NOTIFY_MAIL_INTERVAL_MS: setting(positiveInt.default(30_000), 'how often the `notification-mail` job sends money mails and the digests that are due'),
	LIVE_HEARTBEAT_MS: setting(positiveInt.default(15_000), 'a `: ping` comment on every open event stream this often; see [Live event stream](#live-event-stream)'),
	LIVE_RETRY_MS: setting(
		positiveInt.default(3_000),
		'the `retry:` advice at the start of an event stream: how long a browser waits before it reconnects'
	),
	LIVE_RETENTION_HOURS: setting(
		positiveInt.default(24),
		'how long live events stay resumable with `Last-Event-ID`; older ones are pruned and a stream asked for them answers `resync`'
	),
	LIVE_PRUNE_INTERVAL_MS: setting(positiveInt.default(600_000), 'how often the `live-events-prune` job deletes events older than `LIVE_RETENTION_HOURS`')
};

export function notifySettings(env: EnvOf<typeof notifyVariables>) {
	return {
		notify: {
			/** At most one digest mail per person per this many minutes. */
			digestMinutes: env.NOTIFY_DIGEST_MINUTES,
			/** How often the notification mail job runs. */
			mailIntervalMs: env.NOTIFY_MAIL_INTERVAL_MS
		},
		live: {
			/** A comment line on every open stream this often, so proxies keep it and clients notice a dead one. */
			heartbeatMs: env.LIVE_HEARTBEAT_MS,
			/** The `retry:` advice: how long a browser waits before it reconnects. */
			retryMs: env.LIVE_RETRY_MS,
			/** How long events stay resumable with Last-Event-ID. */
			retentionMs: env.LIVE_RETENTION_HOURS * 3_600_000,
			/** How often events older than that are deleted. */
			pruneIntervalMs: env.LIVE_PRUNE_INTERVAL_MS
		}
	};
}
