// Every aggregate's tables, re-exported for drizzle's schema object and drizzle-kit.
export * from './users';
export * from './catalog';
export * from './music';
export * from './wallet';
export * from './payments';
export * from './promos';
export * from './topup';
export * from './giftcodes';
export * from './orders';
export * from './audit';
export * from './uploads';
export * from './studio';
export * from './previews';
export * from './payouts';
export * from './wishlist';
export * from './reports';
export * from './support';
