const paths = {
  home: "/",
  category: (path) => path ? `/danh-muc/${path}` : "/danh-muc",
  product: (fullPath) => `/san-pham/${fullPath}`,
  search: (q) => q ? `/tim-kiem?q=${encodeURIComponent(q)}` : "/tim-kiem",
  checkout: (orderId) => `/thanh-toan/${orderId}`,
  orders: "/don-hang",
  /** Where a download token (receipt email, paid order) is exchanged for the file. */
  download: (token) => `/tai-ve?token=${encodeURIComponent(token)}`,
  wallet: "/vi",
  music: "/am-nhac",
  signIn: "/dang-nhap",
  signUp: "/dang-ky",
  forgotPassword: "/quen-mat-khau",
  resetPassword: "/dat-lai-mat-khau",
  signOut: "/dang-xuat",
  developers: "/developers",
  apiDocs: "/api-docs"
};
const privatePaths = ["/thanh-toan/", "/don-hang", "/tai-ve", "/vi", "/am-nhac", "/dang-nhap", "/dang-ky", "/quen-mat-khau", "/dat-lai-mat-khau", "/dang-xuat"];

export { privatePaths as a, paths as p };
//# sourceMappingURL=paths.js-xLTGA48h.js.map
