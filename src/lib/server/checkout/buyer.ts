/**
 * Who is buying: the session's user, or a guest (POST /api/v1/checkout) who gave an email
 * and explicit consent where guest checkout is enabled. With a session,
 * `guest` and `consent` are ignored.
 */
import type { CreateCheckoutInput } from '../../contracts/checkout';
import { config } from '../config';
import { badRequest, unauthenticated } from '../errors/app-error';

export type Buyer = { kind: 'user'; userId: string } | { kind: 'guest'; email: string };

export function resolveBuyer(sessionUserId: string | null, input: Pick<CreateCheckoutInput, 'guest' | 'consent' | 'paymentMethod'>): Buyer {
	if (sessionUserId) return { kind: 'user', userId: sessionUserId };
	if (!config().checkout.guestEnabled) throw unauthenticated('Bạn cần đăng nhập để mua hàng.');
	if (!input.guest) {
		throw unauthenticated('Bạn cần đăng nhập để mua hàng, hoặc mua không cần tài khoản bằng cách gửi email nhận hàng (guest) kèm sự đồng ý (consent: true).');
	}
	if (input.consent !== true) {
		throw badRequest('Mua không cần tài khoản cần bạn đồng ý (consent: true) để chúng tôi lưu email và gửi biên nhận, liên kết tải về.', {
			fields: [{ path: 'consent', message: 'guest checkout requires consent: true' }]
		});
	}
	if (input.paymentMethod === 'wallet') {
		throw badRequest('Thanh toán bằng ví cần đăng nhập tài khoản.', { fields: [{ path: 'paymentMethod', message: 'wallet needs an account' }] });
	}
	return { kind: 'guest', email: input.guest.email.normalize('NFC').trim().toLowerCase() };
}

export const buyerUserId = (b: Buyer): string | null => (b.kind === 'user' ? b.userId : null);

/** Whose Idempotency-Keys a request's key belongs to. */
export const buyerScope = (b: Buyer): string => (b.kind === 'user' ? `user:${b.userId}` : `guest:${b.email}`);
