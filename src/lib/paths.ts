/**
 * Storefront URLs, in one place: pages, links, robots.txt and the sitemap all
 * build them here so a rename cannot leave a dead link behind.
 */
export const paths = {
	home: '/',
	category: (path: string) => (path ? `/danh-muc/${path}` : '/danh-muc'),
	product: (fullPath: string) => `/san-pham/${fullPath}`,
	search: (q?: string) => (q ? `/tim-kiem?q=${encodeURIComponent(q)}` : '/tim-kiem'),
	checkout: (orderId: string) => `/thanh-toan/${orderId}`,
	/** The receipt PDF of a paid order (`?truong=&mst=` add the school, `?ma=` is the mail's receipt link). */
	receipt: (orderId: string) => `/thanh-toan/${orderId}/phieu-thu`,
	orders: '/don-hang',
	/** "Giỏ hàng": the cart, paid at once. */
	cart: '/gio-hang',
	/** A cart checkout: its one QR while pending, then its orders. */
	cartCheckout: (id: string) => `/gio-hang/thanh-toan/${id}`,
	/** "Thư viện của tôi": everything the account owns (`?q=` searches it). */
	library: '/thu-vien',
	/** "Yêu thích": products saved for later. */
	wishlist: '/yeu-thich',
	/** Report a product (takedown notice, theft, content). */
	report: (productId: string) => `/bao-cao/${productId}`,
	adminReports: '/quan-tri/bao-cao',
	/** Buyer reviews for staff (reported, hidden, all); not the editorial approval queue (/quan-tri/duyet). */
	adminBuyerReviews: '/quan-tri/danh-gia',
	adminPricing: '/quan-tri/khuyen-mai',
	adminReport: (id: string) => `/quan-tri/bao-cao/${id}`,
	/** Where a download token (receipt email, paid order) is exchanged for the file. */
	download: (token: string) => `/tai-ve?token=${encodeURIComponent(token)}`,
	/** "Tài khoản": profile, password, devices, data export, deletion. */
	account: '/tai-khoan',
	/** Where a sign-in that dropped an unproven password lands: why, and "Đặt mật khẩu" (`next`: where the person was going). */
	passwordDropped: (next?: string | null) => withQuery('/tai-khoan', { 'mat-khau-da-go': '1', tiep: next }) + '#mat-khau',
	/** The JSON download of the account's data. */
	accountData: '/tai-khoan/du-lieu',
	accountDeleted: '/tai-khoan/da-xoa',
	/** "Hỗ trợ": the support form. */
	support: '/ho-tro',
	adminSupport: '/quan-tri/ho-tro',
	adminSupportTicket: (id: string) => `/quan-tri/ho-tro/${id}`,
	wallet: '/vi',
	/** "Thông báo": the signed-in person's notifications. */
	notifications: '/thong-bao',
	/** "Tin nhắn": the signed-in person's conversations; `?c=` opens one. */
	messages: '/tin-nhan',
	conversation: (id: string) => `/tin-nhan?c=${id}`,
	/** "Hỏi tác giả" about a product (signed out: sign in first, then back here). */
	ask: (productId: string) => `/tin-nhan/hoi?sp=${productId}`,
	/** Reported conversations, for staff. */
	adminConversations: '/quan-tri/tin-nhan',
	adminConversation: (id: string) => `/quan-tri/tin-nhan/${id}`,
	music: '/am-nhac',
	signIn: '/dang-nhap',
	signUp: '/dang-ky',
	forgotPassword: '/quen-mat-khau',
	resetPassword: '/dat-lai-mat-khau',
	signOut: '/dang-xuat',
	admin: '/quan-tri',
	adminUsers: (q?: string) => (q ? `/quan-tri/nguoi-dung?q=${encodeURIComponent(q)}` : '/quan-tri/nguoi-dung'),
	adminUser: (id: string) => `/quan-tri/nguoi-dung/${id}`,
	adminAudit: '/quan-tri/nhat-ky',
	adminOrders: '/quan-tri/don-hang',
	adminOrder: (id: string) => `/quan-tri/don-hang/${id}`,
	adminTransfers: '/quan-tri/chuyen-khoan',
	adminPayouts: (month?: string) => (month ? `/quan-tri/chi-tra?thang=${month}` : '/quan-tri/chi-tra'),
	developers: '/developers',
	apiDocs: '/api-docs'
} as const;

/** The sign-in page, which brings the visitor back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
	return `${paths.signIn}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The sign-up page, which also brings the visitor back to `returnTo`. */
export function signUpPath(returnTo: string): string {
	return `${paths.signUp}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** `path` with the given query parameters in order, leaving out empty ones; just `path` when none is left. */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
	const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
	return query.size ? `${path}?${query}` : path;
}

/** Private storefront areas crawlers should not index. */
export const privatePaths = ['/thanh-toan/', '/don-hang', '/tai-ve', '/vi', '/am-nhac', '/dang-nhap', '/dang-ky', '/quen-mat-khau', '/dat-lai-mat-khau', '/dang-xuat', '/quan-tri', '/thu-vien', '/yeu-thich', '/gio-hang', '/bao-cao', '/tai-khoan', '/tin-nhan'];
