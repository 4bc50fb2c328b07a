/**
 * Staff money operations (/api/v1/admin/orders, /transfers, wallet
 * adjustments; issue #16): inputs and outputs. Client-safe, so the console's
 * forms validate with the same schemas.
 */
import { z } from 'zod';
import { orderStatuses, paymentMethods } from './checkout';
import { MoneyVnd, pageFields } from './money';

const Cursor = z.string().min(1).max(512).optional();
const PageSize = z.number().int().min(1).max(100).default(20);
const OrderId = z.uuid({ error: 'Mã đơn hàng phải là một UUID.' });
const TransferId = z.uuid({ error: 'Mã giao dịch không hợp lệ.' });
const UserId = z.uuid({ error: 'Mã tài khoản không hợp lệ.' });

/** Every staff money movement must say why; the reason goes to the audit log (and the refund row). */
export const MIN_REASON_LENGTH = 10;
export const MoneyReason = z
	.string({ error: 'Vui lòng nhập lý do.' })
	.trim()
	.min(MIN_REASON_LENGTH, `Lý do cần ít nhất ${MIN_REASON_LENGTH} ký tự.`)
	.max(500, 'Lý do tối đa 500 ký tự.');

/** A positive whole number of VND; a string so it never passes through a float. */
export const PositiveVnd = z
	.string({ error: 'Vui lòng nhập số tiền.' })
	.trim()
	.regex(/^[0-9]{1,15}$/, 'Số tiền phải là số nguyên đồng (không dấu chấm, không dấu phẩy).')
	// Runs even after the pattern failed (zod 4 keeps checking), so only digits reach BigInt.
	.refine((v) => !/^[0-9]+$/.test(v) || BigInt(v) > 0n, 'Số tiền phải lớn hơn 0.')
	.meta({ description: 'Whole VND as a decimal string, > 0', example: '50000' });

export const AdminOrderSearch = z.object({
	q: z
		.string()
		.trim()
		.max(200, 'Từ khoá tối đa 200 ký tự.')
		.optional()
		.describe('Order id, payment reference (HL…), buyer email (fragment) or the bank\'s transaction reference/id of a transfer that paid it; empty lists the newest orders'),
	status: z.enum(orderStatuses).optional(),
	cursor: Cursor,
	pageSize: PageSize
});
export type AdminOrderSearch = z.infer<typeof AdminOrderSearch>;

export const AdminOrderSummary = z.object({
	id: z.uuid(),
	/** As on the buyer's receipt (`DH100042`). */
	orderNumber: z.string(),
	status: z.enum(orderStatuses),
	paymentMethod: z.enum(paymentMethods),
	amountVnd: MoneyVnd,
	paymentRef: z.string().nullable(),
	/** The account that bought it; null for a guest order. */
	buyerId: z.uuid().nullable(),
	/** The account's email, or the guest's. */
	buyerEmail: z.string().nullable(),
	/** The account's name, as staff greet the buyer; null for a guest or an account without one. */
	buyerName: z.string().nullable(),
	productId: z.uuid(),
	productTitle: z.string(),
	createdAt: z.iso.datetime(),
	paidAt: z.iso.datetime().nullable(),
	/** Set once staff refunded the order; its status stays PAID. */
	refundedAt: z.iso.datetime().nullable()
}).meta({ id: 'AdminOrderSummary' });
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrderPage = z.object({ items: z.array(AdminOrderSummary), ...pageFields });
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;

export const AdminRefund = z.object({
	amountVnd: MoneyVnd,
	reason: z.string(),
	refundedBy: z.uuid(),
	refundedByEmail: z.string().nullable(),
	createdAt: z.iso.datetime()
});

export const AdminOrderTransfer = z.object({
	id: z.uuid(),
	amountVnd: MoneyVnd,
	matchStatus: z.string(),
	bankReference: z.string().nullable(),
	receivedAt: z.iso.datetime()
});

export const AdminOrderDetail = AdminOrderSummary.extend({
	priceVnd: MoneyVnd,
	promoDiscountVnd: MoneyVnd,
	promoCode: z.string().nullable(),
	expiresAt: z.iso.datetime().nullable(),
	/** Whether the buyer's account owns the product right now (gone after a refund). */
	buyerOwnsProduct: z.boolean(),
	refund: AdminRefund.nullable(),
	/** Bank transfers that reached this order's payment reference. */
	transfers: z.array(AdminOrderTransfer)
}).meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AdminOrderRef = z.object({ id: OrderId });

export const RefundOrderInput = z.object({
	id: OrderId,
	reason: MoneyReason.describe('Why the order is refunded (audit log and refund record). Ignored when the order was already refunded.')
});

export const UnmatchedTransfer = z.object({
	id: z.uuid(),
	providerTxnId: z.string(),
	amountVnd: MoneyVnd,
	/** `unmatched`, `underpaid`, `late`, `duplicate_payment`, `overpaid` (guest orders) or `error`. */
	matchStatus: z.string(),
	content: z.string(),
	bankReference: z.string().nullable(),
	note: z.string().nullable(),
	receivedAt: z.iso.datetime()
});
export type UnmatchedTransfer = z.infer<typeof UnmatchedTransfer>;

export const UnmatchedTransferList = z.object({ items: z.array(UnmatchedTransfer), ...pageFields });
export type UnmatchedTransferList = z.infer<typeof UnmatchedTransferList>;

export const AssignTransferInput = z.object({
	id: TransferId,
	orderId: OrderId.describe('A PENDING or EXPIRED order paid by bank transfer or cash'),
	reason: MoneyReason
});

/** Staff type whatever they have: the order number, the payment reference or the buyer's email. */
export const OrderKey = z
	.string({ error: 'Nhập số đơn (DH…), mã thanh toán (HL…) hoặc email người mua.' })
	.trim()
	.min(1, 'Nhập số đơn (DH…), mã thanh toán (HL…) hoặc email người mua.')
	.max(200, 'Tối đa 200 ký tự.');

export const OpenOrdersQuery = z.object({
	q: OrderKey.describe('Order number (DH100042 or 100042), payment reference (HL…), order id, or the buyer\'s email (exact, account or guest)')
});

export const OpenOrderMatches = z.object({
	/** The key was an email: the list is that person's open orders, to pick from. */
	byEmail: z.boolean(),
	items: z.array(AdminOrderSummary),
	...pageFields
});
export type OpenOrderMatches = z.infer<typeof OpenOrderMatches>;

/**
 * The console's assign form: the order by key, or (after an email listed a
 * person's orders) the picked order's id.
 */
export const AssignTransferForm = z.object({
	id: TransferId,
	order: OrderKey,
	orderId: OrderId.optional(),
	reason: MoneyReason
});

/** The console's credit form: the account by email (or its id). */
export const CreditTransferForm = z.object({
	id: TransferId,
	account: z
		.string({ error: 'Nhập email (hoặc mã) của tài khoản nhận tiền.' })
		.trim()
		.min(1, 'Nhập email (hoặc mã) của tài khoản nhận tiền.')
		.max(320, 'Tối đa 320 ký tự.'),
	reason: MoneyReason
});

export const CreditTransferInput = z.object({
	id: TransferId,
	userId: UserId.describe('The account whose main pocket receives the whole transfer'),
	reason: MoneyReason
});

export const TransferResolution = z.object({
	transferId: z.uuid(),
	/** `assigned`: it paid the order; `credited`: it went to the account's wallet. */
	outcome: z.enum(['assigned', 'credited']),
	orderId: z.uuid().nullable(),
	userId: z.uuid().nullable(),
	/** What went to a wallet: the whole transfer (credited) or the excess over the order (assigned). */
	creditedVnd: MoneyVnd,
	note: z.string()
});
export type TransferResolution = z.infer<typeof TransferResolution>;

export const walletAdjustDirections = ['credit', 'debit'] as const;
export const walletAdjustPockets = ['main', 'bonus'] as const;

export const WalletAdjustmentInput = z.object({
	id: UserId,
	direction: z.enum(walletAdjustDirections, { error: 'Chọn cộng hoặc trừ.' }),
	pocket: z.enum(walletAdjustPockets, { error: 'Chọn ví chính hoặc ví khuyến mãi.' }).default('main'),
	amountVnd: PositiveVnd,
	reason: MoneyReason
});
export type WalletAdjustmentInput = z.infer<typeof WalletAdjustmentInput>;

const Pockets = z.object({ main: MoneyVnd, bonus: MoneyVnd, total: MoneyVnd });

export const WalletAdjustment = z.object({
	userId: z.uuid(),
	/** The ledger's refId of the ADJUSTMENT entry (refType `admin_adjustment`). */
	adjustmentId: z.uuid(),
	direction: z.enum(walletAdjustDirections),
	pocket: z.enum(walletAdjustPockets),
	amountVnd: MoneyVnd,
	before: Pockets,
	after: Pockets
});
export type WalletAdjustment = z.infer<typeof WalletAdjustment>;
