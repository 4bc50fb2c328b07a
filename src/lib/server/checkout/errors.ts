/** The checkout's refusals, worded once. */
import { AppError, badRequest, notFound } from '../errors/app-error';

export const unknownProduct = () =>
	badRequest('Sản phẩm không tồn tại hoặc chưa được mở bán.', { fields: [{ path: 'productId', message: 'unknown or unpublished product' }] });

export const invalidPromo = (message = 'Mã khuyến mãi không hợp lệ, đã hết hạn hoặc không áp dụng cho sản phẩm này.') =>
	badRequest(message, { fields: [{ path: 'promoCode', message: 'invalid promo code' }] });

export const alreadyOwned = (productId: string) =>
	new AppError('already_owned', 'Bạn đã sở hữu sản phẩm này, không cần mua lại.', { productId });

/** The clear line a cart with an owned product gets (README "Cart"). */
export const ownedInCart = (productId: string, title: string) =>
	new AppError('already_owned', `Bạn đã sở hữu “${title}”: hãy bỏ học liệu này khỏi giỏ hàng rồi thanh toán lại.`, { productId });

export const flashSaleSoldOut = (productId: string) =>
	new AppError(
		'flash_sale_sold_out',
		'Đợt giảm giá chớp nhoáng của sản phẩm này đã hết suất. Bạn có thể mua với giá thường sau khi đợt giảm giá kết thúc.',
		{ productId }
	);

/** Unknown and not-yours read the same, so order ids cannot be probed (GET /api/v1/checkout/{orderId}). */
export const orderNotFound = () => notFound('Không tìm thấy đơn hàng.');
