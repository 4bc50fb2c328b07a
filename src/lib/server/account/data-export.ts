/**
 * "Tải dữ liệu của tôi": everything the service keeps about the account, as
 * one JSON document the person can read or take elsewhere: profile, devices,
 * orders, top-ups, wallet and its ledger, library, wishlist, support
 * requests, conversations with every message in them (sent and received; the
 * attachments named, not their bytes), the reports and blocks the person made,
 * and notifications. Live events are left out: they are copies of those, kept
 * a day for reconnecting streams. Money stays a decimal string, times ISO 8601, as in the API.
 */
import { sql } from 'drizzle-orm';
import { formatOrderNumber } from '../../order-number';
import { queryRows } from '../db/rows';
import { now } from '../platform/clock';
import { exportConversations } from '../conversations/account-data';
import { getProfile } from './profile';
import { listDevices } from './devices';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

interface OrderRow {
	id: string;
	order_number: number;
	product_id: string;
	product_title: string;
	price_vnd: string;
	promo_code: string | null;
	promo_discount_vnd: string;
	amount_vnd: string;
	payment_method: string;
	status: string;
	payment_ref: string | null;
	created_at: Date | string;
	paid_at: Date | string | null;
}

interface TopupRow {
	id: string;
	amount_vnd: string;
	bonus_vnd: string;
	total_amount_vnd: string;
	status: string;
	payment_ref: string;
	created_at: Date | string;
	paid_at: Date | string | null;
}

interface LedgerRow {
	id: string;
	entry_type: string;
	direction: string;
	pocket: string;
	amount: string;
	balance_after: string;
	ref_type: string | null;
	ref_id: string | null;
	note: string | null;
	created_at: Date | string;
}

interface OwnedRow {
	product_id: string;
	title: string;
	source: string;
	order_id: string | null;
	created_at: Date | string;
}

interface TicketRow {
	id: string;
	subject: string;
	message: string;
	status: string;
	answer: string | null;
	created_at: Date | string;
	answered_at: Date | string | null;
}

export async function exportAccountData(userId: string, currentSessionId: string) {
	const [profile, devices, orders, topups, wallet, ledger, library, wishlist, tickets, conversations, notifications] = await Promise.all([
		getProfile(userId),
		listDevices(userId, currentSessionId),
		queryRows<OrderRow>(sql`
			SELECT o.id, o.order_number, o.product_id, p.title AS product_title, o.price_vnd::text, o.promo_code,
			       o.promo_discount_vnd::text, o.amount_vnd::text, o.payment_method, o.status, o.payment_ref, o.created_at, o.paid_at
			FROM orders o JOIN products p ON p.id = o.product_id
			WHERE o.user_id = ${userId} ORDER BY o.created_at, o.id`),
		queryRows<TopupRow>(sql`
			SELECT id, amount_vnd::text, bonus_vnd::text, total_amount_vnd::text, status, payment_ref, created_at, paid_at
			FROM topup_orders WHERE user_id = ${userId} ORDER BY created_at, id`),
		queryRows<{ main: string; bonus: string }>(sql`SELECT main::text, bonus::text FROM wallets WHERE user_id = ${userId}`),
		queryRows<LedgerRow>(sql`
			SELECT id::text, entry_type, direction, pocket, amount::text, balance_after::text, ref_type, ref_id, note, created_at
			FROM wallet_ledger WHERE user_id = ${userId} ORDER BY id`),
		queryRows<OwnedRow>(sql`
			SELECT o.product_id, p.title, o.source, o.order_id, o.created_at
			FROM product_ownerships o JOIN products p ON p.id = o.product_id
			WHERE o.user_id = ${userId} ORDER BY o.created_at, o.product_id`),
		queryRows<{ product_id: string; title: string; created_at: Date | string }>(sql`
			SELECT w.product_id, p.title, w.created_at FROM wishlist_items w JOIN products p ON p.id = w.product_id
			WHERE w.user_id = ${userId} ORDER BY w.created_at, w.product_id`),
		queryRows<TicketRow>(sql`
			SELECT id, subject, message, status, answer, created_at, answered_at FROM support_tickets
			WHERE user_id = ${userId} ORDER BY created_at, id`),
		exportConversations(userId),
		queryRows<{ id: string; kind: string; group: string; title: string; body: string; link: string; created_at: Date | string; read_at: Date | string | null }>(sql`
			SELECT id::text, kind, "group", title, body, link, created_at, read_at FROM notifications WHERE user_id = ${userId} ORDER BY id`)
	]);
	return {
		exportedAt: now().toISOString(),
		profile,
		devices,
		orders: orders.map((o) => ({
			id: o.id,
			orderNumber: formatOrderNumber(Number(o.order_number)),
			productId: o.product_id,
			productTitle: o.product_title,
			priceVnd: o.price_vnd,
			promoCode: o.promo_code,
			promoDiscountVnd: o.promo_discount_vnd,
			amountVnd: o.amount_vnd,
			paymentMethod: o.payment_method,
			status: o.status,
			paymentRef: o.payment_ref,
			createdAt: iso(o.created_at),
			paidAt: iso(o.paid_at)
		})),
		topups: topups.map((t) => ({
			id: t.id,
			amountVnd: t.amount_vnd,
			bonusVnd: t.bonus_vnd,
			totalAmountVnd: t.total_amount_vnd,
			status: t.status,
			paymentRef: t.payment_ref,
			createdAt: iso(t.created_at),
			paidAt: iso(t.paid_at)
		})),
		wallet: { mainVnd: wallet[0]?.main ?? '0', bonusVnd: wallet[0]?.bonus ?? '0' },
		ledger: ledger.map((l) => ({
			id: l.id,
			type: l.entry_type,
			direction: l.direction,
			pocket: l.pocket,
			amountVnd: l.amount,
			balanceAfterVnd: l.balance_after,
			refType: l.ref_type,
			refId: l.ref_id,
			note: l.note,
			createdAt: iso(l.created_at)
		})),
		library: library.map((o) => ({ productId: o.product_id, title: o.title, source: o.source, orderId: o.order_id, since: iso(o.created_at) })),
		wishlist: wishlist.map((w) => ({ productId: w.product_id, title: w.title, savedAt: iso(w.created_at) })),
		supportTickets: tickets.map((t) => ({
			id: t.id,
			subject: t.subject,
			message: t.message,
			status: t.status,
			answer: t.answer,
			createdAt: iso(t.created_at),
			answeredAt: iso(t.answered_at)
		})),
		...conversations,
		notifications: notifications.map((n) => ({ id: n.id, kind: n.kind, group: n.group, title: n.title, body: n.body, link: n.link, createdAt: iso(n.created_at), readAt: iso(n.read_at) }))
	};
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;
