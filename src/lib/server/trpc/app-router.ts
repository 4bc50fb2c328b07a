import { router } from './init';
import { accountRouter } from './routers/account';
import { accountPagesRouter } from './routers/account-pages';
import { adminRouter } from './routers/admin';
import { authorsRouter } from './routers/authors';
import { authRouter } from './routers/auth';
import { bundlesRouter } from './routers/bundles';
import { cartRouter } from './routers/cart';
import { catalogRouter } from './routers/catalog';
import { checkoutRouter } from './routers/checkout';
import { conversationsRouter } from './routers/conversations';
import { downloadsRouter } from './routers/downloads';
import { eventsRouter } from './routers/events';
import { giftcodeRouter } from './routers/giftcode';
import { musicRouter } from './routers/music';
import { notificationsRouter } from './routers/notifications';
import { reportsRouter } from './routers/reports';
import { reviewsRouter } from './routers/reviews';
import { searchRouter } from './routers/search';
import { storefrontRouter } from './routers/storefront';
import { supportRouter } from './routers/support';
import { studioRouter } from './routers/studio';
import { systemRouter } from './routers/system';
import { topupRouter } from './routers/topup';
import { walletRouter } from './routers/wallet';
import { wishlistRouter } from './routers/wishlist';
import { TEST_BUILD } from '../test-build';
import { replaceOutputChecks } from './output-checks';

// Only a test build imports the test routers; in a production build the branch is
// dead and Rollup emits neither it nor the modules behind it.
const testRouters: Record<never, never> = TEST_BUILD ? (await import('./test-routers')).testRouters : {};

export const appRouter = replaceOutputChecks(router({
	account: accountRouter,
	accountPages: accountPagesRouter,
	auth: authRouter,
	catalog: catalogRouter,
	bundles: bundlesRouter,
	search: searchRouter,
	storefront: storefrontRouter,
	system: systemRouter,
	music: musicRouter,
	wallet: walletRouter,
	topup: topupRouter,
	giftcode: giftcodeRouter,
	checkout: checkoutRouter,
	cart: cartRouter,
	downloads: downloadsRouter,
	admin: adminRouter,
	studio: studioRouter,
	authors: authorsRouter,
	reports: reportsRouter,
	wishlist: wishlistRouter,
	reviews: reviewsRouter,
	support: supportRouter,
	notifications: notificationsRouter,
	conversations: conversationsRouter,
	events: eventsRouter,
	...testRouters
}));

export type AppRouter = typeof appRouter;
