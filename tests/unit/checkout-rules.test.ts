import { afterEach, describe, expect, it } from 'vitest';
import { grantsOrderAccess, issueOrderAccess, orderAccessCookieName } from '../../src/lib/server/checkout/order-access';
import { parseIdempotencyKey, requestHash } from '../../src/lib/server/payments/idempotency';
import { receiptMail } from '../../src/lib/server/checkout/receipt-mail';
import { issueDownloadToken, readDownloadToken } from '../../src/lib/server/downloads/tokens';
import { productFileName } from '../../src/lib/server/downloads/file-name';
import { advanceClock, resetClock } from '../../src/lib/server/platform/clock';
import { sign, signJson } from '../../src/lib/server/platform/signing';

afterEach(() => resetClock());

const d = (iso: string) => new Date(iso);
const ORDER = '3f0c9b7e-1111-4000-8000-000000000000';
const OTHER = '3f0c9b7e-2222-4000-8000-000000000000';
const PRODUCT = '0b6f5c1e-3333-4000-8000-000000000000';
const USER = '9a1d2e3f-4444-4000-8000-000000000000';

describe('order-access cookies', () => {
	it('are named after the order and authorise only that order, until they expire', () => {
		const access = issueOrderAccess(ORDER);
		expect(access.name).toBe(orderAccessCookieName(ORDER));
		expect(access.name).toBe(`order_access_${ORDER}`);
		expect(access.maxAgeSeconds).toBe(24 * 3600);
		expect(grantsOrderAccess(ORDER, access.value)).toBe(true);
		expect(grantsOrderAccess(OTHER, access.value)).toBe(false);
		expect(grantsOrderAccess(ORDER, undefined)).toBe(false);
		expect(grantsOrderAccess(ORDER, access.value.slice(0, -2) + 'xx')).toBe(false);
		// The same text signed for another purpose is not an access cookie.
		const payload = access.value.slice(0, access.value.lastIndexOf('.'));
		expect(grantsOrderAccess(ORDER, sign('cursor', payload))).toBe(false);
		advanceClock(24 * 3600 * 1000 + 1000);
		expect(grantsOrderAccess(ORDER, access.value)).toBe(false);
	});
});

describe('download tokens', () => {
	it('carry one product and one entitlement, and fit the 512-character limit', () => {
		const byOrder = issueDownloadToken({ productId: PRODUCT, orderId: ORDER });
		const byUser = issueDownloadToken({ productId: PRODUCT, userId: USER });
		expect(readDownloadToken(byOrder.token)).toEqual({ productId: PRODUCT, orderId: ORDER });
		expect(readDownloadToken(byUser.token)).toEqual({ productId: PRODUCT, userId: USER });
		expect(byOrder.token.length).toBeLessThan(512);
		expect(byOrder.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
		expect(byOrder.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 3600 * 1000);
	});

	it('are refused when tampered with, expired, signed for another purpose or malformed inside', () => {
		const { token } = issueDownloadToken({ productId: PRODUCT, orderId: ORDER }, 60_000);
		const [payload, signature] = token.split('.') as [string, string];
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
		expect(readDownloadToken(`${Buffer.from(JSON.stringify({ ...claims, p: OTHER })).toString('base64url')}.${signature}`)).toBeNull();
		expect(readDownloadToken(`${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
		expect(readDownloadToken(signJson('order-access', claims))).toBeNull();
		expect(readDownloadToken(signJson('download-token', { ...claims, u: USER }))).toBeNull(); // both entitlements
		expect(readDownloadToken(signJson('download-token', { ...claims, p: 'not-a-uuid' }))).toBeNull();
		expect(readDownloadToken(signJson('download-token', { ...claims, v: 2 }))).toBeNull();
		expect(readDownloadToken('garbage')).toBeNull();
		expect(readDownloadToken(token)).not.toBeNull();
		advanceClock(60_000);
		expect(readDownloadToken(token)).toBeNull();
	});
});

describe('idempotency keys', () => {
	it('hash the request independently of key order and absent fields', () => {
		expect(requestHash({ a: 1, b: { y: 2, x: 1 }, c: undefined })).toBe(requestHash({ b: { x: 1, y: 2 }, a: 1 }));
		expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
	});

	it('accept 1–255 printable ASCII characters', () => {
		expect(parseIdempotencyKey(null)).toBeUndefined();
		expect(parseIdempotencyKey('0b6f5c1e-3333-4000-8000-000000000000')).toBe('0b6f5c1e-3333-4000-8000-000000000000');
		for (const bad of ['', 'has space', 'k'.repeat(256), 'dấu']) expect(() => parseIdempotencyKey(bad)).toThrow();
	});
});

describe('receipt email', () => {
	const details = {
		to: 'co.lan@truong.edu.vn',
		buyerName: 'Cô Lan',
		orderNumber: 'DH100042',
		productTitle: 'Giáo án <Toán> lớp 1',
		priceVnd: 50_000n,
		promoDiscountVnd: 5_000n,
		promoCode: 'GIAOVIEN10',
		amountVnd: 45_000n,
		paymentMethod: 'qr_direct' as const,
		paymentRef: 'HL7K2MQX9A',
		paidAt: d('2026-01-15T08:33:10Z'),
		downloadUrl: 'https://hoclieu.vn/tai-ve?token=abc.def',
		downloadExpiresAt: d('2026-01-18T08:33:10Z'),
		receiptUrl: `https://hoclieu.vn/thanh-toan/${ORDER}/phieu-thu?ma=x.y`
	};

	it('says in Vietnamese what was bought, for how much, and links the download', () => {
		const mail = receiptMail(details);
		expect(mail).toMatchObject({ kind: 'order_receipt', to: 'co.lan@truong.edu.vn', subject: 'Biên nhận đơn hàng hoclieu: Giáo án <Toán> lớp 1' });
		for (const part of ['Xin chào Cô Lan,', 'Giá: 50.000 ₫', 'Giảm giá (mã GIAOVIEN10): −5.000 ₫', 'Thành tiền: 45.000 ₫', 'Mã thanh toán: HL7K2MQX9A', 'Chuyển khoản ngân hàng (VietQR)', 'https://hoclieu.vn/tai-ve?token=abc.def', '15:33', 'Mã đơn hàng: DH100042', `Phiếu thu (PDF)`, `https://hoclieu.vn/thanh-toan/${ORDER}/phieu-thu?ma=x.y`]) {
			expect(mail.text).toContain(part);
		}
		expect(mail.html).toContain('Giáo án &#60;Toán&#62; lớp 1');
		expect(mail.html).not.toContain('<Toán>');
		expect(mail.html).toContain('href="https://hoclieu.vn/tai-ve?token=abc.def"');
	});

	it('leaves out the discount and reference lines when there are none', () => {
		const mail = receiptMail({ ...details, buyerName: null, promoDiscountVnd: 0n, promoCode: null, amountVnd: 0n, priceVnd: 0n, paymentRef: null, paymentMethod: 'free_claim' });
		expect(mail.text).toContain('Xin chào quý thầy cô,');
		expect(mail.text).toContain('đã được xác nhận');
		expect(mail.text).not.toContain('Giảm giá');
		expect(mail.text).not.toContain('Mã thanh toán');
		expect(mail.text).toContain('Nhận miễn phí');
	});
});

describe('download file names', () => {
	it('use the product\'s file name, else its title with the stored extension', () => {
		expect(productFileName({ title: 'Bài hát', fileName: 'Bài hát Quê hương.mp3', fileKey: 'products/x/a.mp3' })).toBe('Bài hát Quê hương.mp3');
		expect(productFileName({ title: 'Giáo án', fileName: null, fileKey: 'products/x/giao-an.pdf' })).toBe('Giáo án.pdf');
		expect(productFileName({ title: 'Giáo án', fileName: null, fileKey: 'products/x/noext' })).toBe('Giáo án');
	});
});
