/** The payment-intent kind of a cart paid by one transfer (cart-checkout.ts); its target id is the cart checkout's. */
export const CART_KIND = 'cart';
