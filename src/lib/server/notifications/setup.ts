import { config } from '../config';
import { registerJob } from '../platform/jobs';
import { deliverNotificationMail } from './mail';

/** Start-up: the notification mail job (money mails at once, digests when due). */
export function setupNotifications(): void {
	registerJob('notification-mail', config().notify.mailIntervalMs, deliverNotificationMail);
}
