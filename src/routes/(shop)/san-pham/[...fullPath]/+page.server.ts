import { error, fail, redirect } from '@sveltejs/kit';
import type { Actions, PageServerLoad } from './$types';
import { paymentMethods, type PaymentMethod } from '$lib/contracts/checkout';
import { errorMessage } from '$lib/errors';
import { paths } from '$lib/paths';
import { productTypeInfo } from '$lib/product-types';
import { config } from '$lib/server/config';
import { classifyError } from '$lib/server/errors/classify';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const REVIEWS_PAGE = 10;

const notFound = () => error(404, { message: 'Không tìm thấy học liệu ở đường dẫn này. Có thể học liệu đã được đổi tên hoặc gỡ xuống.', code: 'not_found' });

export const load: PageServerLoad = async (event) => {
	const { params, url, locals } = event;
	const api = serverCaller(event);
	let found;
	try {
		found = await api.catalog.product({ fullPath: params.fullPath });
	} catch (e) {
		// A path that cannot be a product (bad characters, too deep) is just not found for a reader.
		if (classifyError(e).code === 'validation_error') notFound();
		throwPageError(e);
	}
	// Old product paths move permanently, like the API's 308.
	if ('moved' in found) redirect(308, paths.product(found.moved) + url.search);

	const { product, category, isPurchased } = found;
	const signedIn = locals.session !== null;
	const [siblings, download, wallet, seller, saved, reviews, myReview, bundle] = await Promise.all([
		// Breadcrumbs and "cùng danh mục" come from the category's listing; the page stands without them.
		api.catalog.listing({ path: category.path, sort: 'popular', pageSize: 5 }).catch(() => null),
		isPurchased ? api.storefront.ownedDownload({ productId: product.id }).catch(() => null) : null,
		signedIn && !isPurchased ? api.wallet.balance({}).catch(() => null) : null,
		// The author's page link; the house catalog has none, and the page stands without it.
		api.authors.ofProduct({ id: product.id }).catch(() => null),
		signedIn ? api.wishlist.savedIds({ ids: [product.id] }).then((ids) => ids.includes(product.id)) : null,
		// Buyer reviews: the page stands without them, the section then says they could not be loaded.
		// `?danh-gia-sau=` is the next page of them without JavaScript (an unusable cursor reads as unavailable).
		api.reviews.list({ productId: product.id, pageSize: REVIEWS_PAGE, cursor: url.searchParams.get('danh-gia-sau') ?? undefined }).catch(() => null),
		signedIn ? api.reviews.mine({ productId: product.id }).catch(() => null) : null,
		// A Combo made of other products: its items and this buyer's "Mua nốt bộ" price (404 for a Combo sold as one file).
		productTypeInfo[product.type].bundles ? api.bundles.of({ id: product.id }).catch(() => null) : null
	]);

	return {
		product,
		category,
		isPurchased,
		signedIn,
		guestCheckout: config().checkout.guestEnabled,
		download,
		walletTotal: wallet?.total ?? null,
		author: seller?.author ?? null,
		/** Null when signed out. */
		saved,
		reviews,
		reviewsPageSize: REVIEWS_PAGE,
		/** Null when signed out (or unavailable). */
		myReview,
		/** Null unless the product is a bundle of other products (README, Bundles). */
		bundle,
		breadcrumbs: [
			{ name: 'Trang chủ', href: paths.home },
			...(siblings?.breadcrumbs ?? [{ name: category.name, path: category.path }]).map((b) => ({ name: b.name, href: paths.category(b.path) })),
			{ name: product.title, href: paths.product(product.fullPath) }
		],
		related: (siblings?.items ?? []).filter((p) => p.id !== product.id).slice(0, 4),
		origin: url.origin
	};
};

interface BuyFailure {
	message: string;
	code: string;
	field: string | null;
	values: { paymentMethod: string; promoCode: string; email: string; consent: boolean };
}

const wording = {
	unauthenticated: 'Hãy đăng nhập để mua, hoặc chọn chuyển khoản QR và nhập email để mua không cần tài khoản.',
	already_owned: 'Bạn đã sở hữu học liệu này rồi — tải lại trang để thấy nút “Tải về”.'
};

export const actions: Actions = {
	/** Starts checkout through checkout.create (JavaScript or not), then shows the order. */
	buy: async (event) => {
		const form = await event.request.formData();
		const text = (name: string) => String(form.get(name) ?? '').trim();
		const values = {
			paymentMethod: text('paymentMethod'),
			promoCode: text('promoCode'),
			email: text('email'),
			consent: form.get('consent') === 'on'
		};
		const productId = text('productId');
		if (!(paymentMethods as readonly string[]).includes(values.paymentMethod)) {
			return fail(400, { message: 'Hãy chọn một cách thanh toán.', code: 'validation_error', field: 'paymentMethod', values } satisfies BuyFailure);
		}
		const signedIn = event.locals.session !== null;
		if (!signedIn && values.paymentMethod !== 'wallet') {
			if (!values.email) return fail(400, { message: 'Hãy nhập email để nhận biên nhận và liên kết tải về.', code: 'validation_error', field: 'email', values } satisfies BuyFailure);
			if (!values.consent) {
				return fail(400, { message: 'Hãy đánh dấu đồng ý để chúng tôi gửi biên nhận và liên kết tải về qua email.', code: 'validation_error', field: 'consent', values } satisfies BuyFailure);
			}
		}
		let orderId: string;
		try {
			const order = await serverCaller(event).checkout.create({
				productId,
				paymentMethod: values.paymentMethod as PaymentMethod,
				promoCode: values.promoCode || undefined,
				returnTo: event.url.pathname,
				...(signedIn ? {} : { guest: { email: values.email }, consent: values.consent })
			});
			orderId = order.id;
		} catch (e) {
			const c = classifyError(e);
			const fields = Array.isArray(c.details?.fields) ? (c.details.fields as { path?: string }[]) : [];
			const field = typeof c.details?.field === 'string' ? c.details.field : (fields[0]?.path ?? null);
			const message = errorMessage({ data: { appCode: c.code, httpStatus: c.status, details: c.details ?? null }, message: c.message }, {
				...wording,
				...(field === 'guest.email' ? { validation_error: 'Email chưa đúng định dạng, ví dụ: ten@truong.edu.vn.' } : {})
			});
			return fail(c.status, { message, code: c.code, field: field === 'guest.email' ? 'email' : field, values } satisfies BuyFailure);
		}
		redirect(303, paths.checkout(orderId));
	}
};
