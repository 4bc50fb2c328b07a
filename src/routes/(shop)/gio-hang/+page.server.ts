import { fail, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { cartPaymentMethods, type CartCheckoutInput } from '$lib/contracts/cart';
import { errorMessage } from '$lib/errors';
import { paths } from '$lib/paths';
import { config } from '$lib/server/config';
import { classifyError } from '$lib/server/errors/classify';
import { serverCaller } from '$lib/server/trpc/server-caller';

/** "Giỏ hàng": the lines priced now, and what the buyer may pay with (README "Cart"). */
export const load: PageServerLoad = async (event) => {
	event.depends('app:cart');
	const api = serverCaller(event);
	const signedIn = event.locals.session !== null;
	const [cart, wallet] = await Promise.all([api.cart.get(), signedIn ? api.wallet.balance({}).catch(() => null) : null]);
	return { cart, signedIn, guestCheckout: config().checkout.guestEnabled, walletTotal: wallet?.total ?? null };
};

interface PayFailure {
	message: string;
	code: string;
	field: string | null;
	values: { paymentMethod: string; promoCode: string; email: string; consent: boolean };
}

export const actions: Actions = {
	/** Pays the whole cart through cart.checkout (JavaScript or not), then shows the checkout. */
	pay: async (event) => {
		const form = await event.request.formData();
		const text = (name: string) => String(form.get(name) ?? '').trim();
		const values = { paymentMethod: text('paymentMethod'), promoCode: text('promoCode'), email: text('email'), consent: form.get('consent') === 'on' };
		if (!(cartPaymentMethods as readonly string[]).includes(values.paymentMethod)) {
			return fail(400, { message: 'Hãy chọn một cách thanh toán.', code: 'validation_error', field: 'paymentMethod', values } satisfies PayFailure);
		}
		const signedIn = event.locals.session !== null;
		if (!signedIn) {
			if (!values.email) return fail(400, { message: 'Hãy nhập email để nhận biên nhận và liên kết tải về.', code: 'validation_error', field: 'email', values } satisfies PayFailure);
			if (!values.consent) {
				return fail(400, { message: 'Hãy đánh dấu đồng ý để chúng tôi gửi biên nhận và liên kết tải về qua email.', code: 'validation_error', field: 'consent', values } satisfies PayFailure);
			}
		}
		let checkoutId: string;
		try {
			const checkout = await serverCaller(event).cart.checkout({
				paymentMethod: values.paymentMethod as CartCheckoutInput['paymentMethod'],
				promoCode: values.promoCode || undefined,
				expectedTotalVnd: text('expectedTotalVnd') || undefined,
				returnTo: paths.cart,
				...(signedIn ? {} : { guest: { email: values.email }, consent: values.consent })
			});
			checkoutId = checkout.id;
		} catch (e) {
			const c = classifyError(e);
			const fields = Array.isArray(c.details?.fields) ? (c.details.fields as { path?: string }[]) : [];
			const field = typeof c.details?.field === 'string' ? c.details.field : (fields[0]?.path ?? null);
			const message = errorMessage({ data: { appCode: c.code, httpStatus: c.status, details: c.details ?? null }, message: c.message });
			return fail(c.status, { message, code: c.code, field: field === 'guest.email' ? 'email' : field, values } satisfies PayFailure);
		}
		redirect(303, paths.cartCheckout(checkoutId));
	}
};
