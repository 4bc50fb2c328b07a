const scopes = {
  "catalog:read": "anonymous GETs: product detail, category listings, search, top-up denominations",
  "orders:read": "session-gated order listing and polling",
  "orders:write": "order creation (checkout)",
  "topup:read": "top-up order polling",
  "topup:write": "top-up order creation",
  "wallet:read": "wallet balance and ledger",
  "promos:validate": "promo validation for checkout and top-up",
  "giftcodes:redeem": "gift-code redemption",
  "media:download": "music quota and download, token downloads"
};
const scopeNames = Object.keys(scopes);

export { scopes as a, scopeNames as s };
//# sourceMappingURL=scopes.js-mtAS5-nC.js.map
