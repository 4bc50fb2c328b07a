/**
 * Receipt emails of paid orders. A receipt is sent after the payment has
 * committed — never inside its transaction — and a mail failure never
 * touches the payment: `receiptStatus` records the outcome and the receipts
 * job retries what is still due (also after a crash between the payment and
 * the email). Claiming `pending → sending` is one conditional UPDATE, so
 * concurrent senders (the webhook, the job on several instances) send once.
 */
import { hasMailbox } from '../auth/mailbox';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { ReceiptStatus } from '../db/schema';
import { db } from '../db/client';
import { orders, products, users } from '../db/schema';
import { downloadPageUrl } from '../downloads/links';
import { issueDownloadToken } from '../downloads/tokens';
import { now, nowMs } from '../platform/clock';
import { log } from '../platform/logger';
import { mailConfigured, maskEmail, sendMail } from '../platform/mail';
import { receiptMail } from './receipt-mail';
import { issueReceiptLink } from './receipt-link';
import { formatOrderNumber } from '../../order-number';
import { paths } from '../../paths';
import { config } from '../config';
import type { OrderRow } from './transitions';

/** A `sending` claim older than this belongs to a sender that died. */
const STALE_SENDING_MS = 10 * 60_000;
/** Paid orders get this long for the immediate attempt before the job steps in. */
const PENDING_GRACE_MS = 60_000;
const RETRY_FAILED_AFTER_MS = 5 * 60_000;
const MAX_RECEIPT_ATTEMPTS = 5;
const JOB_BATCH = 20;

const ago = (ms: number) => new Date(nowMs() - ms);

function claim(orderId: string) {
	return db()
		.update(orders)
		.set({ receiptStatus: 'sending', receiptAttempts: sql`${orders.receiptAttempts} + 1`, receiptAttemptedAt: now() })
		.where(
			and(
				eq(orders.id, orderId),
				eq(orders.status, 'PAID'),
				or(
					eq(orders.receiptStatus, 'pending'),
					and(eq(orders.receiptStatus, 'failed'), lt(orders.receiptAttempts, MAX_RECEIPT_ATTEMPTS)),
					and(eq(orders.receiptStatus, 'sending'), lte(orders.receiptAttemptedAt, ago(STALE_SENDING_MS)))
				)
			)
		)
		.returning();
}

/** Who gets the receipt and what it names: read here, or handed over by a checkout that read them already. */
export interface ReceiptFacts {
	productTitle: string;
	/** The buyer's account; null for a guest (the order's guestEmail). */
	account: { email: string; name: string | null } | null;
}

async function readFacts(order: OrderRow): Promise<ReceiptFacts | undefined> {
	const [product] = await db().select({ title: products.title }).from(products).where(eq(products.id, order.productId));
	const [account] = order.userId ? await db().select({ email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId)) : [];
	return product && { productTitle: product.title, account: account ?? null };
}

function compose(order: OrderRow, facts: ReceiptFacts | undefined) {
	const to = facts?.account?.email ?? order.guestEmail;
	if (!facts || !to) throw new Error(`order ${order.id} has no product or no recipient`);
	const { token, expiresAt } = issueDownloadToken({ productId: order.productId, orderId: order.id });
	return receiptMail({
		to,
		buyerName: facts.account?.name ?? null,
		orderNumber: formatOrderNumber(order.orderNumber),
		productTitle: facts.productTitle,
		priceVnd: order.priceVnd,
		promoDiscountVnd: order.promoDiscountVnd,
		promoCode: order.promoCode,
		amountVnd: order.amountVnd,
		paymentMethod: order.paymentMethod,
		paymentRef: order.paymentRef,
		paidAt: order.paidAt!,
		downloadUrl: downloadPageUrl(token),
		downloadExpiresAt: expiresAt,
		receiptUrl: `${config().origin}${paths.receipt(order.id)}?ma=${encodeURIComponent(issueReceiptLink(order.id))}`
	});
}

/** Sends a claimed receipt (`sending`) and records the outcome. */
async function send(order: OrderRow, facts: () => Promise<ReceiptFacts | undefined>): Promise<ReceiptStatus> {
	const orderId = order.id;
	let outcome: ReceiptStatus;
	try {
		const message = compose(order, await facts());
		await sendMail(message);
		// An account without an address (Zalo sign-in) keeps its receipt on the site only.
		outcome = mailConfigured() && hasMailbox(message.to) ? 'sent' : 'suppressed';
		log.info('order receipt', { orderId, outcome, to: maskEmail(message.to) });
	} catch (error) {
		outcome = 'failed';
		log.warn('order receipt failed; the receipts job retries it', { orderId, attempt: order.receiptAttempts, error });
	}
	await recordOutcome(orderId, outcome);
	return outcome;
}

/**
 * How long outcomes wait to be written together. Under load every paid
 * wallet order ends here; one UPDATE for all the receipts settled within the
 * window saves a round trip per order (docs/decisions/013). If the process
 * dies inside the window the claims stay `sending` and the job takes them
 * over when they are stale, as after a crash between the mail and the write.
 */
const OUTCOME_BATCH_MS = 10;

let openBatch: { outcomes: Map<string, ReceiptStatus>; written: Promise<void> } | undefined;

/** Resolves when the outcome is written (with the rest of its batch), so callers still see it done. */
function recordOutcome(orderId: string, outcome: ReceiptStatus): Promise<void> {
	if (!openBatch) {
		const outcomes = new Map<string, ReceiptStatus>();
		const written = new Promise<void>((resolve, reject) => {
			setTimeout(() => {
				openBatch = undefined;
				writeOutcomes(outcomes).then(resolve, reject);
			}, OUTCOME_BATCH_MS);
		});
		openBatch = { outcomes, written };
	}
	openBatch.outcomes.set(orderId, outcome);
	return openBatch.written;
}

/**
 * Fixed text whatever the batch size (arrays, not a VALUES list), so it stays one prepared statement.
 * The same statement tells a signed-in buyer "receipt ready" (group `money`, linking to the PDF) the
 * first time their receipt settles: sent (or, without SMTP, suppressed), or failed for good. The mail
 * was that message when it went out (`skipped`); after a last failure the notification mail job
 * mails it instead, as money mails always are. A notification row publishes itself live (ADR 020).
 */
async function writeOutcomes(outcomes: Map<string, ReceiptStatus>): Promise<void> {
	const ids = `{${[...outcomes.keys()].join(',')}}`;
	const statuses = `{${[...outcomes.values()].join(',')}}`;
	const at = now().toISOString();
	await db().execute(sql`WITH settled AS (
			UPDATE orders o SET receipt_status = v.status, updated_at = ${at}::timestamptz
			FROM unnest(${ids}::uuid[], ${statuses}::text[]) AS v(id, status)
			WHERE o.id = v.id AND o.receipt_status = 'sending'
			RETURNING o.id, o.user_id, o.order_number, o.receipt_status, o.receipt_attempts
		)
		INSERT INTO notifications (user_id, kind, "group", title, body, link, created_at, mail_state)
		SELECT s.user_id, 'order.receipt_ready', 'money', 'Phiếu thu đơn DH' || s.order_number || ' đã sẵn sàng',
			CASE WHEN s.receipt_status = 'failed'
				THEN 'Chưa gửi được phiếu thu qua email. Bạn tải phiếu thu (PDF) tại đây, có thể ghi tên trường và mã số thuế.'
				ELSE 'Phiếu thu đã được gửi tới email của bạn. Bạn cũng tải được phiếu thu (PDF) tại đây, có thể ghi tên trường và mã số thuế.' END,
			'/thanh-toan/' || s.id || '/phieu-thu', ${at}::timestamptz,
			CASE WHEN s.receipt_status = 'failed' THEN 'pending' ELSE 'skipped' END
		FROM settled s
		WHERE s.user_id IS NOT NULL
			AND (s.receipt_status IN ('sent', 'suppressed') OR (s.receipt_status = 'failed' AND s.receipt_attempts >= ${MAX_RECEIPT_ATTEMPTS}))
			AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = s.user_id AND n.kind = 'order.receipt_ready' AND n.link = '/thanh-toan/' || s.id || '/phieu-thu')`);
}

/** Sends the receipt if it is due; the outcome, or null when another sender has it or it is done. */
export async function deliverReceipt(orderId: string): Promise<ReceiptStatus | null> {
	const [order] = await claim(orderId);
	if (!order) return null;
	return send(order, () => readFacts(order));
}

/**
 * A wallet order's receipt, which its paying statement inserted already
 * claimed (`sending`, one attempt) with the facts it read: only the mail and
 * the outcome are left. If this process dies first, the receipts job takes
 * the stale claim over.
 */
export function deliverClaimedReceiptSoon(order: OrderRow, facts: ReceiptFacts): void {
	void send(order, async () => facts).catch((error: unknown) => log.error('order receipt: could not record the outcome', { orderId: order.id, error }));
}

/** After the payment has committed; the caller does not wait for the mail server. */
export function deliverReceiptSoon(orderId: string): void {
	void deliverReceipt(orderId).catch((error: unknown) => log.error('order receipt: could not record the outcome', { orderId, error }));
}

/** The receipts job: pending ones the immediate attempt missed, failed ones due a retry, abandoned claims. */
export async function deliverDueReceipts(): Promise<number> {
	const due = await db()
		.select({ id: orders.id })
		.from(orders)
		.where(
			and(
				eq(orders.status, 'PAID'),
				inArray(orders.receiptStatus, ['pending', 'failed', 'sending']),
				or(
					and(eq(orders.receiptStatus, 'pending'), lte(orders.paidAt, ago(PENDING_GRACE_MS))),
					and(eq(orders.receiptStatus, 'failed'), lt(orders.receiptAttempts, MAX_RECEIPT_ATTEMPTS), lte(orders.receiptAttemptedAt, ago(RETRY_FAILED_AFTER_MS))),
					and(eq(orders.receiptStatus, 'sending'), lte(orders.receiptAttemptedAt, ago(STALE_SENDING_MS)))
				)
			)
		)
		.orderBy(asc(orders.paidAt))
		.limit(JOB_BATCH);
	let sent = 0;
	for (const { id } of due) if ((await deliverReceipt(id)) !== null) sent++;
	return sent;
}
