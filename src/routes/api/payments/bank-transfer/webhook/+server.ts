/**
 * Bank-transfer notifications (docs/architecture.md#payments), outside /api/v1 because
 * they come from the payment notifier, not from API clients. Every accepted
 * notification answers 200 `{ success: true }` — matched or not — so the
 * notifier stops retrying; only a processing failure answers 5xx, and the
 * next delivery retries it.
 */
import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';
import { AppError, unauthenticated } from '$lib/server/errors/app-error';
import { validationDetails } from '$lib/server/errors/classify';
import { paymentsUnavailable } from '$lib/server/payments/account';
import { BankTransferNotification, receiveBankTransfer } from '$lib/server/payments/bank-transfer';
import { isAuthorisedWebhook } from '$lib/server/payments/webhook-auth';
import { readJsonBody } from '$lib/server/rest/body';
import { errorResponse, json } from '$lib/server/rest/envelope';

export const POST: RequestHandler = async ({ request, locals }) => {
	try {
		// Only the key matters here: money for existing orders is confirmed even if the QR settings broke.
		const key = config().paymentWebhook;
		if (!key.ready) throw paymentsUnavailable();
		if (!isAuthorisedWebhook(request.headers.get('authorization'), key.secret)) {
			throw unauthenticated('Khoá xác thực webhook không hợp lệ.');
		}
		const body = await readJsonBody(request);
		const parsed = BankTransferNotification.safeParse(body);
		if (!parsed.success) {
			throw new AppError('validation_error', 'Thông báo chuyển khoản không hợp lệ.', validationDetails(parsed.error));
		}
		const outcome = await receiveBankTransfer(parsed.data, body);
		return json({ success: true, status: outcome.status, transferId: outcome.transferId }, 200);
	} catch (error) {
		return errorResponse(error, locals.requestId);
	}
};
