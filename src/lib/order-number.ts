/** How an order's number reads on pages, receipts and mails: `DH` (đơn hàng) and the sequence number. */
export function formatOrderNumber(orderNumber: number): string {
	return `DH${orderNumber}`;
}
