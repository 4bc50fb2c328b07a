import { config } from '../config';
import { registerJob } from '../platform/jobs';
import { log } from '../platform/logger';
import { expireDueIntents } from './intents';

/** Start-up: report the payment configuration and run the expiry sweep. */
export function setupPayments(): void {
	const { payment, paymentWebhook } = config();
	if (!payment.ready) {
		log.error('bank-transfer payments unavailable: top-ups and QR checkout answer 503 payment_processing', { problems: payment.problems });
	}
	if (!paymentWebhook.ready) {
		log.error('bank-transfer confirmations unavailable: the webhook answers 503 payment_processing', { problems: paymentWebhook.problems });
	}
	if ((payment.ready && payment.demo) || (paymentWebhook.ready && paymentWebhook.demo)) {
		log.warn('bank-transfer payments use DEMO settings (development/test only): demo QR codes cannot be paid and the demo webhook key is public');
	}
	registerJob('payment-expiry', config().paymentSweepIntervalMs, expireDueIntents);
}
