/**
 * The payment methods, by the name a checkout asks for (docs/checkout.md: adding one is a module
 * here and a line in this table, beside the name in the contract and the order schema).
 */
import type { CartPaymentMethod, PaymentMethod } from '../../db/schema';
import { cash } from './cash';
import { free } from './free';
import type { CartMethod, CheckoutMethod } from './method';
import { qr } from './qr';
import { wallet } from './wallet';

const cartMethods: Record<CartPaymentMethod, CartMethod> = { qr_direct: qr, wallet, free_claim: free };

const orderMethods: Record<PaymentMethod, CheckoutMethod> = { ...cartMethods, cash_manual: cash };

export const orderMethod = (name: PaymentMethod): CheckoutMethod => orderMethods[name];
export const cartMethod = (name: CartPaymentMethod): CartMethod => cartMethods[name];
