/** The receiving bank account, or 503 `payment_processing` when it is not configured (never a fake QR). */
import { config, type PaymentAccount } from '../config';
import { AppError } from '../errors/app-error';

export function paymentsUnavailable(): AppError {
	return new AppError(
		'payment_processing',
		'Thanh toán chuyển khoản tạm thời không khả dụng. Vui lòng thử lại sau hoặc liên hệ hỗ trợ.'
	);
}

export function paymentAccount(): PaymentAccount {
	const settings = config().payment;
	if (!settings.ready) throw paymentsUnavailable();
	return settings;
}
