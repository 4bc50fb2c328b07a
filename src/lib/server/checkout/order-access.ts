/**
 * The order-access cookie (docs/api.md#authentication): `order_access_<orderId>` =
 * `<orderId>.<expiry in unix seconds>.<HMAC>` (purpose `order-access`). It
 * lets whoever created an order — a guest above all — poll that one order;
 * the id inside must match the id in the name, so it authorises nothing else.
 */
import { config } from '../config';
import { nowMs } from '../platform/clock';
import { sign, verify } from '../platform/signing';

const PREFIX = 'order_access_';

export function orderAccessCookieName(orderId: string): string {
	return `${PREFIX}${orderId}`;
}

export interface OrderAccessCookie {
	name: string;
	value: string;
	maxAgeSeconds: number;
}

export function issueOrderAccess(orderId: string): OrderAccessCookie {
	const ttlMs = config().checkout.orderAccessTtlMs;
	const expires = Math.floor((nowMs() + ttlMs) / 1000);
	return { name: orderAccessCookieName(orderId), value: sign('order-access', `${orderId}.${expires}`), maxAgeSeconds: Math.floor(ttlMs / 1000) };
}

/** True when `value` is an untampered, unexpired access cookie for exactly this order. */
export function grantsOrderAccess(orderId: string, value: string | undefined): boolean {
	if (!value) return false;
	const payload = verify('order-access', value);
	if (payload === null) return false;
	const dot = payload.lastIndexOf('.');
	const expires = Number(payload.slice(dot + 1));
	return payload.slice(0, dot) === orderId && Number.isInteger(expires) && expires * 1000 > nowMs();
}
