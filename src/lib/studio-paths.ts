/** URLs of the author studio and the staff product pages (issue #16), beside `paths` in ./paths.ts. */
export const studioPaths = {
	studio: '/tac-gia',
	apply: '/tac-gia/dang-ky',
	newProduct: '/tac-gia/san-pham/moi',
	product: (id: string) => `/tac-gia/san-pham/${id}`,
	/** Sales, earnings and the monthly statement (`?thang=YYYY-MM`). */
	earnings: '/tac-gia/thu-nhap',
	/** The studio's payout-account form. */
	payoutDetails: '/tac-gia#tai-khoan-nhan-tien',
	author: (id: string) => `/tac-gia/${id}`,
	adminReviews: '/quan-tri/duyet',
	adminProducts: (q?: string) => (q ? `/quan-tri/san-pham?q=${encodeURIComponent(q)}` : '/quan-tri/san-pham'),
	adminProduct: (id: string) => `/quan-tri/san-pham/${id}`
} as const;
