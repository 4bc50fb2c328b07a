import { router } from './init';
import { accountPagesRouter } from './routers/account-pages';
import { adminRouter } from './routers/admin';
import { authorsRouter } from './routers/authors';
import { authRouter } from './routers/auth';
import { catalogRouter } from './routers/catalog';
import { checkoutRouter } from './routers/checkout';
import { checkoutTestingRouter } from './routers/checkout-testing';
import { downloadsRouter } from './routers/downloads';
import { giftcodeRouter } from './routers/giftcode';
import { moneyTestingRouter } from './routers/money-testing';
import { musicRouter } from './routers/music';
import { searchRouter } from './routers/search';
import { storefrontRouter } from './routers/storefront';
import { studioRouter } from './routers/studio';
import { systemRouter } from './routers/system';
import { testingRouter } from './routers/testing';
import { topupRouter } from './routers/topup';
import { walletRouter } from './routers/wallet';

export const appRouter = router({
	accountPages: accountPagesRouter,
	auth: authRouter,
	catalog: catalogRouter,
	search: searchRouter,
	storefront: storefrontRouter,
	system: systemRouter,
	music: musicRouter,
	testing: testingRouter,
	wallet: walletRouter,
	topup: topupRouter,
	giftcode: giftcodeRouter,
	moneyTesting: moneyTestingRouter,
	checkout: checkoutRouter,
	downloads: downloadsRouter,
	checkoutTesting: checkoutTestingRouter,
	admin: adminRouter,
	studio: studioRouter,
	authors: authorsRouter
});

export type AppRouter = typeof appRouter;
